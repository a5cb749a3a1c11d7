import type { GeneratedImageRecord, ProviderName } from '@vton/contracts';
import { isBuiltInPreview, newestFirst, resultProvider, resultProviderLabel } from '@vton/results';
import type { SessionResult } from '@vton/shell-sdk';

/** One tile of the gallery page: a session result ("New") or a saved image, numbered newest first. */
export interface GalleryItem {
  key: string;
  /** "Result #n": the image's gallery number (the same after a reload). */
  n: number;
  /** The model photo's file name, under "Result #n". */
  caption?: string;
  /** The name of its product in the library: the tile names its product and model (issue 32). */
  product?: string;
  /** When it was made (ISO 8601), shown on the tile. */
  date?: string;
  /** A Mock result (the model photo, unchanged), marked as such. */
  mock: boolean;
  thumbnailUrl: string;
  /** Full size: only the viewer and downloads load it. */
  imageUrl: string;
  width?: number;
  height?: number;
  isNew: boolean;
  /** The gallery record, when saved: only saved images can be deleted. */
  savedId?: number;
  /** The try-on provider that made it and its label, when recorded (the viewer shows "Made with {label}"). */
  provider?: ProviderName;
  providerLabel?: string;
  /** Made by the built-in engine: labelled "Preview — built-in engine". */
  builtInEngine?: boolean;
}

/**
 * This session's results not yet in the loaded pages first (the newest), then the saved images
 * newest first, each in its saved place even when it is this session's ("New"): the order and the
 * numbers are the ones a reload shows (issue 21). "Result #n" is the image's own gallery number;
 * without one (not saved yet) it is the tile's place.
 */
export function mergeGalleryItems(session: readonly SessionResult[], saved: readonly GeneratedImageRecord[]): GalleryItem[] {
  const loaded = new Set(saved.map((image) => image.id));
  const sessionBySaved = new Map(session.flatMap((result) => (result.savedImageId !== undefined ? [[result.savedImageId, result] as const] : [])));
  const items: GalleryItem[] = [];
  // newest first by number, as the saved pages are: loading them moves nothing (issue 32)
  for (const result of newestFirst(session)) {
    if (result.savedImageId !== undefined && loaded.has(result.savedImageId)) continue;
    items.push({
      key: `session-${result.id}`,
      n: result.number ?? items.length + 1,
      caption: result.modelFilename,
      product: result.productName,
      date: result.processedAt,
      mock: result.generationType === 'mock',
      thumbnailUrl: result.thumbnailUrl ?? result.imageUrl,
      imageUrl: result.imageUrl,
      width: result.width,
      height: result.height,
      isNew: true,
      savedId: result.savedImageId,
      provider: result.provider,
      ...(result.providerLabel ? { providerLabel: result.providerLabel } : {}),
      ...(result.builtInEngine ? { builtInEngine: true } : {}),
    });
  }
  const shown = new Set<number>();
  for (const image of saved) {
    if (shown.has(image.id)) continue;
    shown.add(image.id); // a page boundary shifting after a delete must not show one twice
    const result = sessionBySaved.get(image.id);
    // The provider and its label from one source: the saved record, else this session's result.
    const madeBy = resultProvider(image.metadata) ? image.metadata : result;
    const providerLabel = resultProviderLabel(madeBy);
    items.push({
      key: result ? `session-${result.id}` : `saved-${image.id}`,
      n: image.number ?? items.length + 1,
      caption: image.modelFilename ?? result?.modelFilename ?? undefined,
      product: image.productName ?? result?.productName ?? undefined,
      date: image.createdAt,
      mock: image.generationType === 'mock',
      thumbnailUrl: image.thumbnailUrl,
      imageUrl: image.imageUrl,
      width: image.width,
      height: image.height,
      isNew: result !== undefined,
      savedId: image.id,
      provider: resultProvider(madeBy),
      ...(providerLabel ? { providerLabel } : {}),
      ...(isBuiltInPreview(image.metadata) || result?.builtInEngine ? { builtInEngine: true } : {}),
    });
  }
  return items;
}
