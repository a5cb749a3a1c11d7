import { usePageTitle } from '@vton/shell-sdk';
import { PageHeader } from '@vton/ui';

/** Placeholder of the gallery page; saved and session results arrive with the gallery issue. */
export function GalleryPage() {
  usePageTitle('Gallery');
  return (
    <PageHeader
      eyebrow="Your results"
      title="Gallery"
      description="No results yet. Start generating virtual try-on results to see them here. Visit the Try on page to begin."
    />
  );
}
