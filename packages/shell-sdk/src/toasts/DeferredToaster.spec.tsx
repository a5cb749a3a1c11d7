import { fireEvent, render, screen } from '@testing-library/react';
import { ThemeRoot, TOAST_VIEWPORT_LABEL, type ToastItem } from '@vton/ui';
import { Modal, ModalContent, ModalOverlay, ModalTitle } from '@vton/ui/modals';
import { DeferredToaster } from './DeferredToaster';

function Page({ toasts, drawer = false }: { toasts: ToastItem[]; drawer?: boolean }) {
  return (
    <ThemeRoot>
      <div>
        <p>a tool behind</p>
        {drawer && (
          <Modal onClose={() => undefined}>
            <ModalOverlay />
            <ModalContent>
              <ModalTitle>Drawer</ModalTitle>
              <button type="button">inside</button>
            </ModalContent>
          </Modal>
        )}
        <DeferredToaster toasts={toasts} onDismiss={() => undefined} />
      </div>
    </ThemeRoot>
  );
}

const region = () => screen.getByRole('region', { name: TOAST_VIEWPORT_LABEL });
const failed: ToastItem = { id: 't1', title: 'Download failed', variant: 'destructive', open: true };

describe('DeferredToaster', () => {
  it('renders no viewport until the first toast, then shows it in the Radix viewport', async () => {
    const { rerender } = render(<Page toasts={[]} />);
    expect(screen.queryByRole('region', { name: TOAST_VIEWPORT_LABEL })).toBeNull();

    rerender(<Page toasts={[{ id: '1', title: 'Photo uploaded', open: true }]} />);
    expect((await screen.findByRole('status')).textContent).toContain('Photo uploaded');
    expect(region()).toBeTruthy();
  });

  it('keeps the viewport once loaded, so F8 still reaches it after the toasts are gone', async () => {
    const { rerender } = render(<Page toasts={[failed]} />);
    await screen.findByRole('alert');
    rerender(<Page toasts={[]} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(region()).toBeTruthy();
  });

  it('a first toast shown while a modal is open is readable over it and reached with F8', async () => {
    const { rerender } = render(<Page toasts={[]} drawer />);
    expect(screen.getByText('a tool behind').closest('[aria-hidden="true"]')).not.toBeNull();

    rerender(<Page toasts={[failed]} drawer />);
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Download failed');
    expect(toast.closest('[aria-hidden="true"]')).toBeNull();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'F8', code: 'F8' });
    expect(region().contains(document.activeElement)).toBe(true);
  });
});
