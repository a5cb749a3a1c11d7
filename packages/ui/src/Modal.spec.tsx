import { useState, type ReactNode } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ThemeRoot } from './ThemeRoot';
import { Modal, ModalContent, ModalOverlay, ModalTitle } from './Modal';
import { Toaster } from './Toaster';
import { TOAST_VIEWPORT_LABEL, type ToastItem } from './toastRegion';

function Dialog({ name, onClose, children }: { name: string; onClose: () => void; children?: ReactNode }) {
  return (
    <Modal onClose={onClose}>
      <ModalOverlay />
      <ModalContent>
        <ModalTitle>{name}</ModalTitle>
        <button type="button">{`${name} first`}</button>
        {children}
        <button type="button">{`${name} last`}</button>
      </ModalContent>
    </Modal>
  );
}

/** A drawer with a viewer that opens over it (as the studio's results drawer does), and the toasts. */
function Page({ toasts = [], onDismiss = () => undefined }: { toasts?: ToastItem[]; onDismiss?: (id: string) => void }) {
  const [drawer, setDrawer] = useState(false);
  const [viewer, setViewer] = useState(false);
  return (
    <ThemeRoot>
      <button type="button" onClick={() => setDrawer(true)}>Open drawer</button>
      <p>a tool behind</p>
      {drawer && (
        <Dialog name="Drawer" onClose={() => setDrawer(false)}>
          <button type="button" onClick={() => setViewer(true)}>Open viewer</button>
        </Dialog>
      )}
      {viewer && <Dialog name="Viewer" onClose={() => setViewer(false)} />}
      <Toaster toasts={toasts} onDismiss={onDismiss} />
    </ThemeRoot>
  );
}

const button = (name: string) => screen.getByRole('button', { name });
const focused = () => document.activeElement;
const press = (key: string, target: Element | null = focused()) => fireEvent.keyDown(target ?? document.body, { key, code: key });

function openDrawer() {
  button('Open drawer').focus();
  fireEvent.click(button('Open drawer'));
}

function openViewer() {
  button('Open viewer').focus();
  fireEvent.click(button('Open viewer'));
}

describe('Modal', () => {
  it('stacks: the viewer over the drawer owns Tab, Escape closes the top one, focus returns layer by layer', async () => {
    render(<Page />);
    openDrawer();
    expect(focused()).toBe(button('Drawer first'));
    openViewer();
    expect(focused()).toBe(button('Viewer first'));
    // the drawer under the viewer is hidden like the rest of the page
    expect(screen.queryByRole('dialog', { name: 'Drawer' })).toBeNull();
    expect(screen.getByText('Drawer first').closest('[aria-hidden="true"]')).not.toBeNull();

    press('Tab', button('Viewer last'));
    expect(focused()).toBe(button('Viewer first'));
    press('Tab', button('Viewer first'));
    // not at an edge: the browser moves on (jsdom does not), the trap leaves it alone
    expect(focused()).toBe(button('Viewer first'));

    press('Escape');
    expect(screen.queryByRole('dialog', { name: 'Viewer' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Drawer' })).toBeTruthy();
    await waitFor(() => expect(focused()).toBe(button('Open viewer')));

    press('Escape');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(focused()).toBe(button('Open drawer')));
  });

  it('an Escape it takes goes no further (a tool behind does not also cancel)', () => {
    const behind = jest.fn();
    window.addEventListener('keydown', behind);
    render(<Page />);
    openDrawer();
    press('Escape');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(behind).not.toHaveBeenCalled();
    window.removeEventListener('keydown', behind);
  });
});

describe('Modal with toasts', () => {
  const region = () => screen.getByRole('region', { name: TOAST_VIEWPORT_LABEL });
  const toast: ToastItem = { id: 't1', title: 'Download failed', description: 'The image could not be downloaded.', variant: 'destructive', open: true };

  it('keeps the toast region readable while the rest of the page is hidden, also for a toast shown after it opened', () => {
    const { rerender } = render(<Page />);
    openDrawer();
    expect(screen.getByText('a tool behind').closest('[aria-hidden="true"]')).not.toBeNull();
    expect(region().closest('[aria-hidden="true"]')).toBeNull();
    rerender(<Page toasts={[toast]} />);
    expect(screen.getByRole('alert').textContent).toContain('Download failed');
  });

  it('F8 moves focus to the toasts from inside the drawer and the trap lets it stay there', () => {
    render(<Page toasts={[toast]} />);
    openDrawer();
    press('F8');
    expect(region().contains(focused())).toBe(true);
    within(region()).getByRole('button', { name: 'Close' }).focus();
    expect(region().contains(focused())).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Drawer' })).toBeTruthy();
  });

  it('F8 also works for a toast shown after the viewer opened', () => {
    const { rerender } = render(<Page />);
    openDrawer();
    openViewer();
    rerender(<Page toasts={[toast]} />);
    press('F8');
    expect(region().contains(focused())).toBe(true);
  });

  it('an Escape inside a toast dismisses the toast and leaves the drawer open; the next one closes the drawer, focus back on its opener', async () => {
    const onDismiss = jest.fn();
    const { rerender } = render(<Page toasts={[toast]} onDismiss={onDismiss} />);
    openDrawer();
    const close = within(region()).getByRole('button', { name: 'Close' });
    close.focus();
    press('Escape', close);
    expect(onDismiss).toHaveBeenCalledWith('t1');
    expect(screen.getByRole('dialog', { name: 'Drawer' })).toBeTruthy();
    rerender(<Page toasts={[{ ...toast, open: false }]} onDismiss={onDismiss} />);
    // Radix leaves focus on the emptied region; Escape there is the drawer's
    expect(region().contains(focused())).toBe(true);
    press('Escape');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(focused()).toBe(button('Open drawer')));
  });

  it('a click on a toast does not close the drawer under it', async () => {
    const onDismiss = jest.fn();
    render(<Page toasts={[toast]} onDismiss={onDismiss} />);
    openDrawer();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const close = within(region()).getByRole('button', { name: 'Close' });
    fireEvent.pointerDown(close, { button: 0 });
    fireEvent.click(close);
    expect(onDismiss).toHaveBeenCalledWith('t1');
    expect(screen.getByRole('dialog', { name: 'Drawer' })).toBeTruthy();
  });

  it('Escape in the drawer still closes it while a toast shown after it opened is on screen', () => {
    const onDismiss = jest.fn();
    const { rerender } = render(<Page onDismiss={onDismiss} />);
    openDrawer();
    rerender(<Page toasts={[toast]} onDismiss={onDismiss} />);
    expect(screen.getByRole('alert')).toBeTruthy();
    press('Escape');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onDismiss).not.toHaveBeenCalled();
  });
});
