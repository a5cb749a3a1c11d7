import { useState } from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import { addSessionResults, resetSessionResults } from '@vton/shell-sdk';
import { renderWithHost } from '@vton/shell-sdk/testing';
import { ResultsDrawer } from './ResultsDrawer';

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>Open results</button>
      <ResultsDrawer open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function openDrawer() {
  renderWithHost(<Opener />);
  const opener = screen.getByRole('button', { name: 'Open results' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, drawer: screen.getByRole('dialog', { name: 'Results' }) };
}

const tab = (shiftKey = false) => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey });

describe('ResultsDrawer focus', () => {
  beforeEach(() => {
    resetSessionResults();
    addSessionResults([{ id: 'a', imageUrl: '/a.png', processedAt: '2026-01-01T10:00:00.000Z' }]);
  });

  it('opens on Close, keeps Tab inside and returns focus to the opener on Escape', () => {
    const { opener, drawer } = openDrawer();
    const close = within(drawer).getByRole('button', { name: 'Close results' });
    expect(document.activeElement).toBe(close);
    tab(true);
    expect(drawer.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).not.toBe(close);
    tab();
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Results' })).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes the viewer first on Escape (focus back on its tile), then the drawer (focus back on the opener)', () => {
    const { opener, drawer } = openDrawer();
    const tile = within(drawer).getAllByRole('button').find((button) => /Result #1/.test(button.getAttribute('aria-label') ?? button.textContent ?? ''));
    expect(tile).toBeDefined();
    tile!.focus();
    fireEvent.click(tile!);
    const viewer = screen.getByRole('dialog', { name: 'Result preview' });
    expect(document.activeElement).toBe(within(viewer).getByRole('button', { name: 'Close' }));
    tab();
    expect(viewer.contains(document.activeElement)).toBe(true);

    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Result preview' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Results' })).toBeTruthy();
    expect(document.activeElement).toBe(tile);

    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Results' })).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
