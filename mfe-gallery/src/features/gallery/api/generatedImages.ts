import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { GeneratedImagesPage } from '@vton/contracts';
import { GENERATED_IMAGES_KEY, apiRequest } from '@vton/shell-sdk';

/** A multiple of every column count (2–6), so each page fills whole rows. */
export const GALLERY_PAGE_SIZE = 60;

/** Signed URLs live an hour (svc-media); refetch on a later visit well before they expire. */
const GALLERY_STALE_MS = 30 * 60 * 1000;

export const galleryQueryKey = [...GENERATED_IMAGES_KEY, { pageSize: GALLERY_PAGE_SIZE }] as const;

export type GalleryData = InfiniteData<GeneratedImagesPage, string | null>;

/** GET /api/generated-images?limit=&cursor= → one page, newest first. */
export async function fetchGeneratedImagesPage(cursor: string | null, limit = GALLERY_PAGE_SIZE): Promise<GeneratedImagesPage> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  const response = await apiRequest('GET', `/api/generated-images?${params}`, undefined);
  return (await response.json()) as GeneratedImagesPage;
}

export const galleryQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: galleryQueryKey,
    queryFn: ({ pageParam }) => fetchGeneratedImagesPage(pageParam, GALLERY_PAGE_SIZE),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: GALLERY_STALE_MS,
  });

/** The saved results, paged on demand (infinite scroll). */
export function useGeneratedImages() {
  return useInfiniteQuery(galleryQueryOptions());
}
