import { useRef, useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { ThemeRoot } from './ThemeRoot';
import { SideDrawer } from './SideDrawer';
import { useFocusTrap } from './useFocusTrap';

function tab(shift = false) {
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey: shift });
}

function DrawerHost({ initialFocus }: { initialFocus?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <ThemeRoot>
      <button type="button" onClick={() => setOpen(true)}>Open menu</button>
      {open && (
        <SideDrawer label="Navigation menu" title="Menu" closeLabel="Close menu" onClose={() => setOpen(false)} initialFocus={initialFocus}>
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

describe('SideDrawer', () => {
  it('is a named modal dialog focused on its first control', () => {
    render(<DrawerHost />);
    open();
    const dialog = screen.getByRole('dialog', { name: 'Navigation menu' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
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

  it('closes on Escape and returns focus to the opener', () => {
    render(<DrawerHost />);
    const opener = open();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes from the close button and the backdrop', () => {
    render(<DrawerHost />);
    const opener = open();
    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    open();
    fireEvent.click(screen.getByTestId('side-drawer-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('leaves an Escape already handled by a layer above alone', () => {
    render(<DrawerHost />);
    open();
    const handled = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    handled.preventDefault();
    document.dispatchEvent(handled);
    expect(screen.queryByRole('dialog')).not.toBeNull();
  });
});

function Modal({ name, active, children }: { name: string; active: boolean; children?: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, { active, restoreFocus: true });
  if (!active) return null;
  return (
    <div ref={ref} role="dialog" aria-label={name}>
      <button type="button">{`${name} first`}</button>
      <button type="button">{`${name} last`}</button>
      {children}
    </div>
  );
}

function Nested() {
  const [outer, setOuter] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOuter((v) => !v)}>Toggle outer</button>
      <button type="button" onClick={() => setInner((v) => !v)}>Toggle inner</button>
      <Modal name="Outer" active={outer} />
      <Modal name="Inner" active={inner} />
    </>
  );
}

describe('useFocusTrap', () => {
  it('does nothing while inactive', () => {
    render(<Nested />);
    const toggle = screen.getByRole('button', { name: 'Toggle outer' });
    toggle.focus();
    const event = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    toggle.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });

  it('pulls Tab back in when focus has left the container', () => {
    render(<Nested />);
    fireEvent.click(screen.getByRole('button', { name: 'Toggle outer' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Outer first' }));
    document.body.focus();
    tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Outer first' }));
  });

  it('gives Tab to the innermost trap and restores focus layer by layer', () => {
    render(<Nested />);
    const outerToggle = screen.getByRole('button', { name: 'Toggle outer' });
    outerToggle.focus();
    fireEvent.click(outerToggle);
    const outerLast = screen.getByRole('button', { name: 'Outer last' });
    outerLast.focus();
    fireEvent.click(screen.getByRole('button', { name: 'Toggle inner' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Inner first' }));
    tab(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Inner last' }));
    tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Inner first' }));

    fireEvent.click(screen.getByRole('button', { name: 'Toggle inner' }));
    expect(document.activeElement).toBe(outerLast);
    tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Outer first' }));
    fireEvent.click(outerToggle);
    expect(document.activeElement).toBe(outerToggle);
  });
});
