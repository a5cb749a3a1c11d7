import type { GarmentCategory, WornCategory } from '@vton/contracts';
import { toast } from '@vton/shell-sdk';
import { canvasToBlob, loadImage } from '../../../lib/image';
import { errorMessage } from '../../../lib/upload';
import { keepSuggestedMask, withdrawSuggestedMask } from '../api/suggestedMasks';
import { setPhotoSuggestion, suggestionsStore, type PhotoSuggestion } from '../model/suggestionsStore';
import type { PoseDetector } from '../lib/poseRuntime';
import { suggestionPreview } from './suggestionPreview';

export const NO_PERSON_MESSAGE = 'No person found — paint the mask by hand';
export const UNAVAILABLE_TITLE = 'Mask suggestions are not available';
export const UNAVAILABLE_MESSAGE = 'The mask model could not load in this browser — paint the masks by hand.';

/** A model photo as the suggestions need it. */
export interface SuggestionPhoto {
  id: number;
  url: string;
  width: number;
  height: number;
}

export type SuggestResult = 'suggested' | 'no-person' | 'unavailable' | 'failed';

/**
 * The photos' masks, as the workspace (src/app) hands them to this feature: the masks being
 * painted belong to the mask editor, and one feature never reaches into another.
 */
export interface SuggestionMasks {
  /** Puts a suggested mask into the photo's mask as one history step. */
  apply(photo: SuggestionPhoto, mask: CanvasImageSource): void;
  /** Calls `onChange` after every history change of the photo's mask: is `mask` still in it (undo, redo)? */
  watch(photo: SuggestionPhoto, mask: CanvasImageSource, onChange: (inMask: boolean) => void): () => void;
  /** The photo's mask exported as the editor's Approve does (PNG at the photo's size, 200 px preview), its session released; null without paint. */
  export(photo: SuggestionPhoto): Promise<{ mask: Blob; thumbnail: string } | null>;
}

/** The pose model and the suggestion code are a chunk of their own, fetched on the first suggestion. */
const pipeline = () => import(/* webpackChunkName: "suggested-masks" */ './suggestMask');

let detector: Promise<PoseDetector> | null = null;

function loadDetector(): Promise<PoseDetector> {
  if (!detector) {
    suggestionsStore.setState({ model: { status: 'loading', progress: 0 } });
    detector = pipeline()
      .then((p) => p.loadDetector((progress) => suggestionsStore.setState({ model: { status: 'loading', progress } })))
      .then(
        (loaded) => {
          suggestionsStore.setState({ model: { status: 'ready', progress: 1 } });
          return loaded;
        },
        (error: unknown) => {
          // one message for the page: from now on the seller paints by hand
          console.warn('The mask model could not load', error);
          suggestionsStore.setState({ model: { status: 'failed', progress: 0 } });
          toast({ title: UNAVAILABLE_TITLE, description: UNAVAILABLE_MESSAGE, variant: 'destructive' });
          throw error;
        },
      );
  }
  return detector;
}

/**
 * Suggests the mask of one photo for the garment category (the garment section's control): it lands in the photo's mask
 * as one history step (the editor shows it at once when open). No person → the photo stays as
 * it was, with the message on it.
 */
export async function suggestFor(
  masks: SuggestionMasks,
  photo: SuggestionPhoto,
  garmentCategory: WornCategory,
  cancelled: () => boolean = () => false,
): Promise<SuggestResult> {
  if (suggestionsStore.getState().model.status === 'failed') return 'unavailable';
  showSuggestionsFor(garmentCategory);
  const previous = suggestionsStore.getState().photos[photo.id] ?? null;
  setPhotoSuggestion(photo.id, { state: 'suggesting' });
  let loaded: PoseDetector;
  try {
    loaded = await loadDetector();
  } catch {
    setPhotoSuggestion(photo.id, previous);
    return 'unavailable';
  }
  try {
    const { suggestMask } = await pipeline();
    const outcome = await suggestMask(loaded, photo.url, garmentCategory);
    if (suggestionsStore.getState().category !== garmentCategory) return 'failed';
    if (cancelled()) {
      // "Suggest all" was cancelled meanwhile: the photo stays as it was
      setPhotoSuggestion(photo.id, previous);
      return 'failed';
    }
    if (outcome.kind === 'no-person') {
      setPhotoSuggestion(photo.id, { state: 'no-person' });
      return 'no-person';
    }
    masks.apply(photo, outcome.mask);
    const suggestion: PhotoSuggestion = { state: 'suggested', mask: outcome.mask, thumbnailUrl: outcome.thumbnailUrl };
    setPhotoSuggestion(photo.id, suggestion);
    followUndo(masks, photo, suggestion, garmentCategory);
    keepOnServer(photo.id, outcome.mask, garmentCategory);
    return 'suggested';
  } catch (error) {
    setPhotoSuggestion(photo.id, previous);
    toast({ title: 'Mask suggestion failed', description: errorMessage(error), variant: 'destructive' });
    return 'failed';
  }
}

/**
 * Keeps the tile honest: undoing the suggestion in the editor takes its preview (and "Approve
 * all") away, redo brings it back; a newer suggestion, an approval or another garment category ends
 * the watch (the server keeps that category's suggestion for when the seller comes back to it).
 */
function followUndo(masks: SuggestionMasks, photo: SuggestionPhoto, suggestion: PhotoSuggestion & { state: 'suggested' }, category: WornCategory): void {
  const unsubscribe = masks.watch(photo, suggestion.mask, (inMask) => {
    const current = suggestionsStore.getState().photos[photo.id];
    if ((current && current !== suggestion) || suggestionsStore.getState().category !== category) {
      unsubscribe();
      return;
    }
    if (inMask && !current) {
      setPhotoSuggestion(photo.id, suggestion);
      keepOnServer(photo.id, suggestion.mask, category);
    }
    if (!inMask && current) {
      setPhotoSuggestion(photo.id, null);
      inTurn(photo.id, category, () => withdrawSuggestedMask(photo.id, category), 'Withdrawing the suggested mask failed');
    }
  });
}

/**
 * svc-media keeps a suggestion until it is approved or undone (issue 32): the ~20 s of "Suggest all
 * masks" survive a reload, and another browser finds them. Best effort: a failed save only costs that.
 */
function keepOnServer(photoId: number, mask: CanvasImageSource, category: WornCategory): void {
  inTurn(photoId, category, () => maskPng(mask).then((png) => keepSuggestedMask(photoId, png, category)), 'Keeping the suggested mask failed');
}

/** The server calls of each photo's suggestion per category, the last one sent. */
const serverCalls = new Map<string, Promise<void>>();

/**
 * Sends a photo's keep or withdraw once the one before it (same category) is answered: an undo right
 * after the suggestion (its PNG still being encoded and uploaded) must not reach the server before the
 * keep it undoes, or the server keeps the undone suggestion and brings it back with the category.
 */
function inTurn(photoId: number, category: WornCategory, call: () => Promise<unknown>, failure: string): void {
  const key = `${photoId}/${category}`;
  const previous = serverCalls.get(key) ?? Promise.resolve();
  serverCalls.set(key, previous.then(call).then(() => undefined, (error: unknown) => console.warn(failure, error)));
}

/** The suggestion's mask as the PNG the server keeps (its own size: at most SUGGESTED_MASK_MAX_SIDE a side). */
function maskPng(mask: CanvasImageSource): Promise<Blob> {
  if (mask instanceof HTMLCanvasElement) return canvasToBlob(mask);
  const image = mask as HTMLImageElement;
  const copy = document.createElement('canvas');
  copy.width = image.naturalWidth || image.width;
  copy.height = image.naturalHeight || image.height;
  copy.getContext('2d')!.drawImage(image, 0, 0);
  return canvasToBlob(copy);
}

/** A photo whose suggested mask the server kept, as a reload or another browser finds it. */
export interface KeptSuggestion extends SuggestionPhoto {
  suggestedMaskUrl: string;
  /** The photo's small preview (the tile's suggestion preview is drawn on it). */
  thumbnailUrl: string;
}

/**
 * Brings back the suggestions the server kept for the garment category (issue 32): each lands in its
 * photo's mask as one history step again, its tile shows "Suggested", and "Approve all" is offered as
 * after a run. Photos that already have a suggestion in this page are left as they are; nothing is
 * brought back once the page is on another category.
 */
export async function restoreSuggestions(masks: SuggestionMasks, kept: readonly KeptSuggestion[], category: WornCategory): Promise<void> {
  let restored = 0;
  const stale = (photoId: number) => suggestionsStore.getState().category !== category || Boolean(suggestionsStore.getState().photos[photoId]);
  for (const photo of kept) {
    if (stale(photo.id)) continue;
    try {
      const [mask, preview] = await Promise.all([loadImage(photo.suggestedMaskUrl), loadImage(photo.thumbnailUrl)]);
      if (stale(photo.id)) continue;
      masks.apply(photo, mask);
      const suggestion: PhotoSuggestion = { state: 'suggested', mask, thumbnailUrl: suggestionPreview(preview, mask) };
      setPhotoSuggestion(photo.id, suggestion);
      followUndo(masks, photo, suggestion, category);
      restored += 1;
    } catch (error) {
      console.warn(`Could not restore the suggested mask of model ${photo.id}`, error);
    }
  }
  if (restored > 0 && !suggestionsStore.getState().batch) suggestionsStore.setState({ batchComplete: true });
}

let batchRun = 0;

/**
 * "Suggest all masks": one photo after another ("Suggesting 3/8…"); when every suggestion is
 * in, "Approve all" is offered. Cancel stops at once: the photo being worked on stays as it was.
 */
export async function suggestAll(masks: SuggestionMasks, photos: readonly SuggestionPhoto[], garmentCategory: WornCategory): Promise<void> {
  showSuggestionsFor(garmentCategory);
  const run = ++batchRun;
  suggestionsStore.setState({ batch: { current: 0, total: photos.length }, batchComplete: false });
  for (let i = 0; i < photos.length; i += 1) {
    if (run !== batchRun) return;
    suggestionsStore.setState({ batch: { current: i + 1, total: photos.length } });
    const result = await suggestFor(masks, photos[i], garmentCategory, () => run !== batchRun);
    if (result === 'unavailable') break;
  }
  if (run !== batchRun) return;
  const ranToEnd = suggestionsStore.getState().model.status !== 'failed';
  suggestionsStore.setState({ batch: null, batchComplete: ranToEnd });
}

export function cancelSuggestAll(): void {
  batchRun += 1;
  suggestionsStore.setState({ batch: null, batchComplete: false });
}

/**
 * The workspace is on another garment category: the page's suggestions (tiles, "Approve all", a
 * "Suggest all" still running) were for the previous one and go; the server keeps each category's.
 */
export function showSuggestionsFor(category: GarmentCategory): void {
  if (suggestionsStore.getState().category === category) return;
  batchRun += 1;
  suggestionsStore.setState({ category, photos: {}, batch: null, batchComplete: false });
}

/** The photo's mask was approved in the editor: its tile has no suggestion waiting any more. */
export function forgetSuggestion(photoId: number): void {
  setPhotoSuggestion(photoId, null);
}

/** The photos whose suggestion waits for an approval. */
export function suggestedPhotoIds(): number[] {
  return Object.entries(suggestionsStore.getState().photos)
    .filter(([, s]) => s.state === 'suggested')
    .map(([id]) => Number(id));
}

/**
 * "Approve all": exports each suggested mask (as the editor's Approve does) and hands it to
 * `approve`, one photo at a time, so only one photo's full-size canvases exist at once.
 */
export async function approveAll(
  masks: SuggestionMasks,
  photos: readonly SuggestionPhoto[],
  approve: (photo: SuggestionPhoto, mask: Blob, thumbnail: string) => void,
): Promise<void> {
  suggestionsStore.setState({ batchComplete: false });
  const suggested = new Set(suggestedPhotoIds());
  for (const photo of photos.filter((p) => suggested.has(p.id))) {
    const exported = await masks.export(photo);
    setPhotoSuggestion(photo.id, null);
    if (exported) approve(photo, exported.mask, exported.thumbnail);
  }
}
