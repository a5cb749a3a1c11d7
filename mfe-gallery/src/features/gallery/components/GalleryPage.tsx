import { useCallback, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { TEMPORARILY_UNAVAILABLE } from '@vton/contracts';
import { isTemporarilyUnavailable, useMarkResultsSeen, usePageTitle, useSessionResults } from '@vton/shell-sdk';
import { Button, Container, LoadingState, PageHeader, Spinner } from '@vton/ui';
import { ResultViewer, downloadImage, resultFileName, resultLabel } from '@vton/results';
import { useDeleteGeneratedImage } from '../api/deleteGeneratedImage';
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

  const saved = useMemo(() => gallery.data?.pages.flatMap((page) => page.images) ?? [], [gallery.data]);
  const items = useMemo(() => mergeGalleryItems(results, saved), [results, saved]);
  const total = gallery.data?.pages[gallery.data.pages.length - 1]?.total;

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = gallery;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const onDelete = useCallback(
    (item: GalleryItem) => {
      if (item.savedId === undefined) return;
      if (viewing?.key === item.key) setViewing(null);
      remove.mutate(item.savedId);
    },
    [remove, viewing],
  );

  const onDownload = useCallback((item: GalleryItem) => {
    void downloadImage(item.imageUrl, resultFileName(item.n));
  }, []);

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
        label={viewing ? `${resultLabel(viewing.n)} preview` : undefined}
        downloadFileName={viewing ? resultFileName(viewing.n) : undefined}
        onClose={() => setViewing(null)}
      />
    </Page>
  );
}
