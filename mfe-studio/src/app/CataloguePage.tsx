import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import type { TryOnRun, TryOnRunCell } from '@vton/contracts';
import { apiErrorToast, creditsErrorToast, toast, useBillingAccount, usePageTitle, useRefreshBillingAccount, apiErrorMessage } from '@vton/shell-sdk';
import { media, Fetched } from '@vton/ui';
import { useQuery } from '@tanstack/react-query';
import { useProducts } from '../features/catalogue-runs/api/listProducts';
import { RUN_POLL_MS, useRun } from '../features/catalogue-runs/api/getRun';
import { useRuns } from '../features/catalogue-runs/api/listRuns';
import { useStartRun } from '../features/catalogue-runs/api/startRun';
import { useChangeRun, type RunChange } from '../features/catalogue-runs/api/changeRun';
import { RunPlanner } from '../features/catalogue-runs/components/RunPlanner';
import { RunView } from '../features/catalogue-runs/components/RunView';
import { listModelPhotos } from '../features/model-photos/api/listModelPhotos';
import { StackedList } from '../components/StackedList';
import { STUDIO_TABS_HEIGHT } from './StudioTabs';

const Page = styled.div`
  display: grid;
  grid-template-columns: minmax(280px, 360px) minmax(0, 1fr);
  gap: 24px;
  padding: 20px;
  min-height: calc(100vh - ${({ theme }) => theme.layout.headerHeight} - ${STUDIO_TABS_HEIGHT});
  ${media.belowMobileBreakpoint} {
    grid-template-columns: minmax(0, 1fr);
    padding: 12px;
  }
  h1 { font-size: 20px; font-weight: 600; margin-bottom: 4px; }
  h2 { font-size: 15px; font-weight: 600; margin-bottom: 8px; }
`;

const Side = styled.aside`
  display: flex;
  flex-direction: column;
  gap: 24px;
  min-width: 0;
`;

// not <main>: the shell's <main> holds every page, and a page has one main landmark
const RunArea = styled.div`
  min-width: 0;
  display: flex;
  flex-direction: column;
`;

const RunsList = styled(StackedList)`
  a, button {
    width: 100%;
    text-align: left;
    font: inherit;
    font-size: 13px;
    padding: 6px 8px;
    border-radius: ${({ theme }) => theme.radii.sm};
    border: 1px solid transparent;
    background: none;
    color: ${({ theme }) => theme.colors.textMuted};
    cursor: pointer;
    &[aria-current='true'] { border-color: ${({ theme }) => theme.colors.borderStrong}; color: ${({ theme }) => theme.colors.text}; }
    &:hover { background: rgba(255, 255, 255, 0.04); }
  }
`;

const Note = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  flex-wrap: wrap;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 14px;
  padding: 32px 0;
`;

/** Looks at the credits after a cell gave its credit back, one a poll. */
const SETTLE_LOOKS = 3;

/**
 * Keeps the planner's "credits left" true while a run is watched: a failed or cancelled cell gives its
 * credit back, which the page would otherwise only learn at the next start. The worker settles a
 * cell's credit just after it records the cell (later when the machine is busy), so the page looks
 * again for a few polls after.
 */
function useCreditsFollowRun(run: TryOnRun | undefined) {
  const refreshCredits = useRefreshBillingAccount();
  const runId = run?.id;
  const givenBack = run ? run.counts.failed + run.counts.canceled : 0;
  const seen = useRef<{ runId: string; givenBack: number } | null>(null);
  useEffect(() => {
    if (!runId) return undefined;
    const before = seen.current;
    seen.current = { runId, givenBack };
    if (!before || before.runId !== runId || before.givenBack === givenBack) return undefined;
    void refreshCredits();
    let looks = SETTLE_LOOKS;
    const again = setInterval(() => {
      void refreshCredits();
      if (--looks === 0) clearInterval(again);
    }, RUN_POLL_MS);
    return () => clearInterval(again);
  }, [runId, givenBack, refreshCredits]);
}

/**
 * The catalogue page (/app/runs): choose products and model photos, start a run, watch its grid
 * fill. The run lives on the server: the page shows the one named in `?run=` (the newest when none),
 * so a reload or a closed tab finds it again.
 */
export function CataloguePage() {
  usePageTitle('Catalogue');
  const [params, setParams] = useSearchParams();
  const products = useProducts();
  // as the products (useProducts): photos and their masks change in the workspace
  const models = useQuery({ queryKey: ['catalogue', 'models'], queryFn: listModelPhotos, staleTime: 0 });
  const runs = useRuns();
  const runId = params.get('run') ?? runs.data?.runs[0]?.id ?? null;
  const run = useRun(runId);
  const start = useStartRun();
  const starting = useRef<Promise<unknown> | null>(null);
  // The run the seller has just started: its status takes focus when it shows (the Start run button was
  // disabled under the seller's focus), once — coming back to that run later leaves the focus where it is.
  const [started, setStarted] = useState<string | null>(null);
  const change = useChangeRun(runId ?? '');
  const { data: account } = useBillingAccount();
  const refreshCredits = useRefreshBillingAccount();
  const creditsLeft = account && account.mode !== 'off' ? account.credits.available : undefined;
  useCreditsFollowRun(run.data);

  const productNames = useMemo(() => new Map((products.data ?? []).map((p) => [p.id, { id: p.id, name: p.name }])), [products.data]);
  const modelNames = useMemo(() => new Map((models.data ?? []).map((m) => [m.id, { id: m.id, filename: m.filename, thumbnailUrl: m.thumbnailUrl }])), [models.data]);

  const failed = (title: string) => (error: unknown) => {
    toast(creditsErrorToast(error) ?? apiErrorToast(error, { title, description: 'Please try again.', variant: 'destructive' }));
    throw error;
  };
  const changeRun = (what: RunChange, title: string) =>
    change.mutateAsync(what).then(() => refreshCredits(), failed(title)).catch(() => undefined);

  return (
    <Page>
      <Side>
        <div>
          <h1>Catalogue run</h1>
          <p>Every chosen product on every chosen model photo, in one go.</p>
        </div>
        <RunPlanner
          products={products}
          models={models}
          creditsLeft={creditsLeft}
          starting={start.isPending}
          onStart={(request) => {
            // isPending (which disables the button) arrives a tick later: a double click would start two runs
            if (starting.current) return;
            starting.current = start
              .mutateAsync(request)
              .then(
                (created) => {
                  setStarted(created.id);
                  setParams({ run: created.id });
                  void refreshCredits();
                },
                (error) => toast(creditsErrorToast(error) ?? apiErrorToast(error, { title: 'The run could not start', description: 'Please try again.', variant: 'destructive' })),
              )
              .finally(() => {
                starting.current = null;
              });
          }}
        />
        {(runs.data?.runs.length ?? 0) > 0 && (
          <nav aria-label="Your runs">
            <h2>Your runs</h2>
            <RunsList>
              {runs.data!.runs.map((r) => (
                <li key={r.id}>
                  <button type="button" aria-current={r.id === runId} onClick={() => setParams({ run: r.id })}>
                    {new Date(r.createdAt).toLocaleString()} · {r.garmentIds.length} × {r.modelIds.length} · {r.counts.succeeded}/{r.counts.total} done
                  </button>
                </li>
              ))}
            </RunsList>
          </nav>
        )}
      </Side>
      <RunArea>
        {runId === null ? (
          <Fetched reason={apiErrorMessage} state={runs} note={Note} spinnerSize={16} loading="Loading your runs…" failed="Your runs could not be loaded.">
            <Note>No run yet: choose products and model photos, then start a run. Its results fill a grid here.</Note>
          </Fetched>
        ) : (
          <Fetched reason={apiErrorMessage} state={run} note={Note} spinnerSize={16} loading="Loading the run…" failed="This run could not be loaded.">
            {run.data && (
              <RunView
                run={run.data}
                products={productNames}
                models={modelNames}
                onRetryCell={(cell: TryOnRunCell) => changeRun({ kind: 'retry-cell', cellId: cell.id }, 'The cell could not be retried')}
                onRetryFailed={() => changeRun({ kind: 'retry-failed' }, 'The failed cells could not be retried')}
                onCancel={() => changeRun({ kind: 'cancel' }, 'The run could not be cancelled')}
                justStarted={run.data.id === started}
                onStartFocused={() => setStarted(null)}
              />
            )}
          </Fetched>
        )}
      </RunArea>
    </Page>
  );
}
