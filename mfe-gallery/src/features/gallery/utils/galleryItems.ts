import type { GeneratedImageRecord, TryOnProviderName } from '@vton/contracts';
import { resultProvider } from '@vton/results';
import type { SessionResult } from '@vton/shell-sdk';

/** One tile of the gallery page: a session result ("New") or a saved image, numbered newest first. */
export interface GalleryItem {
  key: string;
  /** "Result #n", 1 = newest. */
  n: number;
  thumbnailUrl: string;
  /** Full size: only the viewer and downloads load it. */
  imageUrl: string;
  width?: number;
  height?: number;
  isNew: boolean;
  /** The gallery record, when saved: only saved images can be deleted. */
  savedId?: number;
  /** The try-on provider that made it, when recorded (the viewer shows its name). */
  provider?: TryOnProviderName;
}

/**
 * Session results first (they are this session's, so the newest), then the saved images
 * already loaded, newest first; a session result that was saved shows once, as "New".
 */
export function mergeGalleryItems(session: readonly SessionResult[], saved: readonly GeneratedImageRecord[]): GalleryItem[] {
  const savedById = new Map(saved.map((image) => [image.id, image]));
  const shown = new Set<number>();
  const items: GalleryItem[] = [];
  for (const result of session) {
    const record = result.savedImageId !== undefined ? savedById.get(result.savedImageId) : undefined;
    if (result.savedImageId !== undefined) shown.add(result.savedImageId);
    items.push({
      key: `session-${result.id}`,
      n: items.length + 1,
      thumbnailUrl: record?.thumbnailUrl ?? result.thumbnailUrl ?? result.imageUrl,
      imageUrl: record?.imageUrl ?? result.imageUrl,
      width: record?.width ?? result.width,
      height: record?.height ?? result.height,
      isNew: true,
      savedId: result.savedImageId,
      provider: result.provider ?? resultProvider(record?.metadata),
    });
  }
  for (const image of saved) {
    if (shown.has(image.id)) continue;
    shown.add(image.id); // a page boundary shifting after a delete must not show one twice
    items.push({
      key: `saved-${image.id}`,
      n: items.length + 1,
      thumbnailUrl: image.thumbnailUrl,
      imageUrl: image.imageUrl,
      width: image.width,
      height: image.height,
      isNew: false,
      savedId: image.id,
      provider: resultProvider(image.metadata),
    });
  }
  return items;
}
