import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { TEMPORARILY_UNAVAILABLE, TOAST_DURATION_MS } from '@vton/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { GENERATED_IMAGES_KEY, isTemporarilyUnavailable, announceImageDeleted, toast, useMarkResultsSeen, usePageTitle, useSessionResults } from '@vton/shell-sdk';
import { Button, Container, LoadingState, PageHeader, Spinner } from '@vton/ui';
import { ResultViewer, downloadImage, resultFileName, resultLabel } from '@vton/results';
import { deleteGeneratedImageOnUnload, useDeleteGeneratedImage } from '../api/deleteGeneratedImage';
import { useGeneratedImages } from '../api/generatedImages';
import { useHalfSpeedWheel } from '../hooks/useHalfSpeedWheel';
import { mergeGalleryItems, type GalleryItem } from '../utils/galleryItems';
import { GalleryGrid } from './GalleryGrid';

export const GALLERY_EMPTY_TEXT = 'No results yet. Start generating virtual try-on results to see them here. Visit the Try on page to begin.';

const Page = styled.div`
  padding-bottom: 64px;
`;

const Empty = styled.p`
  max-width: 560px;
  margin: 48px auto;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 17px;
  a {
    color: ${({ theme }) => theme.colors.accent};
    font-weight: 600;
  }
`;

const Footer = styled.div`
  display: flex;
  justify-content: center;
  align-items: center;
  gap: 10px;
  min-height: 64px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Problem = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 16px;
  margin: 48px auto;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const UndoButton = styled.button`
  margin-left: 8px;
  padding: 2px 10px;
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 1px solid currentColor;
  background: transparent;
  color: inherit;
  font-weight: 600;
  cursor: pointer;
`;

const downloadFailedToast = () =>
  toast({ title: 'Download failed', description: 'The image could not be downloaded. Please try again.', variant: 'destructive' });

/** How long a delete can be undone from its toast: as long as the toast shows. */
export const UNDO_DELETE_MS = TOAST_DURATION_MS;

function countText(saved: number | undefined, session: number): string | undefined {
  if (saved === undefined) return undefined;
  const parts = [`${saved} saved ${saved === 1 ? 'result' : 'results'}`];
  if (session > 0) parts.push(`${session} new this session`);
  return parts.join(' · ');
}

/** /gallery: this session's results ("New") and the saved ones, newest first (spec §2). */
export function GalleryPage() {
  usePageTitle('Gallery');
  useMarkResultsSeen(true);
  const { results, skeletonCount } = useSessionResults();
  const gallery = useGeneratedImages();
  const remove = useDeleteGeneratedImage();
  const pageRef = useRef<HTMLDivElement>(null);
  useHalfSpeedWheel(pageRef);
  const [viewing, setViewing] = useState<GalleryItem | null>(null);
  // deletes inside their undo window: hidden at once, sent when the window closes
  const [undoable, setUndoable] = useState<ReadonlySet<number>>(() => new Set());
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const queryClient = useQueryClient();
  // after a delete the next tile slides under the resting cursor: no delete button appears there
  // until the pointer really moves (the browser also reports a move with the cursor where it was)
  const [actionsHeld, setActionsHeld] = useState(false);
  const pointer = useRef<{ x: number; y: number } | null>(null);
  useEffect(() => {
    const onMove = (event: PointerEvent) => {
      const last = pointer.current;
      pointer.current = { x: event.clientX, y: event.clientY };
      if (last && (last.x !== event.clientX || last.y !== event.clientY)) setActionsHeld(false);
    };
    window.addEventListener('pointermove', onMove);
    return () => window.removeEventListener('pointermove', onMove);
  }, []);

  const saved = useMemo(() => gallery.data?.pages.flatMap((page) => page.images) ?? [], [gallery.data]);
  const items = useMemo(
    () => mergeGalleryItems(results, saved).filter((item) => item.savedId === undefined || !undoable.has(item.savedId)),
    [results, saved, undoable],
  );
  const loadedTotal = gallery.data?.pages[gallery.data.pages.length - 1]?.total;
  // a delete inside its undo window is gone from the grid, so from the count too
  const hidden = useMemo(() => {
    const loaded = new Set(saved.map((image) => image.id));
    return [...undoable].filter((id) => loaded.has(id)).length;
  }, [saved, undoable]);
  const total = loadedTotal === undefined ? undefined : Math.max(0, loadedTotal - hidden);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = gallery;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const show = (id: number) =>
    setUndoable((current) => {
      const next = new Set(current);
      next.delete(id);
      return next;
    });
  const { mutate } = remove;

  const onDelete = useCallback(
    (item: GalleryItem) => {
      const id = item.savedId;
      if (id === undefined) return;
      if (viewing?.key === item.key) setViewing(null);
      setUndoable((current) => new Set(current).add(id));
      setActionsHeld(true);
      const shown = toast({
        title: 'Image deleted',
        description: (
          <>
            Generated image has been removed from your gallery.
            <UndoButton
              type="button"
              onClick={() => {
                clearTimeout(timers.current.get(id));
                timers.current.delete(id);
                show(id);
                shown.dismiss();
              }}
            >
              Undo
            </UndoButton>
          </>
        ),
      });
      timers.current.set(
        id,
        setTimeout(() => {
          timers.current.delete(id);
          mutate(id, { onError: () => show(id), onSuccess: () => show(id) });
        }, UNDO_DELETE_MS),
      );
    },
    [mutate, viewing],
  );

  // leaving the page (or closing it) inside an undo window still deletes
  useEffect(() => {
    const flush = () => {
      if (timers.current.size === 0) return;
      for (const [id, timer] of timers.current) {
        clearTimeout(timer);
        deleteGeneratedImageOnUnload(id);
        announceImageDeleted(id);
      }
      timers.current.clear();
      void queryClient.invalidateQueries({ queryKey: GENERATED_IMAGES_KEY });
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [queryClient]);

  const onDownload = useCallback((item: GalleryItem) => {
    void downloadImage(item.imageUrl, resultFileName(item.n)).then((ok) => ok || downloadFailedToast());
  }, []);

  // an image gone from storage (deleted in another tab): read the list again, once per burst
  const refreshing = useRef(false);
  const onImageError = useCallback(() => {
    if (refreshing.current) return;
    refreshing.current = true;
    void queryClient.invalidateQueries({ queryKey: GENERATED_IMAGES_KEY }).finally(() => {
      refreshing.current = false;
    });
  }, [queryClient]);

  const nothing = items.length === 0 && skeletonCount === 0;
  let body;
  if (nothing && gallery.isPending) {
    body = <LoadingState text="Loading your gallery..." />;
  } else if (nothing && gallery.isError) {
    body = (
      <Problem role="alert">
        <span>{isTemporarilyUnavailable(gallery.error) ? TEMPORARILY_UNAVAILABLE.description : 'Your gallery could not be loaded.'}</span>
        <Button variant="outline" onClick={() => void gallery.refetch()}>
          Try again
        </Button>
      </Problem>
    );
  } else if (nothing) {
    body = (
      <Empty>
        No results yet. Start generating virtual try-on results to see them here. Visit the <Link to="/app">Try on</Link> page to begin.
      </Empty>
    );
  } else {
    body = (
      <>
        <GalleryGrid
          items={items}
          skeletonCount={skeletonCount}
          onNearEnd={loadMore}
          onOpen={setViewing}
          onDownload={onDownload}
          onDelete={onDelete}
          busyId={remove.isPending ? remove.variables : undefined}
          onImageError={onImageError}
          actionsHeld={actionsHeld}
        />
        <Footer>
          {(gallery.isFetchingNextPage || (gallery.isPending && !nothing)) && <Spinner size={20} label="Loading more results" />}
          {gallery.isFetchNextPageError && (
            <Button variant="outline" size="sm" onClick={() => void fetchNextPage()}>
              Load more
            </Button>
          )}
        </Footer>
      </>
    );
  }

  return (
    <Page ref={pageRef}>
      <PageHeader eyebrow="Your results" title="Gallery" description={countText(total, results.length)} />
      <Container>{body}</Container>
      <ResultViewer
        imageUrl={viewing?.imageUrl ?? null}
        alt={viewing ? resultLabel(viewing.n) : undefined}
        provider={viewing?.provider}
        providerLabel={viewing?.providerLabel}
        mock={viewing?.mock}
        builtInEngine={viewing?.builtInEngine}
        label={viewing ? `${resultLabel(viewing.n)} preview` : undefined}
        downloadFileName={viewing ? resultFileName(viewing.n) : undefined}
        onClose={() => setViewing(null)}
        onImageError={() => {
          setViewing(null);
          toast({ title: 'Result no longer available', description: 'Its image could not be loaded.', variant: 'destructive' });
          onImageError();
        }}
        onDownloadError={downloadFailedToast}
      />
    </Page>
  );
}
