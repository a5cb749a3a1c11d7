import { clearMaskSessions, maskSessionFor } from '../../mask-editor/model/maskSessions';
import { clearSuggestions, suggestionsStore } from '../model/suggestionsStore';
import { cancelSuggestAll, suggestAll, suggestFor, type SuggestionPhoto } from './suggestions';

/** The pose model and its pipeline (a chunk of their own in the browser) stand in: one answer per photo url. */
const outcomes = new Map<string, () => Promise<unknown>>();
const loadDetector = jest.fn();
jest.mock('./suggestMask', () => ({
  loadDetector: (onProgress: (fraction: number) => void) => loadDetector(onProgress),
  suggestMask: (_detector: unknown, url: string) => outcomes.get(url)!(),
}));

const photo = (id: number): SuggestionPhoto => ({ id, url: `/photo-${id}.jpg`, width: 400, height: 300 });
const mask = (id: number) => ({ kind: 'mask', mask: { id } as unknown as HTMLCanvasElement, thumbnailUrl: `data:thumb-${id}` });

beforeEach(() => {
  outcomes.clear();
  clearMaskSessions();
  clearSuggestions();
  loadDetector.mockReset();
  loadDetector.mockImplementation(async (onProgress: (fraction: number) => void) => {
    onProgress(0.5);
    return {};
  });
});

describe('suggestions', () => {
  it('a suggestion lands in the photo’s mask as one history step; no person leaves the mask as it was', async () => {
    outcomes.set('/photo-1.jpg', async () => mask(1));
    outcomes.set('/photo-2.jpg', async () => ({ kind: 'no-person' }));
    expect(await suggestFor(photo(1))).toBe('suggested');
    expect(maskSessionFor(photo(1)).model.undoDepth).toBe(1);
    expect(suggestionsStore.getState().photos[1]).toMatchObject({ state: 'suggested', thumbnailUrl: 'data:thumb-1' });
    expect(suggestionsStore.getState().model).toEqual({ status: 'ready', progress: 1 });
    expect(await suggestFor(photo(2))).toBe('no-person');
    expect(maskSessionFor(photo(2)).model.undoDepth).toBe(0);
    expect(suggestionsStore.getState().photos[2]).toEqual({ state: 'no-person' });
  });

  it('undo in the editor takes the tile’s suggestion away, redo brings it back', async () => {
    outcomes.set('/photo-1.jpg', async () => mask(1));
    await suggestFor(photo(1));
    const { model } = maskSessionFor(photo(1));
    model.undo();
    expect(suggestionsStore.getState().photos[1]).toBeUndefined();
    model.redo();
    expect(suggestionsStore.getState().photos[1]).toMatchObject({ state: 'suggested' });
  });

  it('Suggest all counts through the photos and offers Approve all at the end', async () => {
    const seen: string[] = [];
    for (const id of [1, 2, 3]) {
      outcomes.set(`/photo-${id}.jpg`, async () => {
        const { batch } = suggestionsStore.getState();
        seen.push(`${batch!.current}/${batch!.total}`);
        return id === 2 ? { kind: 'no-person' } : mask(id);
      });
    }
    await suggestAll([photo(1), photo(2), photo(3)]);
    expect(seen).toEqual(['1/3', '2/3', '3/3']);
    expect(suggestionsStore.getState()).toMatchObject({ batch: null, batchComplete: true });
    expect(Object.values(suggestionsStore.getState().photos).map((s) => s.state)).toEqual(['suggested', 'no-person', 'suggested']);
  });

  it('Cancel stops the run at once: the photo in progress stays as it was, no Approve all', async () => {
    let finish: () => void = () => {};
    outcomes.set('/photo-1.jpg', () => new Promise((resolve) => { finish = () => resolve(mask(1)); }));
    outcomes.set('/photo-2.jpg', async () => mask(2));
    const run = suggestAll([photo(1), photo(2)]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(suggestionsStore.getState().photos[1]).toEqual({ state: 'suggesting' });
    cancelSuggestAll();
    finish();
    await run;
    expect(suggestionsStore.getState()).toMatchObject({ batch: null, batchComplete: false, photos: {} });
    expect(maskSessionFor(photo(1)).model.undoDepth).toBe(0);
  });

  it('a model that cannot load: one message, and the manual path from then on', async () => {
    loadDetector.mockRejectedValue(new Error('no WebGL'));
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    outcomes.set('/photo-1.jpg', async () => mask(1));
    // a page that has not loaded the model yet
    await jest.isolateModulesAsync(async () => {
      const fresh = await import('./suggestions');
      const { suggestionsStore: store } = await import('../model/suggestionsStore');
      await fresh.suggestAll([photo(1), photo(2)]);
      expect(store.getState()).toMatchObject({ model: { status: 'failed' }, batchComplete: false, photos: {} });
      expect(await fresh.suggestFor(photo(1))).toBe('unavailable');
      expect(loadDetector).toHaveBeenCalledTimes(1);
    });
  });
});
