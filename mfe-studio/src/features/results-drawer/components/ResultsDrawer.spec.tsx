import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
const escape = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

describe('ResultsDrawer focus', () => {
  beforeEach(() => {
    resetSessionResults();
    addSessionResults([{ id: 'a', imageUrl: '/a.png', processedAt: '2026-01-01T10:00:00.000Z' }]);
  });

  it('opens on Close, keeps Tab inside, hides the studio behind and returns focus to the opener on Escape', async () => {
    const { opener, drawer } = openDrawer();
    const close = within(drawer).getByRole('button', { name: 'Close results' });
    expect(document.activeElement).toBe(close);
    tab(true);
    expect(drawer.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).not.toBe(close);
    tab();
    expect(document.activeElement).toBe(close);
    expect(screen.queryByRole('button', { name: 'Open results' })).toBeNull();
    expect(opener.closest('[aria-hidden="true"]')).not.toBeNull();
    opener.focus();
    expect(document.activeElement).toBe(close);
    escape();
    expect(screen.queryByRole('dialog', { name: 'Results' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(screen.getByRole('button', { name: 'Open results' })).toBe(opener);
  });

  it('closes the viewer first on Escape (focus back on its tile), then the drawer (focus back on the opener)', async () => {
    const { opener, drawer } = openDrawer();
    const tile = within(drawer).getAllByRole('button').find((button) => /Result #1/.test(button.getAttribute('aria-label') ?? button.textContent ?? ''));
    expect(tile).toBeDefined();
    tile!.focus();
    fireEvent.click(tile!);
    const viewer = screen.getByRole('dialog', { name: 'Result preview' });
    expect(document.activeElement).toBe(within(viewer).getByRole('button', { name: 'Close' }));
    tab();
    expect(viewer.contains(document.activeElement)).toBe(true);
    // the drawer under the viewer is hidden like the rest of the page
    expect(screen.queryByRole('dialog', { name: 'Results' })).toBeNull();

    escape();
    expect(screen.queryByRole('dialog', { name: 'Result preview' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Results' })).toBe(drawer);
    await waitFor(() => expect(document.activeElement).toBe(tile));

    escape();
    expect(screen.queryByRole('dialog', { name: 'Results' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
