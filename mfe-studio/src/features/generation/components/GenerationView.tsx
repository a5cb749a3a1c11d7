import styled from 'styled-components';
import type { JobModelState, TryOnJobModel } from '@vton/contracts';
import { MOCK_RESULT_CAPTION } from '@vton/results';
import { useSessionResults } from '@vton/shell-sdk';
import { Button, Spinner, media, photoCaption } from '@vton/ui';
import { CanvasPanel, CanvasPanelBar } from '../../../components/CanvasPanel';
import { useWorkspaceFields, useWorkspaceStore, workspaceActions } from '../../../stores/workspaceStore';
import { STATE_LABEL, isUnfinished, jobCounts, toSessionResult } from '../utils/jobProgress';

const Head = styled(CanvasPanelBar)`
  flex-wrap: wrap;
  gap: 8px 12px;
  padding: 10px 16px;
  h2 { font-size: 15px; flex: 1; }
  [data-testid='generation-progress'] { white-space: nowrap; }
  /* a thumb-sized Close on a phone */
  ${media.belowMobileBreakpoint} { button { min-height: 44px; min-width: 72px; } }
`;

const Body = styled.div`
  flex: 1;
  min-height: 0;
  display: flex;
  gap: 16px;
  padding: 16px;
  @media (max-width: 900px) { flex-direction: column; overflow-y: auto; }
`;

// The result fits inside the stage whatever its shape (a 564×1000 portrait, a Mock's photo): it
// never spills over the progress list beside it or, on a phone, below it (issue 32).
const Stage = styled.div`
  position: relative;
  flex: 1;
  min-height: 0;
  @media (max-width: 900px) { flex: none; height: 45vh; }
  min-width: 0;
  overflow: hidden;
  display: grid;
  place-items: center;
  border-radius: ${({ theme }) => theme.radii.md};
  background: rgba(255, 255, 255, 0.02);
`;

const StageResult = styled.button`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 0;
  border: 0;
  background: none;
  cursor: zoom-in;
  img { display: block; max-width: 100%; max-height: 100%; object-fit: contain; border-radius: ${({ theme }) => theme.radii.sm}; }
`;

// The progress lists' column: the latest Mock's rows over the try-on's (whose Retry stays at hand).
const Lists = styled.div`
  width: 280px;
  flex: none;
  display: flex;
  flex-direction: column;
  gap: 16px;
  overflow: auto;
  @media (max-width: 900px) { width: 100%; overflow: visible; }
  h3 { font-size: 13px; font-weight: 600; color: ${({ theme }) => theme.colors.textMuted}; margin-bottom: 8px; }
`;

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const MockCaption = styled.p`
  ${photoCaption}
  left: 50%;
  bottom: 8px;
  transform: translateX(-50%);
  max-width: calc(100% - 16px);
  padding: 4px 10px;
  text-align: center;
`;

const Item = styled.li<{ $state: TryOnJobModel['state'] }>`
  display: flex;
  align-items: center;
  gap: 10px;
  padding: 8px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme, $state }) => ($state === 'failed' ? theme.colors.destructive : theme.colors.border)};
  background: ${({ theme }) => theme.colors.surface};
  img { width: 40px; height: 52px; object-fit: cover; border-radius: 6px; }
  .meta { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 2px; font-size: 13px; }
  .name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .state { color: ${({ theme, $state }) => ($state === 'failed' ? theme.colors.destructive : $state === 'succeeded' ? theme.colors.success : theme.colors.textMuted)}; display: flex; align-items: center; gap: 6px; }
  .error { color: ${({ theme }) => theme.colors.textMuted}; font-size: 12px; }
`;

const ResultButton = styled.button`
  padding: 0;
  border: 0;
  background: none;
  cursor: pointer;
`;

/** One model photo's row in the progress list: its result (or photo), its state, Retry when it failed. */
function ProgressItem({ name, model, thumbnailUrl, onShow, onRetry, retryDisabled = false }: { name: string; model: Pick<TryOnJobModel, 'modelId' | 'state' | 'attempts'> & Partial<Pick<TryOnJobModel, 'error'>>; thumbnailUrl?: string; onShow?: () => void; onRetry?: () => void; retryDisabled?: boolean }) {
  const image = thumbnailUrl && <img src={thumbnailUrl} alt="" />;
  return (
    <Item $state={model.state} data-testid={`job-model-${model.modelId}`} data-state={model.state}>
      {onShow ? (
        <ResultButton type="button" onClick={onShow} aria-label={`Show the result for ${name}`}>
          {image}
        </ResultButton>
      ) : (
        image
      )}
      <div className="meta">
        <span className="name">{name}</span>
        <span className="state">
          {isUnfinished(model.state) && <Spinner size={12} />}
          {STATE_LABEL[model.state]}
          {model.state === 'running' && model.attempts > 1 ? ` (attempt ${model.attempts})` : ''}
        </span>
        {model.error && <span className="error">{model.error.message}</span>}
      </div>
      {model.state === 'failed' && onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry} disabled={retryDisabled} aria-label={`Retry ${name}`}>
          Retry
        </Button>
      )}
    </Item>
  );
}

/** "2 / 3 done · 1 failed" */
function progressText({ done, total, failed }: { done: number; total: number; failed: number }): string {
  return `${done} / ${total} done${failed > 0 ? ` · ${failed} failed` : ''}`;
}

export interface GenerationViewProps {
  onRetry: (modelId: number) => void;
  onOpenViewer?: () => void;
}

/** Spec §2 generation view: live per-model progress and the active result. */
export function GenerationView({ onRetry, onOpenViewer }: GenerationViewProps) {
  const store = useWorkspaceStore();
  const { job, mock, activeResult: active, models, generating, mockGenerating } = useWorkspaceFields('job', 'mock', 'activeResult', 'models', 'generating', 'mockGenerating');
  const { results } = useSessionResults();
  const nameOf = (modelId: number) => models.find((p) => p.id === modelId)?.filename ?? `Model ${modelId}`;
  const photoThumbnail = (modelId: number) => {
    const photo = models.find((p) => p.id === modelId);
    return photo ? (photo.maskThumbnailUrl ?? photo.thumbnailUrl) : undefined;
  };
  // a Mock, when it is the latest generation: each photo waits 5 s, then shows its result
  const mockRows = mock?.models.map(({ modelId, resultId }) => {
    const result = resultId === null ? undefined : results.find((r) => r.id === resultId);
    const state: JobModelState = resultId === null ? 'running' : 'succeeded';
    return { modelId, state, result };
  });
  const mockCounts = mockRows && mockRows.length > 0 ? { done: mockRows.filter((row) => row.state === 'succeeded').length, total: mockRows.length, failed: 0 } : null;
  const jobProgress = job ? jobCounts(job) : null;
  // the header speaks of the latest generation
  const counts = mock ? mockCounts : jobProgress;
  // both lists show: each says which generation it is
  const both = Boolean(mockCounts && job);

  return (
    <CanvasPanel data-testid="generation-view">
      <Head>
        <h2>Generation</h2>
        {counts && (
          <span role="status" aria-live="polite" data-testid="generation-progress">
            {progressText(counts)}
          </span>
        )}
        <Button variant="outline" size="sm" onClick={() => workspaceActions(store).closeGeneration()}>
          Close
        </Button>
      </Head>
      <Body>
        <Stage>
          {active ? (
            <StageResult type="button" onClick={onOpenViewer} aria-label="Open the active result fullscreen">
              <img src={active.imageUrl} alt="Active result" data-testid="active-result" />
            </StageResult>
          ) : generating ? (
            <Spinner size={32} label="Generating" />
          ) : null}
          {active?.generationType === 'mock' && <MockCaption data-testid="active-result-mock">{MOCK_RESULT_CAPTION}</MockCaption>}
        </Stage>
        {(mockCounts || job) && (
          <Lists>
            {mockCounts && (
              <div>
                {both && <h3>Mock</h3>}
                <List aria-label="Mock progress">
                  {mockRows!.map(({ modelId, state, result }) => (
                    <ProgressItem
                      key={modelId}
                      name={nameOf(modelId)}
                      model={{ modelId, state, attempts: 1 }}
                      thumbnailUrl={result?.thumbnailUrl ?? photoThumbnail(modelId)}
                      onShow={result && (() => workspaceActions(store).showResult(result))}
                    />
                  ))}
                </List>
              </div>
            )}
            {/* the try-on stays listed after a Mock: its failed models can still be retried (not during the Mock: one generation at a time) */}
            {job && (
              <div>
                {both && <h3 data-testid="try-on-progress">Try on · {progressText(jobProgress!)}</h3>}
                <List aria-label="Progress per model">
                  {job.models.map((m) => (
                    <ProgressItem
                      key={m.modelId}
                      name={nameOf(m.modelId)}
                      model={m}
                      thumbnailUrl={m.result ? (m.result.savedImage?.thumbnailUrl ?? m.result.imageUrl) : photoThumbnail(m.modelId)}
                      onShow={m.result ? () => workspaceActions(store).showResult(toSessionResult(m.result!, job)) : undefined}
                      onRetry={() => onRetry(m.modelId)}
                      retryDisabled={mockGenerating}
                    />
                  ))}
                </List>
              </div>
            )}
          </Lists>
        )}
      </Body>
    </CanvasPanel>
  );
}
