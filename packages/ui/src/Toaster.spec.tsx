import { act, fireEvent, render, screen } from '@testing-library/react';
import { TOAST_DURATION_MS } from '@vton/contracts';
import { ThemeRoot } from './ThemeRoot';
import { Toaster } from './Toaster';
import { TOAST_VIEWPORT_LABEL, type ToastItem } from './toastRegion';

function renderToaster(toasts: ToastItem[]) {
  const onDismiss = jest.fn();
  render(
    <ThemeRoot>
      <button type="button">elsewhere</button>
      <Toaster toasts={toasts} onDismiss={onDismiss} />
    </ThemeRoot>,
  );
  return onDismiss;
}

describe('Toaster', () => {
  // jsdom has no pointer capture, which Radix's swipe uses; a browser does.
  beforeAll(() => {
    const captured = new Set<number>();
    Object.assign(HTMLElement.prototype, {
      setPointerCapture: (id: number) => captured.add(id),
      hasPointerCapture: (id: number) => captured.has(id),
      releasePointerCapture: (id: number) => captured.delete(id),
    });
  });
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows open toasts with title and description, and hides dismissed ones', () => {
    renderToaster([
      { id: '2', title: 'Image deleted', description: 'Generated image has been removed from your gallery.', open: true },
      { id: '1', title: 'Old one', open: false },
    ]);
    expect(screen.getByRole('status').textContent).toContain('Image deleted');
    expect(screen.queryByText('Old one')).toBeNull();
  });

  it('announces destructive toasts as alerts', () => {
    renderToaster([{ id: '1', title: 'Delete failed', variant: 'destructive', open: true }]);
    expect(screen.getByRole('alert').textContent).toContain('Delete failed');
  });

  it('dismisses a toast after the display duration', () => {
    const onDismiss = renderToaster([{ id: '7', title: 'Saved', open: true }]);
    act(() => jest.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onDismiss).toHaveBeenCalledWith('7');
  });

  it('dismisses on a swipe right past 50 px but not on a short one', () => {
    const onDismiss = renderToaster([{ id: '3', title: 'Swipe me', open: true }]);
    const card = screen.getByRole('status');
    fireEvent.pointerDown(card, { clientX: 100, pointerId: 1, button: 0 });
    fireEvent.pointerMove(card, { clientX: 140, pointerId: 1 });
    fireEvent.pointerUp(card, { clientX: 140, pointerId: 1 });
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.pointerDown(card, { clientX: 100, pointerId: 1, button: 0 });
    fireEvent.pointerMove(card, { clientX: 160, pointerId: 1 });
    fireEvent.pointerUp(card, { clientX: 160, pointerId: 1 });
    expect(onDismiss).toHaveBeenCalledWith('3');
  });

  it('dismisses on an Escape inside the toast, not on one meant for the page', () => {
    const onDismiss = renderToaster([{ id: '6', title: 'Escapable', open: true }]);
    screen.getByRole('button', { name: 'elsewhere' }).focus();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByRole('status'), { key: 'Escape' });
    expect(onDismiss).toHaveBeenCalledWith('6');
  });

  it('dismisses with the close button', () => {
    const onDismiss = renderToaster([{ id: '4', title: 'Closable', open: true }]);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onDismiss).toHaveBeenCalledWith('4');
  });

  it('moves focus to the viewport on F8', () => {
    renderToaster([{ id: '5', title: 'Focus', open: true }]);
    screen.getByRole('button', { name: 'elsewhere' }).focus();
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    const region = screen.getByRole('region', { name: TOAST_VIEWPORT_LABEL });
    expect(region.contains(document.activeElement)).toBe(true);
    expect(document.activeElement?.tagName).toBe('OL');
  });
});
