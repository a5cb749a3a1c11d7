import { clearSuggestions, suggestionsStore } from '../model/suggestionsStore';
import { approveAll, cancelSuggestAll, restoreSuggestions, showSuggestionsFor, suggestAll, suggestFor, type SuggestionMasks, type SuggestionPhoto } from './suggestions';
import { keepSuggestedMask, withdrawSuggestedMask } from '../api/suggestedMasks';

/** svc-media keeps the suggestions (issue 32): the calls are checked, the server is not reached. */
jest.mock('../api/suggestedMasks', () => ({ keepSuggestedMask: jest.fn(async () => ({})), withdrawSuggestedMask: jest.fn(async () => undefined) }));
jest.mock('../../../lib/image', () => ({
  canvasToBlob: async (canvas: HTMLCanvasElement) => new Blob([`png-${canvas.dataset.id}`]),
  loadImage: async (url: string) => Object.assign(document.createElement('img'), { alt: url }),
}));
jest.mock('./suggestionPreview', () => ({ suggestionPreview: (_photo: unknown, mask: HTMLImageElement) => `preview-of-${mask.alt}` }));

/** The photos' masks as the workspace hands them: here a history of suggestions per photo, with undo and redo. */
function fakeMasks() {
  const photos = new Map<number, { applied: unknown[]; undone: unknown[]; listeners: Set<() => void> }>();
  const of = (id: number) => {
    if (!photos.has(id)) photos.set(id, { applied: [], undone: [], listeners: new Set() });
    return photos.get(id)!;
  };
  const changed = (id: number) => of(id).listeners.forEach((listener) => listener());
  const masks: SuggestionMasks = {
    apply(photo, mask) {
      of(photo.id).applied.push(mask);
      of(photo.id).undone = [];
      changed(photo.id);
    },
    watch(photo, mask, onChange) {
      const listener = () => onChange(of(photo.id).applied.includes(mask));
      of(photo.id).listeners.add(listener);
      return () => of(photo.id).listeners.delete(listener);
    },
    export: jest.fn(async (photo: SuggestionPhoto) => (of(photo.id).applied.length ? { mask: new Blob([`mask-${photo.id}`]), thumbnail: `thumb-${photo.id}` } : null)),
  };
  return {
    masks,
    depth: (id: number) => of(id).applied.length,
    undo(id: number) {
      of(id).undone.push(of(id).applied.pop());
      changed(id);
    },
    redo(id: number) {
      of(id).applied.push(of(id).undone.pop());
      changed(id);
    },
  };
}

/** The pose model and its pipeline (a chunk of their own in the browser) stand in: one answer per photo url. */
const outcomes = new Map<string, () => Promise<unknown>>();
const loadDetector = jest.fn();
jest.mock('./suggestMask', () => ({
  loadDetector: (onProgress: (fraction: number) => void) => loadDetector(onProgress),
  suggestMask: (_detector: unknown, url: string) => outcomes.get(url)!(),
}));

const photo = (id: number): SuggestionPhoto => ({ id, url: `/photo-${id}.jpg`, width: 400, height: 300 });
const canvasOf = (id: number) => {
  const canvas = document.createElement('canvas');
  canvas.dataset.id = String(id);
  return canvas;
};
const mask = (id: number) => ({ kind: 'mask', mask: canvasOf(id), thumbnailUrl: `data:thumb-${id}` });

let fake: ReturnType<typeof fakeMasks>;

beforeEach(() => {
  fake = fakeMasks();
  outcomes.clear();
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
    expect(await suggestFor(fake.masks, photo(1), 'upper_body')).toBe('suggested');
    expect(fake.depth(1)).toBe(1);
    expect(suggestionsStore.getState().photos[1]).toMatchObject({ state: 'suggested', thumbnailUrl: 'data:thumb-1' });
    expect(suggestionsStore.getState().model).toEqual({ status: 'ready', progress: 1 });
    expect(await suggestFor(fake.masks, photo(2), 'upper_body')).toBe('no-person');
    expect(fake.depth(2)).toBe(0);
    expect(suggestionsStore.getState().photos[2]).toEqual({ state: 'no-person' });
  });

  it('undo in the editor takes the tile’s suggestion away, redo brings it back', async () => {
    outcomes.set('/photo-1.jpg', async () => mask(1));
    await suggestFor(fake.masks, photo(1), 'upper_body');
    fake.undo(1);
    expect(suggestionsStore.getState().photos[1]).toBeUndefined();
    fake.redo(1);
    expect(suggestionsStore.getState().photos[1]).toMatchObject({ state: 'suggested' });
  });

  it('keeps each suggestion on the server, withdraws it when undone and keeps it again on redo (issue 32)', async () => {
    const keep = jest.mocked(keepSuggestedMask);
    const withdraw = jest.mocked(withdrawSuggestedMask);
    keep.mockClear();
    withdraw.mockClear();
    outcomes.set('/photo-1.jpg', async () => mask(1));
    await suggestFor(fake.masks, photo(1), 'upper_body');
    await new Promise((r) => setTimeout(r, 0));
    expect(keep).toHaveBeenCalledTimes(1);
    expect(keep.mock.calls[0][0]).toBe(1);
    expect(keep.mock.calls[0][1]).toBeInstanceOf(Blob);
    expect(keep.mock.calls[0][2]).toBe('upper_body');
    fake.undo(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(withdraw).toHaveBeenCalledWith(1, 'upper_body');
    fake.redo(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(keep).toHaveBeenCalledTimes(2);
  });

  it('an undo right after the suggestion withdraws it only once the server kept it: the server ends without it', async () => {
    const keep = jest.mocked(keepSuggestedMask);
    const withdraw = jest.mocked(withdrawSuggestedMask);
    keep.mockClear();
    withdraw.mockClear();
    const order: string[] = [];
    let answerKeep = () => {};
    keep.mockImplementationOnce(() => new Promise((resolve) => { answerKeep = () => { order.push('kept'); resolve({} as never); }; }));
    withdraw.mockImplementationOnce(async () => { order.push('withdrawn'); });
    outcomes.set('/photo-1.jpg', async () => mask(1));
    await suggestFor(fake.masks, photo(1), 'lower_body');
    fake.undo(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(withdraw).not.toHaveBeenCalled(); // the keep is still on its way
    answerKeep();
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual(['kept', 'withdrawn']);
  });

  it('brings back the suggestions the server kept: in the mask, on the tile, with Approve all (issue 32)', async () => {
    await restoreSuggestions(
      fake.masks,
      [
        { ...photo(1), thumbnailUrl: '/thumb-1.webp', suggestedMaskUrl: '/kept-1.png' },
        { ...photo(2), thumbnailUrl: '/thumb-2.webp', suggestedMaskUrl: '/kept-2.png' },
      ],
      'upper_body',
    );
    expect(fake.depth(1)).toBe(1);
    expect(fake.depth(2)).toBe(1);
    expect(suggestionsStore.getState()).toMatchObject({ batchComplete: true, photos: { 1: { state: 'suggested', thumbnailUrl: 'preview-of-/kept-1.png' }, 2: { state: 'suggested' } } });
    // undone like any suggestion
    fake.undo(2);
    expect(suggestionsStore.getState().photos[2]).toBeUndefined();
  });

  it('another garment category takes the page’s suggestions away and leaves the server’s alone; they were for the previous one (issues 31, 32)', async () => {
    const keep = jest.mocked(keepSuggestedMask);
    const withdraw = jest.mocked(withdrawSuggestedMask);
    outcomes.set('/photo-1.jpg', async () => mask(1));
    await suggestAll(fake.masks, [photo(1)], 'upper_body');
    await new Promise((r) => setTimeout(r, 0));
    keep.mockClear();
    withdraw.mockClear();
    showSuggestionsFor('lower_body');
    expect(suggestionsStore.getState()).toMatchObject({ category: 'lower_body', photos: {}, batchComplete: false });
    // the editor's history moves on: the upper-body suggestion is neither kept again nor withdrawn, nor shown
    fake.undo(1);
    fake.redo(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(keep).not.toHaveBeenCalled();
    expect(withdraw).not.toHaveBeenCalled();
    expect(suggestionsStore.getState().photos).toEqual({});
    // a lower-body suggestion is kept as lower body's
    await suggestFor(fake.masks, photo(1), 'lower_body');
    await new Promise((r) => setTimeout(r, 0));
    expect(keep.mock.calls.map((c) => c[2])).toEqual(['lower_body']);
    // restoring the upper body's is too late once the page is on lower body
    await restoreSuggestions(fake.masks, [{ ...photo(2), thumbnailUrl: '/thumb-2.webp', suggestedMaskUrl: '/kept-2.png' }], 'upper_body');
    expect(fake.depth(2)).toBe(0);
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
    await suggestAll(fake.masks, [photo(1), photo(2), photo(3)], 'upper_body');
    expect(seen).toEqual(['1/3', '2/3', '3/3']);
    expect(suggestionsStore.getState()).toMatchObject({ batch: null, batchComplete: true });
    expect(Object.values(suggestionsStore.getState().photos).map((s) => s.state)).toEqual(['suggested', 'no-person', 'suggested']);
  });

  it('Approve all hands each photo still suggested to approve, exported, and clears its tile', async () => {
    outcomes.set('/photo-1.jpg', async () => mask(1));
    outcomes.set('/photo-2.jpg', async () => mask(2));
    outcomes.set('/photo-3.jpg', async () => ({ kind: 'no-person' }));
    await suggestAll(fake.masks, [photo(1), photo(2), photo(3)], 'upper_body');
    fake.undo(2); // taken back in the editor: nothing to approve
    const approve = jest.fn();
    await approveAll(fake.masks, [photo(1), photo(2), photo(3)], approve);
    expect(approve).toHaveBeenCalledTimes(1);
    expect(approve).toHaveBeenCalledWith(photo(1), expect.any(Blob), 'thumb-1');
    expect(suggestionsStore.getState()).toMatchObject({ batchComplete: false, photos: { 3: { state: 'no-person' } } });
    expect(suggestionsStore.getState().photos[1]).toBeUndefined();
  });

  it('Cancel stops the run at once: the photo in progress stays as it was, no Approve all', async () => {
    let finish: () => void = () => {};
    outcomes.set('/photo-1.jpg', () => new Promise((resolve) => { finish = () => resolve(mask(1)); }));
    outcomes.set('/photo-2.jpg', async () => mask(2));
    const run = suggestAll(fake.masks, [photo(1), photo(2)], 'upper_body');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(suggestionsStore.getState().photos[1]).toEqual({ state: 'suggesting' });
    cancelSuggestAll();
    finish();
    await run;
    expect(suggestionsStore.getState()).toMatchObject({ batch: null, batchComplete: false, photos: {} });
    expect(fake.depth(1)).toBe(0);
  });

  it('a model that cannot load: one message, and the manual path from then on', async () => {
    loadDetector.mockRejectedValue(new Error('no WebGL'));
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    outcomes.set('/photo-1.jpg', async () => mask(1));
    // a page that has not loaded the model yet
    await jest.isolateModulesAsync(async () => {
      const fresh = await import('./suggestions');
      const { suggestionsStore: store } = await import('../model/suggestionsStore');
      await fresh.suggestAll(fake.masks, [photo(1), photo(2)], 'upper_body');
      expect(store.getState()).toMatchObject({ model: { status: 'failed' }, batchComplete: false, photos: {} });
      expect(await fresh.suggestFor(fake.masks, photo(1), 'upper_body')).toBe('unavailable');
      expect(loadDetector).toHaveBeenCalledTimes(1);
    });
  });
});
