import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { ThemeRoot } from '@vton/ui';
import { ResultViewer, VIEWER_HINT } from './ResultViewer';

function renderViewer(props: Partial<Parameters<typeof ResultViewer>[0]> = {}) {
  const onClose = jest.fn();
  const utils = render(
    <ThemeRoot>
      <ResultViewer imageUrl="/full/1.png" alt="Result #1" onClose={onClose} {...props} />
    </ThemeRoot>,
  );
  return { onClose, ...utils };
}

const zoomButton = () => screen.getByRole('button', { name: /^Zoom / });
const frame = () => screen.getByTestId('result-viewer-frame');
const wheel = (deltaY: number, deltaMode = 0) => {
  act(() => {
    frame().dispatchEvent(new WheelEvent('wheel', { deltaY, deltaMode, bubbles: true, cancelable: true }));
  });
};

describe('ResultViewer', () => {
  afterEach(() => jest.restoreAllMocks());

  it('renders nothing without an image', () => {
    render(
      <ThemeRoot>
        <ResultViewer imageUrl={null} onClose={jest.fn()} />
      </ThemeRoot>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is a dialog with the hint, Close, Download and the zoom percentage, focused on Close', () => {
    renderViewer();
    const dialog = screen.getByRole('dialog', { name: 'Result preview' });
    expect(dialog.textContent).toContain(VIEWER_HINT);
    expect(VIEWER_HINT).toBe('Scroll to zoom • Drag to pan • ESC to close');
    expect(screen.getByRole('img', { name: 'Result #1' }).getAttribute('src')).toBe('/full/1.png');
    expect(zoomButton().textContent).toBe('100%');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
  });

  it('zooms with the wheel (0.001 per pixel, 0.008 per line) and resets with the percentage button', () => {
    renderViewer();
    wheel(-100);
    expect(zoomButton().textContent).toBe(`${Math.round(Math.exp(0.1) * 100)}%`);
    wheel(100);
    expect(zoomButton().textContent).toBe('100%');
    wheel(-50, 1);
    expect(zoomButton().textContent).toBe(`${Math.round(Math.exp(0.4) * 100)}%`);
    fireEvent.click(zoomButton());
    expect(zoomButton().textContent).toBe('100%');
  });

  it('keeps the zoom within 10%–800%', () => {
    renderViewer();
    wheel(-100_000);
    expect(zoomButton().textContent).toBe('800%');
    wheel(100_000);
    expect(zoomButton().textContent).toBe('10%');
  });

  it('starts again at 100% when the image changes', () => {
    function Harness() {
      const [url, setUrl] = useState('/full/1.png');
      return (
        <ThemeRoot>
          <button onClick={() => setUrl('/full/2.png')}>next</button>
          <ResultViewer imageUrl={url} onClose={() => undefined} />
        </ThemeRoot>
      );
    }
    render(<Harness />);
    wheel(-300);
    expect(zoomButton().textContent).not.toBe('100%');
    fireEvent.click(screen.getByText('next'));
    expect(zoomButton().textContent).toBe('100%');
  });

  it('Escape closes the viewer and does not reach listeners behind it', () => {
    const behind = jest.fn();
    document.addEventListener('keydown', behind);
    const { onClose } = renderViewer();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(behind).not.toHaveBeenCalled();
    document.removeEventListener('keydown', behind);
  });

  it('keeps Tab inside the viewer, hides the page behind it and gives focus back to the opener on close', async () => {
    function Harness() {
      const [open, setOpen] = useState(false);
      return (
        <ThemeRoot>
          <button onClick={() => setOpen(true)}>Result #1</button>
          <ResultViewer imageUrl={open ? '/full/1.png' : null} onClose={() => setOpen(false)} />
        </ThemeRoot>
      );
    }
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Result #1' });
    opener.focus();
    fireEvent.click(opener);
    const close = screen.getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab' });
    expect(document.activeElement).toBe(zoomButton());
    fireEvent.keyDown(zoomButton(), { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(close);
    // the page behind: out of the accessibility tree, and focus cannot go there
    expect(screen.queryByRole('button', { name: 'Result #1' })).toBeNull();
    expect(opener.closest('[aria-hidden="true"]')).not.toBeNull();
    opener.focus();
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(opener.closest('[aria-hidden="true"]')).toBeNull();
  });

  it('describes itself with the hint and locks the page scroll while open', () => {
    const { unmount } = renderViewer();
    expect(screen.getByRole('dialog', { name: 'Result preview' }).getAttribute('aria-describedby')).toBe(screen.getByText(VIEWER_HINT).id);
    expect(document.body.hasAttribute('data-scroll-locked')).toBe(true); // Radix's scroll lock (overflow hidden)
    unmount();
    expect(document.body.hasAttribute('data-scroll-locked')).toBe(false);
  });

  it('Close calls onClose', () => {
    const { onClose } = renderViewer();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('downloads the full-size image as a blob under the given name', async () => {
    const fetchMock = jest.fn().mockResolvedValue(new Response(new Blob(['png']), { status: 200 }));
    global.fetch = fetchMock as typeof fetch;
    URL.createObjectURL = jest.fn(() => 'blob:x');
    URL.revokeObjectURL = jest.fn();
    const clicked: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderViewer({ downloadFileName: 'vton-result-4.png' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    });
    expect(fetchMock).toHaveBeenCalledWith('/full/1.png', expect.anything());
    expect(clicked).toEqual(['vton-result-4.png']);
  });

  it('defaults to vton-result-fullscreen.png; a failed download is only logged', async () => {
    global.fetch = jest.fn().mockResolvedValue(new Response('gone', { status: 404 })) as typeof fetch;
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderViewer();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    });
    expect(click).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('ResultViewer: the provider under the result', () => {
  it('names the provider that made the result under it', () => {
    renderViewer({ provider: 'fashn' });
    expect(screen.getByTestId('result-provider').textContent).toBe('Made with FASHN');
    const dialog = screen.getByRole('dialog', { name: 'Result preview' });
    // After the picture in reading order: under the result.
    const picture = screen.getByRole('img', { name: 'Result #1' });
    expect(picture.compareDocumentPosition(screen.getByTestId('result-provider')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(dialog.contains(screen.getByTestId('result-provider'))).toBe(true);
  });

  it('says "Preview — built-in engine" under a result of the built-in engine, linking to the docs’ provider article', () => {
    renderViewer({ provider: 'seed', builtInEngine: true });
    const dialog = screen.getByRole('dialog', { name: 'Result preview' });
    const label = within(dialog).getByRole('link', { name: 'Preview — built-in engine' });
    expect(label.getAttribute('href')).toBe('/docs/try-on-providers');
    expect(screen.queryByTestId('result-provider')).toBeNull();
  });

  it('shows nothing for a result whose provider is unknown (a mock, an older result)', () => {
    renderViewer();
    expect(screen.queryByTestId('result-provider')).toBeNull();
  });

  it('names a provider this build does not know by the label its result carries', () => {
    renderViewer({ provider: 'acme', providerLabel: 'Acme Try-On' });
    expect(screen.getByTestId('result-provider').textContent).toBe('Made with Acme Try-On');
  });

  it('names the provider of a result saved before results carried a label as it always did', () => {
    renderViewer({ provider: 'bfl' });
    expect(screen.getByTestId('result-provider').textContent).toBe('Made with Black Forest Labs');
  });

  it('shows nothing for a provider it does not know whose result carries no label', () => {
    renderViewer({ provider: 'acme' });
    expect(screen.queryByTestId('result-provider')).toBeNull();
  });
});
