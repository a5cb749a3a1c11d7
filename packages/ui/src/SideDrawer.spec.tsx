import { useRef, useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ThemeRoot } from './ThemeRoot';
import { SideDrawer } from './SideDrawer';

function tab(shift = false) {
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey: shift });
}

function escape() {
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
}

function DrawerHost({ initialFocus }: { initialFocus?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <ThemeRoot>
      <button type="button" onClick={() => setOpen(true)}>Open menu</button>
      <a href="/behind">A link behind</a>
      {open && (
        <SideDrawer id="mobile-menu" label="Navigation menu" title="Menu" closeLabel="Close menu" onClose={() => setOpen(false)} initialFocus={initialFocus}>
          <nav>
            <a href="/a">First link</a>
            <a href="/b">Last link</a>
          </nav>
        </SideDrawer>
      )}
    </ThemeRoot>
  );
}

function open() {
  const opener = screen.getByRole('button', { name: 'Open menu' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

// Radix starts listening for clicks outside a tick after the dialog opens.
const nextTick = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('SideDrawer', () => {
  it('is a named modal dialog focused on its first control', () => {
    render(<DrawerHost />);
    open();
    const dialog = screen.getByRole('dialog', { name: 'Navigation menu' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.id).toBe('mobile-menu');
    expect(dialog.textContent).toContain('Menu');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close menu' }));
  });

  it('focuses the control named by initialFocus', () => {
    render(<DrawerHost initialFocus="nav a" />);
    open();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'First link' }));
  });

  it('wraps Tab and Shift+Tab inside the panel', () => {
    render(<DrawerHost />);
    open();
    const close = screen.getByRole('button', { name: 'Close menu' });
    const last = screen.getByRole('link', { name: 'Last link' });
    tab(true);
    expect(document.activeElement).toBe(last);
    tab();
    expect(document.activeElement).toBe(close);
  });

  it('makes the page behind inert: hidden from screen readers, no pointer events, focus pulled back', () => {
    render(<DrawerHost />);
    const opener = open();
    const behind = screen.getByText('A link behind');
    expect(behind.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('link', { name: 'A link behind' })).toBeNull(); // out of the accessibility tree
    expect(screen.getByRole('dialog').closest('[aria-hidden="true"]')).toBeNull();
    expect(document.body.style.pointerEvents).toBe('none');
    behind.focus();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close menu' }));
    expect(opener).not.toBe(document.activeElement);
  });

  it('closes on Escape and returns focus to the opener; the page is live again', async () => {
    render(<DrawerHost />);
    const opener = open();
    escape();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(screen.getByRole('link', { name: 'A link behind' }).closest('[aria-hidden="true"]')).toBeNull();
    expect(document.body.style.pointerEvents).toBe('');
  });

  it('closes from the close button and the backdrop', async () => {
    render(<DrawerHost />);
    const opener = open();
    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
    open();
    await nextTick();
    const backdrop = screen.getByTestId('side-drawer-backdrop');
    fireEvent.pointerDown(backdrop, { button: 0 });
    fireEvent.click(backdrop);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('gives focus back to returnFocus, also when a click did not focus the opener (Safari)', async () => {
    function MenuHost() {
      const [open, setOpen] = useState(false);
      const menuButton = useRef<HTMLButtonElement>(null);
      return (
        <ThemeRoot>
          <button ref={menuButton} type="button" onClick={() => setOpen(true)}>Open menu</button>
          {open && (
            <SideDrawer label="Navigation menu" title="Menu" closeLabel="Close menu" onClose={() => setOpen(false)} returnFocus={menuButton}>
              <a href="/a">First link</a>
            </SideDrawer>
          )}
        </ThemeRoot>
      );
    }
    render(<MenuHost />);
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(menuButton); // not focused first
    escape();
    await waitFor(() => expect(document.activeElement).toBe(menuButton));
  });

  it('leaves an Escape already handled by a layer above alone', () => {
    render(<DrawerHost />);
    open();
    const handled = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    handled.preventDefault();
    document.activeElement!.dispatchEvent(handled);
    expect(screen.queryByRole('dialog')).not.toBeNull();
  });
});
