import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SKELETON_CLEANUP_MS, TEMPORARILY_UNAVAILABLE } from '@vton/contracts';
import {
  addSessionResults,
  finishPendingGeneration,
  getSessionResults,
  productRenamed,
  resetSessionResults,
  resetToastsForTests,
  startPendingGeneration,
} from '@vton/shell-sdk';
import { renderWithHost } from '@vton/shell-sdk/testing';
import { installFakeMediaApi } from '../../../test/fakeMediaApi';
import { GALLERY_EMPTY_TEXT, GalleryPage, UNDO_DELETE_MS } from './GalleryPage';

const renderPage = () =>
  renderWithHost(<GalleryPage />, { path: '/gallery', mount: '/gallery/*', routes: { '/app': <h1>Try on workspace</h1> } });
const tiles = () => within(screen.getByRole('list', { name: 'Gallery results' })).getAllByRole('listitem');

beforeEach(() => {
  resetSessionResults();
  resetToastsForTests();
});
afterEach(() => jest.restoreAllMocks());

describe('GalleryPage', () => {
  it.each([
    ['the service answers 503', 503, { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'A service this request needs is temporarily unavailable. Please try again in a moment.' }],
    ['the gateway answers 504 (svc-media did not answer in time)', 504, { statusCode: 504, code: 'GATEWAY_TIMEOUT', message: 'svc-media did not answer in time. Please try again in a moment.' }],
  ])('says the gallery is temporarily unavailable (try again) when %s, and loads once it is back', async (_when, status, unavailable) => {
    const fetchMock = jest.fn().mockResolvedValue(new Response(JSON.stringify(unavailable), { status, headers: status === 503 ? { 'Retry-After': '5' } : {} }));
    global.fetch = fetchMock;
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(TEMPORARILY_UNAVAILABLE.description);
    installFakeMediaApi({ count: 1 });
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('button', { name: 'Result #1' });
  });

  it('shows "Loading your gallery..." and then the empty state with a link to /app', async () => {
    installFakeMediaApi({ count: 0, listDelayMs: 20 });
    renderPage();
    expect(screen.getByText('Loading your gallery...')).toBeInTheDocument();
    const empty = await screen.findByText(/No results yet/);
    expect(empty.textContent).toBe(GALLERY_EMPTY_TEXT);
    fireEvent.click(within(empty).getByRole('link', { name: 'Try on' }));
    expect(screen.getByRole('heading', { name: 'Try on workspace' })).toBeInTheDocument();
  });

  it('lists saved results newest first as "Result #n", asking for one page of thumbnails', async () => {
    const api = installFakeMediaApi({ count: 3 });
    renderPage();
    await screen.findByRole('button', { name: 'Result #1' });
    expect(tiles()).toHaveLength(3);
    const first = within(screen.getByRole('button', { name: 'Result #1' })).getByRole('img') as HTMLImageElement;
    expect(first.getAttribute('src')).toBe('/api/media/files/thumb-3.webp?sig=x');
    expect(screen.getByText('3 saved results')).toBeInTheDocument();
    expect(api.calls).toEqual(['GET /api/generated-images?limit=60']);
  });

  it('puts session results first with a New badge, and marks them seen', async () => {
    addSessionResults([{ id: 'r1', imageUrl: '/full/session.png', processedAt: new Date().toISOString() }]);
    expect(getSessionResults().unseenCount).toBe(1);
    installFakeMediaApi({ count: 2 });
    renderPage();
    const fresh = await screen.findByRole('button', { name: 'Result #1, new' });
    expect(within(fresh).getByRole('img').getAttribute('src')).toBe('/full/session.png');
    await screen.findByRole('button', { name: 'Result #3' });
    expect(screen.getAllByText('New')).toHaveLength(1);
    expect(getSessionResults().unseenCount).toBe(0);
    // a session result has no delete (not saved); saved ones do
    expect(screen.queryByRole('button', { name: 'Delete Result #1' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Result #2' })).toBeInTheDocument();
    // results arriving while the gallery is open are seen too
    act(() => addSessionResults([{ id: 'r2', imageUrl: '/full/2.png', processedAt: new Date(Date.now() + 1000).toISOString() }]));
    expect(getSessionResults().unseenCount).toBe(0);
  });

  it('a product renamed in the studio (in this tab or another) renames its saved results here: the loaded pages are read again', async () => {
    let name = 'IMG_2041';
    installFakeMediaApi({ count: 2, product: { garmentId: 5, name: () => name } });
    renderPage();
    const products = () => screen.queryAllByTestId('result-product').map((element) => element.textContent);
    await waitFor(() => expect(products()).toEqual(['IMG_2041', 'IMG_2041']));
    name = 'Linen shirt';
    act(() => productRenamed(5, 'Linen shirt'));
    await waitFor(() => expect(products()).toEqual(['Linen shirt', 'Linen shirt']));
  });

  it('shows skeletons with n/total for pending generations, cleared 300 ms after the count reaches 0', async () => {
    installFakeMediaApi({ count: 1 });
    const pending = startPendingGeneration(2);
    renderPage();
    await screen.findByRole('button', { name: 'Result #1' });
    expect(screen.getByText('1/2')).toBeInTheDocument();
    expect(screen.getByText('2/2')).toBeInTheDocument();
    jest.useFakeTimers();
    try {
      act(() => finishPendingGeneration(pending));
      expect(screen.getByText('2/2')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(SKELETON_CLEANUP_MS));
      expect(screen.queryByText('2/2')).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('opens a tile in the fullscreen viewer with the full-size image; Escape closes it', async () => {
    installFakeMediaApi({ count: 2 });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Result #2' }));
    const viewer = screen.getByRole('dialog', { name: 'Result #2 preview' });
    expect(within(viewer).getByRole('img', { name: 'Result #2' }).getAttribute('src')).toBe('/api/media/files/full-1.png?sig=x');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('downloads the full-size image as vton-result-{n}.png from the tile', async () => {
    const api = installFakeMediaApi({ count: 2 });
    URL.createObjectURL = jest.fn(() => 'blob:x');
    URL.revokeObjectURL = jest.fn();
    const saved: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Download Result #2' }));
    await waitFor(() => expect(saved).toEqual(['vton-result-2.png']));
    expect(api.calls).toContain('GET /api/media/files/full-1.png?sig=x');
  });

  it('deletes a saved image: it leaves at once with an "Undo" toast, and is deleted once the undo window passed', async () => {
    const api = installFakeMediaApi({ count: 3 });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Result #1' }));
    expect(await screen.findByText('Image deleted')).toBeInTheDocument();
    expect(screen.getByText('Generated image has been removed from your gallery.')).toBeInTheDocument();
    expect(tiles()).toHaveLength(2);
    // the count says what the grid shows, also inside the undo window
    expect(screen.getByText('2 saved results')).toBeInTheDocument();
    expect(api.calls).not.toContain('DELETE /api/generated-images/3');
    await waitFor(() => expect(api.calls).toContain('DELETE /api/generated-images/3'), { timeout: UNDO_DELETE_MS + 3000 });
    await waitFor(() => expect(api.calls.filter((c) => c === 'GET /api/generated-images?limit=60')).toHaveLength(2));
    await waitFor(() => expect(screen.getByText('2 saved results')).toBeInTheDocument());
    expect(tiles()).toHaveLength(2);
  }, 15_000);

  it('"Undo" in the toast brings the image back and nothing is deleted', async () => {
    const api = installFakeMediaApi({ count: 3 });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Result #1' }));
    expect(tiles()).toHaveLength(2);
    expect(screen.getByText('2 saved results')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(tiles()).toHaveLength(3);
    expect(screen.getByText('3 saved results')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, UNDO_DELETE_MS + 500));
    expect(api.calls.some((c) => c.startsWith('DELETE'))).toBe(false);
  }, 15_000);

  it('a failed delete shows the destructive toast and brings the image back', async () => {
    installFakeMediaApi({ count: 2, failDelete: true });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Result #1' }));
    expect(await screen.findByText('Delete failed', undefined, { timeout: UNDO_DELETE_MS + 3000 })).toBeInTheDocument();
    expect(screen.getByText('Failed to delete the image. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(tiles()).toHaveLength(2));
  }, 15_000);

  it('keeps only the rows near the screen in the DOM and pages in more as the end comes near', async () => {
    const api = installFakeMediaApi({ count: 1000 });
    renderPage();
    await screen.findByRole('button', { name: 'Result #1' }, { timeout: 5000 });
    // jsdom: 1024 px wide → 5 columns; 768 px high → a handful of rows, not 60 tiles, let alone 1,000
    expect(tiles().length).toBeLessThanOrEqual(40);
    expect(screen.getByRole('list', { name: 'Gallery results' }).getAttribute('data-columns')).toBe('5');
    expect(api.calls).toEqual(['GET /api/generated-images?limit=60']);
    // scrolled towards the end of the first page, the next page is asked for
    const list = screen.getByRole('list', { name: 'Gallery results' });
    jest.spyOn(list, 'getBoundingClientRect').mockReturnValue({ top: -1700, bottom: 0, left: 0, right: 0, width: 1024, height: 0, x: 0, y: -1700, toJSON: () => ({}) });
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    await waitFor(() => expect(api.calls).toContain('GET /api/generated-images?limit=60&cursor=941'), { timeout: 5000 });
    await screen.findByRole('button', { name: 'Result #70' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Result #1' })).toBeNull();
  }, 20_000);
});
