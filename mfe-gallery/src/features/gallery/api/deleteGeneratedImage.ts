import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GENERATED_IMAGES_KEY, apiErrorToast, apiHeaders, apiRequest, announceImageDeleted, toast } from '@vton/shell-sdk';
import { galleryQueryKey, type GalleryData } from './generatedImages';

/** DELETE /api/generated-images/:id */
export async function deleteGeneratedImage(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/generated-images/${id}`);
}

/** Drops one image from the loaded pages at once, before the refetch confirms it. */
export function withoutImage(data: GalleryData | undefined, id: number): GalleryData | undefined {
  if (!data) return data;
  let removed = false;
  const pages = data.pages.map((page) => {
    const images = page.images.filter((image) => image.id !== id);
    if (images.length === page.images.length) return page;
    removed = true;
    return { ...page, images };
  });
  if (!removed) return data;
  return { ...data, pages: pages.map((page) => ({ ...page, total: Math.max(0, page.total - 1) })) };
}

/**
 * Deletes a saved image for good (once its undo window has passed): the list refreshed, and the
 * session result it came from forgotten. The "Image deleted" toast came when the seller clicked.
 */
export function useDeleteGeneratedImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGeneratedImage,
    onSuccess: async (_void, id) => {
      announceImageDeleted(id);
      queryClient.setQueryData<GalleryData>(galleryQueryKey, (data) => withoutImage(data, id));
      await queryClient.invalidateQueries({ queryKey: GENERATED_IMAGES_KEY });
    },
    onError: (error) => {
      console.error('Delete failed', error);
      toast(apiErrorToast(error, { title: 'Delete failed', description: 'Failed to delete the image. Please try again.', variant: 'destructive' }));
    },
  });
}

/** The page is closing inside an undo window: the delete still reaches the server (keepalive). */
export function deleteGeneratedImageOnUnload(id: number): void {
  void fetch(`/api/generated-images/${id}`, {
    method: 'DELETE',
    keepalive: true,
    credentials: 'include',
    headers: apiHeaders(),
  }).catch(() => undefined);
}
