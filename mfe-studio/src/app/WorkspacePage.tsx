import { useCallback, useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import type { GarmentRecord } from '@vton/contracts';
import { toast, useOpenGalleryListener, usePageTitle, useSessionResults } from '@vton/shell-sdk';
import { ResultViewer } from '@vton/results';
import { Button, VisuallyHidden, media } from '@vton/ui';
import { CanvasPanel } from '../components/CanvasPanel';
import { SidebarSeparator } from '../components/SidebarSeparator';
import { useToolFocusReturn } from '../hooks/useToolFocusReturn';
import { useWindowWidth } from '../hooks/useWindowWidth';
import { defaultSidebarWidth } from '../lib/sidebar';
import {
  WorkspaceStoreContext,
  garmentFromRecord,
  useWorkspace,
  useWorkspaceFields,
  useWorkspaceStore,
  workspaceActions,
  type WorkspaceStore,
} from '../stores/workspaceStore';
import { GarmentSection } from '../features/garment/components/GarmentSection';
import { ModelPhotosSection } from '../features/model-photos/components/ModelPhotosSection';
import { CropTool } from '../features/crop-tool/components/CropTool';
import { MaskEditor } from '../features/mask-editor/components/MaskEditor';
import { hasUnapprovedMasks } from '../features/mask-editor/model/maskSessions';
import { SuggestMaskButton } from '../features/suggested-masks/components/SuggestMaskButton';
import { SuggestAllMasks } from '../features/suggested-masks/components/SuggestAllMasks';
import { SuggestionTileStatus } from '../features/suggested-masks/components/SuggestionTileStatus';
import { forgetSuggestion } from '../features/suggested-masks/utils/suggestions';
import { GenerateBar } from '../features/generation/components/GenerateBar';
import { GenerationView } from '../features/generation/components/GenerationView';
import { GenerationControllerContext, useGeneration } from '../features/generation/hooks/useGeneration';
import type { GenerationController } from '../features/generation/utils/generationController';
import { useWorkspaceSession } from './workspaceSession';
import { STUDIO_TABS_HEIGHT } from './StudioTabs';
import { approveMask } from './approveMask';
import { suggestionMasks } from './suggestionMasks';
import { ResultsDrawer, downloadFailedToast, sessionResultDownloadName } from '../features/results-drawer/components/ResultsDrawer';
import { BuiltInEngineNote } from '../features/provider-note/components/BuiltInEngineNote';
import { MOBILE_BREAKPOINT_PX, SIDEBAR, TOOL_LAYOUT_BREAKPOINT_PX } from '@vton/contracts';

const Shell = styled.div`
  display: flex;
  height: calc(100vh - ${({ theme }) => theme.layout.headerHeight} - ${STUDIO_TABS_HEIGHT});
  /* the visible height where the browser knows it (a phone's toolbars, a desktop's scrollbar): nothing is cut below */
  height: calc(100dvh - ${({ theme }) => theme.layout.headerHeight} - ${STUDIO_TABS_HEIGHT});
  min-height: 480px;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.background};
  /* a phone: one column, the sections stacked, the page scrolls (never sideways) */
  ${media.belowMobileBreakpoint} {
    flex-direction: column;
    height: auto;
    min-height: calc(100vh - ${({ theme }) => theme.layout.headerHeight} - ${STUDIO_TABS_HEIGHT});
    overflow: visible;
    max-width: 100vw;
  }
`;

const Sidebar = styled.aside`
  flex: none;
  display: flex;
  flex-direction: column;
  min-height: 0;
  background: ${({ theme }) => theme.colors.surface};
  transition: width 0.2s ease;
  /* one column on a phone: the full width at once, never a desktop width sliding off screen */
  ${media.belowMobileBreakpoint} { transition: none; }
`;

const SidebarScroll = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  ${media.belowMobileBreakpoint} { overflow: visible; }
`;

// a named region, not <main>: the shell's <main> holds every page, and a page has one main landmark
const Canvas = styled.section<{ $full: boolean }>`
  position: relative;
  flex: 1;
  min-width: 0;
  overflow: hidden;
  /* the built-in engine's note (when shown) above the stage, the tool or result filling the rest */
  display: flex;
  flex-direction: column;
  background: radial-gradient(80% 60% at 50% 40%, rgba(139, 108, 255, 0.08) 0%, rgba(11, 11, 18, 0) 100%);
  ${media.belowMobileBreakpoint} {
    flex: none;
    width: 100%;
    /* a tool or the generation view takes the whole screen below the studio's tabs; otherwise the note and the preview sit below the sections */
    ${({ $full, theme }) => ($full ? `height: calc(100dvh - ${theme.layout.headerHeight} - ${STUDIO_TABS_HEIGHT}); min-height: 360px;` : '')}
  }
`;

/** What the canvas panels fill (they are absolute, inset 0): the canvas below the note. */
const Stage = styled.div<{ $full: boolean }>`
  position: relative;
  flex: 1;
  min-height: 0;
  /* a phone's preview keeps its own height below the note, which adds to the page instead of taking from it */
  ${media.belowMobileBreakpoint} {
    ${({ $full }) => ($full ? '' : 'flex: none; height: 60vh; min-height: 360px;')}
  }
`;

const EmptyState = styled.p`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  padding: 32px;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 16px;
  max-width: 520px;
  margin: auto;
`;

const Preview = styled(CanvasPanel)`
  align-items: center;
  justify-content: center;
  gap: 20px;
  padding: 24px;
  /* toasts sit at the bottom right from 768 px: the model strip stays above them */
  ${media.fromMobileBreakpoint} { padding-bottom: 136px; }
  figure { display: flex; flex-direction: column; align-items: center; gap: 8px; min-height: 0; }
  /* min-height 0: on a short canvas (a laptop, the built-in engine's note above) the garment shrinks to fit instead of running over the strip */
  figure img { min-height: 0; max-width: min(100%, 520px); max-height: 56vh; object-fit: contain; background: #fff; border-radius: ${({ theme }) => theme.radii.md}; }
  figcaption { color: ${({ theme }) => theme.colors.textMuted}; font-size: 13px; }
  ${media.belowMobileBreakpoint} { figure img { max-height: 40vh; } }
`;

const Strip = styled.ul`
  display: flex;
  gap: 8px;
  list-style: none;
  margin: 0;
  padding: 0;
  overflow-x: auto;
  max-width: 100%;
  /* a scroll box may shrink to nothing in the column: the strip keeps its height, the garment above gives way */
  flex: none;
  /* the photos keep their size and the strip scrolls: shrunk to fit, their width went and their height stayed (squashed) */
  li { flex: none; }
  img { height: 96px; max-width: none; border-radius: 8px; display: block; }
`;

function CanvasContent({ onRetry, onOpenViewer, onRetryRestore }: { onRetry: (modelId: number) => void; onOpenViewer: () => void; onRetryRestore?: () => void }) {
  const store = useWorkspaceStore();
  const { tool, garment, models, maskModelKey: editedKey, showGeneration, restoring, restoreError } = useWorkspaceFields('tool', 'garment', 'models', 'maskModelKey', 'showGeneration', 'restoring', 'restoreError');
  const actions = workspaceActions(store);

  const onCropped = useCallback(
    (record: GarmentRecord) => {
      store.setState({ garment: garmentFromRecord(record), tool: 'none' });
      toast({ title: 'Garment cropped', description: 'Your garment is now ready for try-on.' });
    },
    [store],
  );

  if (tool === 'crop' && garment?.id) {
    return (
      <CropTool
        garment={{ id: garment.id, url: garment.url, width: garment.width, height: garment.height }}
        onCancel={actions.closeTool}
        onCropped={onCropped}
        onError={() => toast({ title: 'Crop failed', description: 'Failed to crop garment. Please try again.', variant: 'destructive' })}
      />
    );
  }

  const maskModel = tool === 'mask' ? models.find((m) => m.key === editedKey) : undefined;
  if (maskModel && maskModel.id !== null) {
    const { key, id } = maskModel;
    return (
      <MaskEditor
        key={key}
        photo={{
          id,
          filename: maskModel.filename,
          url: maskModel.url,
          width: maskModel.width,
          height: maskModel.height,
          savedMask:
            maskModel.status === 'ready' && maskModel.inpaint
              ? { url: maskModel.inpaint.processedMaskUrl, bounds: maskModel.inpaint.bounds }
              : null,
        }}
        onCancel={actions.closeTool}
        onApprove={(mask, thumbnail) => {
          actions.closeTool();
          forgetSuggestion(id);
          approveMask(store, key, id, mask, thumbnail);
        }}
        tools={<SuggestMaskButton photo={{ id, url: maskModel.url, width: maskModel.width, height: maskModel.height }} masks={suggestionMasks} />}
      />
    );
  }

  if (restoreError !== null) {
    return (
      <EmptyState as="div" role="alert">
        <div>
          <p>Your workspace could not be loaded. {restoreError}</p>
          {onRetryRestore && <Button onClick={onRetryRestore}>Try again</Button>}
        </div>
      </EmptyState>
    );
  }

  if (showGeneration) return <GenerationView onRetry={onRetry} onOpenViewer={onOpenViewer} />;

  if (!garment && models.length === 0) {
    if (restoring) return <EmptyState role="status">Restoring your workspace…</EmptyState>;
    return <EmptyState>Upload a garment and select model photos to begin the virtual try-on process</EmptyState>;
  }

  return (
    <Preview>
      {garment && (
        <figure>
          <img src={garment.croppedUrl ?? garment.url} alt={garment.croppedUrl ? 'Cropped garment' : 'Garment'} />
          <figcaption>{garment.croppedUrl ? 'Cropped & ready' : 'Ready for cropping'}</figcaption>
        </figure>
      )}
      {models.length > 0 && (
        <Strip aria-label="Selected model photos">
          {models.map((m) => (
            <li key={m.key}>
              <img src={m.maskThumbnailUrl ?? m.thumbnailUrl} alt={m.filename} />
            </li>
          ))}
        </Strip>
      )}
    </Preview>
  );
}

/** "Suggest all masks" for the model photos without an approved mask; "Approve all" approves like the editor. */
function ModelPhotoSuggestions() {
  const store = useWorkspaceStore();
  const models = useWorkspace((s) => s.models);
  const photos = models.flatMap((m) => (m.id !== null && m.status === 'uploaded' ? [{ id: m.id, url: m.url, width: m.width, height: m.height }] : []));
  const approve = (photo: { id: number }, mask: Blob, thumbnail: string) => {
    const model = store.getState().models.find((m) => m.id === photo.id);
    if (model) approveMask(store, model.key, photo.id, mask, thumbnail);
  };
  return <SuggestAllMasks photos={photos} masks={suggestionMasks} onApprove={approve} />;
}

function Workspace({ onRetryRestore }: { onRetryRestore?: () => void }) {
  usePageTitle('Try on');
  const windowWidth = useWindowWidth();
  const [width, setWidth] = useState(() => defaultSidebarWidth(windowWidth));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [viewerOpen, setViewerOpen] = useState(false);
  const tool = useWorkspace((s) => s.tool);
  useToolFocusReturn(tool, useWorkspace((s) => s.maskModelKey));
  const activeResult = useWorkspace((s) => s.activeResult);
  const models = useWorkspace((s) => s.models);
  const modelFilenames = useMemo(() => new Map(models.flatMap((m) => (m.id === null ? [] : [[m.id, m.filename] as const]))), [models]);
  const garment = useWorkspace((s) => s.garment);
  const product = useMemo(() => (garment?.id != null && garment.name ? { id: garment.id, name: garment.name } : null), [garment?.id, garment?.name]);
  // the active result as the session store has it now (a mock result becomes its stored PNG once saved)
  const sessionResults = useSessionResults().results;
  const viewed = activeResult ? (sessionResults.find((r) => r.id === activeResult.id) ?? activeResult) : null;
  const generation = useGeneration();
  const builtInResults = useSessionResults().results.some((r) => r.builtInEngine);
  useOpenGalleryListener(() => setDrawerOpen(true));
  // paint not yet approved lives only in this page: the browser asks before the page closes
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!hasUnapprovedMasks()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  const toolOpen = tool !== 'none';
  const showGeneration = useWorkspace((s) => s.showGeneration);
  // below 768 px the studio is one column: the sidebar's sections full width, no separator
  const phone = windowWidth < MOBILE_BREAKPOINT_PX;
  // on a phone the generation view takes the screen like a tool (its Close brings the sections back)
  const canvasFull = toolOpen || (phone && showGeneration);
  // spec §2: while a tool is open the canvas takes the main area; below 1024 px the sidebar hides
  const sidebarHidden = (toolOpen && windowWidth < TOOL_LAYOUT_BREAKPOINT_PX) || (phone && showGeneration);
  // meanwhile the separator is disabled: the seller's width is kept and comes back when the tool closes
  const sidebarWidth = toolOpen ? Math.min(width, SIDEBAR.min) : width;

  return (
    <Shell data-tool={tool}>
      <VisuallyHidden as="h1">Try-on workspace</VisuallyHidden>
      {!sidebarHidden && (
        <>
          <Sidebar style={{ width: phone ? '100%' : sidebarWidth }} aria-label="Workspace settings" data-testid="sidebar">
            <SidebarScroll>
              <GarmentSection />
              <ModelPhotosSection tools={<ModelPhotoSuggestions />} tileExtra={(m) => m.id !== null && m.status === 'uploaded' && <SuggestionTileStatus photoId={m.id} />} />
            </SidebarScroll>
            <GenerateBar onTryOn={() => void generation.tryOn()} onMock={() => void generation.mock()} />
          </Sidebar>
          {!phone && <SidebarSeparator width={sidebarWidth} onChange={setWidth} disabled={toolOpen} />}
        </>
      )}
      <Canvas aria-label="Canvas" $full={canvasFull}>
        {/* not while a tool (or a phone's generation view) takes the canvas, whose room it would take: it shows once that closes */}
        {!canvasFull && <BuiltInEngineNote visible={builtInResults} />}
        <Stage $full={canvasFull}>
          <CanvasContent onRetry={(modelId) => void generation.retry(modelId)} onOpenViewer={() => setViewerOpen(true)} onRetryRestore={onRetryRestore} />
        </Stage>
      </Canvas>
      <ResultsDrawer open={drawerOpen} onClose={closeDrawer} modelFilenames={modelFilenames} garment={product} />
      {!drawerOpen && (
        <ResultViewer
          imageUrl={viewerOpen && viewed ? viewed.imageUrl : null}
          alt="Active result"
          provider={viewed?.provider}
          providerLabel={viewed?.providerLabel}
          builtInEngine={viewed?.builtInEngine}
          mock={viewed?.generationType === 'mock'}
          downloadFileName={
            viewed
              ? sessionResultDownloadName(viewed, viewed.number ?? 1, {
                  model: viewed.modelId !== undefined ? modelFilenames.get(viewed.modelId) : undefined,
                  product: product && viewed.garmentId === product.id ? product.name : undefined,
                })
              : undefined
          }
          onClose={() => setViewerOpen(false)}
          onImageError={() => {
            setViewerOpen(false);
            toast({ title: 'Result no longer available', description: 'Its image could not be loaded.', variant: 'destructive' });
          }}
          onDownloadError={downloadFailedToast}
        />
      )}
    </Shell>
  );
}

function WorkspaceProviders({ store, generation, onRetryRestore }: { store: WorkspaceStore; generation: GenerationController | null; onRetryRestore?: () => void }) {
  return (
    <WorkspaceStoreContext.Provider value={store}>
      <GenerationControllerContext.Provider value={generation}>
        <Workspace onRetryRestore={onRetryRestore} />
      </GenerationControllerContext.Provider>
    </WorkspaceStoreContext.Provider>
  );
}

/** The signed-in seller's workspace session: kept across visits to other pages, rebuilt after a reload. */
function SessionWorkspace() {
  const session = useWorkspaceSession();
  return <WorkspaceProviders store={session.store} generation={session.generation} onRetryRestore={() => void session.retryRestore()} />;
}

/**
 * The try-on workspace (/app). Without a store it shows the seller's workspace session (the same
 * one each time they come back); a store handed in (tests) lives only as long as this mount.
 */
export function WorkspacePage({ store }: { store?: WorkspaceStore } = {}) {
  return store ? <WorkspaceProviders store={store} generation={null} /> : <SessionWorkspace />;
}
