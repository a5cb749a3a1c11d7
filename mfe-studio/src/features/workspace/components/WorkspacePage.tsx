import { openGallery, useAuth, usePageTitle } from '@vton/shell-sdk';
import { Button, PageHeader } from '@vton/ui';

/** Placeholder of the try-on workspace; the garment, model photos and canvas come next. */
export function WorkspacePage() {
  usePageTitle('Try on');
  const { user } = useAuth();
  return (
    <PageHeader
      eyebrow="Try on"
      title="Try-on workspace"
      description="Upload a garment and select model photos to begin the virtual try-on process"
    >
      <p style={{ marginTop: 16, opacity: 0.7 }}>{user ? `Signed in as ${user.email}` : null}</p>
      <div style={{ marginTop: 24 }}>
        <Button variant="outline" onClick={openGallery}>
          Open results
        </Button>
      </div>
    </PageHeader>
  );
}
