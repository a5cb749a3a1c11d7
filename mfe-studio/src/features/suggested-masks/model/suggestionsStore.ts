import { DEFAULT_GARMENT_CATEGORY, type GarmentCategory } from '@vton/contracts';
import { createStore, useStore } from '../../../lib/createStore';

/** Where a model photo's suggestion stands. */
export type PhotoSuggestion =
  | { state: 'suggesting' }
  /** In the photo's mask (one history step, `mask` its image), not approved yet; a 200 px preview for its tile. */
  | { state: 'suggested'; mask: CanvasImageSource; thumbnailUrl: string }
  | { state: 'no-person' };

export interface SuggestionsState {
  /** The pose model: loaded once per page, on the first suggestion. */
  model: { status: 'idle' | 'loading' | 'ready' | 'failed'; progress: number };
  /** By model photo id. */
  photos: Record<number, PhotoSuggestion>;
  /** "Suggest all masks" while it runs: `current` of `total` (1-based). */
  batch: { current: number; total: number } | null;
  /** The last "Suggest all masks" ran to its end: "Approve all" is offered. */
  batchComplete: boolean;
  /** The garment category the page's suggestions are for (a photo keeps one suggestion per category on the server). */
  category: GarmentCategory;
}

const initialState: SuggestionsState = {
  model: { status: 'idle', progress: 0 },
  photos: {},
  batch: null,
  batchComplete: false,
  category: DEFAULT_GARMENT_CATEGORY,
};

/** One per page, like the masks in progress (maskSessions): suggestions belong to this page session. */
export const suggestionsStore = createStore<SuggestionsState>(initialState);

export function useSuggestions<S>(selector: (state: SuggestionsState) => S): S {
  return useStore(suggestionsStore, selector);
}

export function setPhotoSuggestion(photoId: number, suggestion: PhotoSuggestion | null): void {
  suggestionsStore.setState((s) => {
    const photos = { ...s.photos };
    if (suggestion) photos[photoId] = suggestion;
    else delete photos[photoId];
    return { photos };
  });
}

/** The workspace session was dropped (sign out, another account): its suggestions go with it. */
export function clearSuggestions(): void {
  const { model } = suggestionsStore.getState();
  suggestionsStore.setState({ ...initialState, model });
}
