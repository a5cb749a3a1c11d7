import { toast } from '@vton/shell-sdk';
import { loadImage } from '../../../lib/image';
import { errorMessage } from '../../../lib/upload';
import { maskSessionFor, releaseMaskSession } from '../../mask-editor/model/maskSessions';
import { MaskRenderer } from '../../mask-editor/utils/maskRenderer';
import type { MaskEditorModel } from '../../mask-editor/model/maskEditorModel';
import { setPhotoSuggestion, suggestionsStore, type PhotoSuggestion } from '../model/suggestionsStore';
import type { PoseDetector } from '../lib/poseRuntime';

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
 * Suggests the mask of one photo with the current garment type: it lands in the photo's mask
 * as one history step (the editor shows it at once when open). No person → the photo stays as
 * it was, with the message on it.
 */
export async function suggestFor(photo: SuggestionPhoto, cancelled: () => boolean = () => false): Promise<SuggestResult> {
  if (suggestionsStore.getState().model.status === 'failed') return 'unavailable';
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
    const outcome = await suggestMask(loaded, photo.url, suggestionsStore.getState().garmentType);
    if (cancelled()) {
      // "Suggest all" was cancelled meanwhile: the photo stays as it was
      setPhotoSuggestion(photo.id, previous);
      return 'failed';
    }
    if (outcome.kind === 'no-person') {
      setPhotoSuggestion(photo.id, { state: 'no-person' });
      return 'no-person';
    }
    const model = maskSessionFor(photo).model;
    model.applySuggestion(outcome.mask);
    const suggestion: PhotoSuggestion = { state: 'suggested', mask: outcome.mask, thumbnailUrl: outcome.thumbnailUrl };
    setPhotoSuggestion(photo.id, suggestion);
    followUndo(photo.id, model, suggestion);
    return 'suggested';
  } catch (error) {
    setPhotoSuggestion(photo.id, previous);
    toast({ title: 'Mask suggestion failed', description: errorMessage(error), variant: 'destructive' });
    return 'failed';
  }
}

/**
 * Keeps the tile honest: undoing the suggestion in the editor takes its preview (and "Approve
 * all") away, redo brings it back; a newer suggestion or an approval ends the watch.
 */
function followUndo(photoId: number, model: MaskEditorModel, suggestion: PhotoSuggestion & { state: 'suggested' }): void {
  const unsubscribe = model.subscribe((change) => {
    if (change.type !== 'rebuild') return;
    const current = suggestionsStore.getState().photos[photoId];
    if (current && current !== suggestion) {
      unsubscribe();
      return;
    }
    const inMask = model.applied.some((action) => action.kind === 'suggestion' && action.image === suggestion.mask);
    if (inMask && !current) setPhotoSuggestion(photoId, suggestion);
    if (!inMask && current) setPhotoSuggestion(photoId, null);
  });
}

let batchRun = 0;

/**
 * "Suggest all masks": one photo after another ("Suggesting 3/8…"); when every suggestion is
 * in, "Approve all" is offered. Cancel stops at once: the photo being worked on stays as it was.
 */
export async function suggestAll(photos: readonly SuggestionPhoto[]): Promise<void> {
  const run = ++batchRun;
  suggestionsStore.setState({ batch: { current: 0, total: photos.length }, batchComplete: false });
  for (let i = 0; i < photos.length; i += 1) {
    if (run !== batchRun) return;
    suggestionsStore.setState({ batch: { current: i + 1, total: photos.length } });
    const result = await suggestFor(photos[i], () => run !== batchRun);
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

/** The photos whose suggestion waits for an approval. */
export function suggestedPhotoIds(): number[] {
  return Object.entries(suggestionsStore.getState().photos)
    .filter(([, s]) => s.state === 'suggested')
    .map(([id]) => Number(id));
}

/**
 * "Approve all": exports each suggested mask (as the editor's Approve does: PNG at the photo's
 * size and a 200 px preview) and hands it to `approve`, one photo at a time, so only one photo's
 * full-size canvases exist at once.
 */
export async function approveAll(photos: readonly SuggestionPhoto[], approve: (photo: SuggestionPhoto, mask: Blob, thumbnail: string) => void): Promise<void> {
  suggestionsStore.setState({ batchComplete: false });
  const suggested = new Set(suggestedPhotoIds());
  for (const photo of photos.filter((p) => suggested.has(p.id))) {
    const session = maskSessionFor(photo);
    if (!session.model.getState().hasPaint) continue;
    const renderer = new MaskRenderer(session.model, await loadImage(photo.url), null, session.surfaces);
    try {
      const mask = await renderer.exportMask();
      const thumbnail = renderer.thumbnail();
      releaseMaskSession(photo.id);
      setPhotoSuggestion(photo.id, null);
      approve(photo, mask, thumbnail);
    } finally {
      renderer.dispose();
    }
  }
}
