import { render, screen } from '@testing-library/react';
import { ThemeRoot, TOAST_VIEWPORT_LABEL, type ToastItem } from '@vton/ui';
import { DeferredToaster } from './DeferredToaster';

function Page({ toasts }: { toasts: ToastItem[] }) {
  return (
    <ThemeRoot>
      <DeferredToaster toasts={toasts} onDismiss={() => undefined} />
    </ThemeRoot>
  );
}

describe('DeferredToaster', () => {
  it('renders nothing until the first toast, then shows it in the Radix viewport', async () => {
    const { rerender } = render(<Page toasts={[]} />);
    expect(screen.queryByRole('region', { name: TOAST_VIEWPORT_LABEL })).toBeNull();

    rerender(<Page toasts={[{ id: '1', title: 'Photo uploaded', open: true }]} />);
    expect((await screen.findByRole('status')).textContent).toContain('Photo uploaded');
    expect(screen.getByRole('region', { name: TOAST_VIEWPORT_LABEL })).toBeTruthy();
  });

  it('keeps the viewport once loaded, so F8 still reaches it after the toasts are gone', async () => {
    const { rerender } = render(<Page toasts={[{ id: '1', title: 'Saved', open: true }]} />);
    await screen.findByRole('status');
    rerender(<Page toasts={[]} />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('region', { name: TOAST_VIEWPORT_LABEL })).toBeTruthy();
  });
});
