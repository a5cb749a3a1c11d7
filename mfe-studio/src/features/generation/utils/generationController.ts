import { ErrorCode, MOCK_DEFAULT_VARIATIONS, MOCK_DELAY_MS, TEMPORARILY_UNAVAILABLE, type GeneratedImageRecord, type GenerateRequest, type SaveGeneratedImageRequest, type TryOnJob } from '@vton/contracts';
import {
  addSessionResults,
  apiErrorToast,
  creditsErrorToast,
  finishPendingGeneration,
  getSessionResults,
  startPendingGeneration,
  toast,
  updatePendingGeneration,
  updateSessionResult,
  type SessionResult,
} from '@vton/shell-sdk';
import { errorMessage } from '../../../lib/upload';
import { readyModels, workspaceActions, type MockGeneration, type WorkspaceStore } from '../../../stores/workspaceStore';
import { jobCounts, jobFailureMessage, jobResults, toSessionResult } from './jobProgress';

export interface GenerationDeps {
  createJob: (request: GenerateRequest) => Promise<TryOnJob>;
  watchJob: (jobId: string, onJob: (job: TryOnJob) => void, onError: (error: unknown) => void) => () => void;
  retryModel: (jobId: string, modelId: number) => Promise<TryOnJob>;
  saveImage: (body: SaveGeneratedImageRequest) => Promise<GeneratedImageRecord>;
  /** A PNG data URL of an image (mock results are saved as data URLs, spec §3). */
  toDataUrl: (url: string) => Promise<string>;
  placeholder: (index: number) => string;
  sleep: (ms: number) => Promise<void>;
}

/**
 * The generation flow of spec §4 outside React: Try on starts a job and follows it model by
 * model (results arrive one at a time, skeletons count down), a failed model can be retried
 * while the others' results stay, and Mock makes results from the model photos after 5 s.
 */
export function createGenerationController(store: WorkspaceStore, deps: GenerationDeps) {
  let stopWatching: (() => void) | null = null;
  const added = new Set<string>();
  let completedOnce = new Set<string>();
  let mockRuns = 0;

  const follow = (job: TryOnJob) => {
    stopWatching?.();
    // the job followed is the generation the progress list shows, not a Mock before it
    store.setState({ mock: null });
    const pendingId = `job-${job.id}`;
    const onJob = (next: TryOnJob) => {
      store.setState({ job: next });
      // a result can already be in the session store (the job was followed before, e.g. by another mount)
      const known = new Set(getSessionResults().results.map((r) => r.id));
      const fresh = jobResults(next).filter((r) => !added.has(r.id) && !known.has(r.id));
      fresh.forEach((r) => added.add(r.id));
      if (fresh.length > 0) addSessionResults(fresh.map((r) => toSessionResult(r, next)));
      const counts = jobCounts(next);
      updatePendingGeneration(pendingId, counts.pending);
      if (next.status === 'running' && counts.pending > 0) return;
      // the job settled (completed, or failed everywhere)
      stopWatching = null;
      store.setState({ generating: false });
      const results = jobResults(next);
      if (results.length === 0) {
        // our own storage was down (issue 32): not the try-on service's failure, and worth trying again
        const ours = next.models.every((m) => m.state !== 'failed' || m.error?.code === ErrorCode.SERVICE_UNAVAILABLE);
        toast({ title: 'VTON Generation Failed', description: ours ? TEMPORARILY_UNAVAILABLE.description : jobFailureMessage(next), variant: 'destructive' });
        return;
      }
      if (!completedOnce.has(next.id)) {
        // spec §4: the first result becomes active and the generation view opens
        completedOnce.add(next.id);
        workspaceActions(store).showResult(toSessionResult(results[0], next));
      } else if (fresh.length > 0) {
        // a retried model finished: show what it made
        workspaceActions(store).showResult(toSessionResult(fresh[0], next));
      }
      if (counts.failed > 0) {
        toast({
          title: 'VTON Generation Failed',
          description: `${counts.failed} of ${counts.total} models failed: ${next.models.filter((m) => m.state === 'failed').map((m) => m.error?.message).join('; ')}`,
          variant: 'destructive',
        });
      }
    };
    const onError = (error: unknown) => {
      stopWatching = null;
      finishPendingGeneration(pendingId);
      store.setState({ generating: false, errors: [...store.getState().errors, errorMessage(error)] });
      toast(apiErrorToast(error, { title: 'Generation failed', description: 'Failed to generate try-on. Please try again.', variant: 'destructive' }));
    };
    startPendingGeneration(jobCounts(job).pending, pendingId);
    onJob(job);
    if (store.getState().generating) stopWatching = deps.watchJob(job.id, onJob, onError);
  };

  return {
    /** Spec §4: start clears errors and sets generating. */
    async tryOn(): Promise<void> {
      const state = store.getState();
      const garmentId = state.garment?.id;
      const models = readyModels(state);
      if (!garmentId || !state.garment?.croppedUrl || models.length === 0 || state.generating) return;
      store.setState({ errors: [], generating: true, showGeneration: true, activeResult: null, job: null, mock: null, tool: 'none', maskModelKey: null });
      try {
        const job = await deps.createJob({ garmentId, modelIds: models.map((m) => m.id!), prompt: state.prompt, garmentCategory: state.garmentCategory });
        follow(job);
      } catch (error) {
        store.setState({ generating: false, errors: [errorMessage(error)] });
        const message = errorMessage(error);
        // Out of credits, or the trial is over: the server's words and a link to the plan page.
        const credits = creditsErrorToast(error);
        if (credits) {
          toast(credits);
        } else if (/VTON|No ready models|inpaint mask/i.test(message)) {
          toast({ title: 'VTON Generation Failed', description: message, variant: 'destructive' });
        } else {
          toast(apiErrorToast(error, { title: 'Generation failed', description: 'Failed to generate try-on. Please try again.', variant: 'destructive' }));
        }
      }
    },

    /** Retries one failed model of the current job; the results already made stay. */
    async retry(modelId: number): Promise<void> {
      const job = store.getState().job;
      // one generation at a time: not while a Mock runs (its rows would give way mid-wait)
      if (!job || store.getState().mockGenerating) return;
      store.setState({ generating: true, showGeneration: true });
      try {
        follow(await deps.retryModel(job.id, modelId));
      } catch (error) {
        store.setState({ generating: false });
        toast(creditsErrorToast(error) ?? { title: 'Generation failed', description: errorMessage(error), variant: 'destructive' });
      }
    },

    /** Spec §7 mock: 5 s, results from the model photos (or placeholders), saved as `mock` when both ids exist. */
    async mock(): Promise<void> {
      const state = store.getState();
      // one generation at a time, as for Try on: a Mock during a try-on would take its progress list and stage
      if (state.generating) return;
      const sources = state.models.filter((m) => m.id !== null && m.status === 'ready');
      const photos = sources.length > 0 ? sources : state.models.filter((m) => m.id !== null);
      const count = photos.length > 0 ? photos.length : MOCK_DEFAULT_VARIATIONS;
      const garmentId = state.garment?.id ?? null;
      const productName = state.garment?.name;
      const prompt = state.prompt;
      mockRuns += 1;
      const pendingId = startPendingGeneration(count, `mock-${Date.now()}-${mockRuns}`);
      // the progress list and the stage are about this Mock now, not the try-on before it
      const started: MockGeneration = { models: photos.map((photo) => ({ modelId: photo.id!, resultId: null })) };
      store.setState({ errors: [], generating: true, mockGenerating: true, mock: started, activeResult: null });
      try {
        await deps.sleep(MOCK_DELAY_MS);
        const now = Date.now();
        const batchStartedAt = new Date(now).toISOString();
        const results: SessionResult[] = Array.from({ length: count }, (_, i) => {
          const photo = photos[i];
          return {
            id: `mock-${now}-${i}`,
            batchId: `mock-${now}`,
            batchIndex: i,
            batchStartedAt,
            modelFilename: photo?.filename,
            productName,
            imageUrl: photo ? photo.url : deps.placeholder(i),
            processedAt: new Date(now - i).toISOString(),
            modelId: photo?.id ?? undefined,
            garmentId: garmentId ?? undefined,
            prompt,
            generationType: 'mock',
            width: photo?.width,
            height: photo?.height,
          };
        });
        finishPendingGeneration(pendingId);
        addSessionResults(results);
        if (store.getState().mock === started) {
          store.setState({ mock: { models: started.models.map((model, i) => ({ ...model, resultId: results[i].id })) } });
          workspaceActions(store).showResult(results[0]);
        }
        // saving is best effort: a failed save is only logged (spec §8). One after another, in the
        // models' order, so their gallery numbers follow that order too.
        void (async () => {
          for (const result of results) {
            if (!result.garmentId || !result.modelId) continue;
            try {
              const imageUrl = await deps.toDataUrl(result.imageUrl);
              const saved = await deps.saveImage({
                imageUrl,
                garmentId: result.garmentId,
                modelId: result.modelId,
                prompt,
                generationType: 'mock',
                metadata: { processedAt: result.processedAt, scaleFactor: 1 },
              });
              // from now on the result is the stored PNG (what the viewer shows and downloads)
              updateSessionResult(result.id, {
                savedImageId: saved.id,
                imageUrl: saved.imageUrl,
                thumbnailUrl: saved.thumbnailUrl,
                number: saved.number,
                modelFilename: saved.modelFilename ?? result.modelFilename,
                productName: saved.productName ?? result.productName,
              });
            } catch (error) {
              console.error('Saving the mock result failed', error);
            }
          }
        })();
      } catch (error) {
        finishPendingGeneration(pendingId);
        if (store.getState().mock === started) store.setState({ mock: null });
        toast({ title: 'Mock VTON Generation Failed', description: errorMessage(error), variant: 'destructive' });
      } finally {
        mockRuns -= 1;
        // spec §4: for mock, generating clears only when no pending generations remain
        if (mockRuns === 0) store.setState({ mockGenerating: false, generating: store.getState().job?.status === 'running' && stopWatching !== null });
      }
    },

    /**
     * Picks up a job found again (after a page reload): a running one is followed live as if
     * just started; a settled one delivers its results (those not yet in the session store) and
     * opens the generation view when `show`, else its results go to the drawer as seen and it
     * becomes the current job (for Retry).
     */
    resume(job: TryOnJob, { show = true }: { show?: boolean } = {}): void {
      if (job.status === 'running') {
        store.setState({ generating: true, showGeneration: true, activeResult: null });
        follow(job);
      } else if (show) {
        store.setState({ generating: false });
        follow(job);
      } else {
        // a dismissed job: its results come back into the drawer (issue 32), as already seen
        store.setState({ job });
        completedOnce.add(job.id);
        const known = new Set(getSessionResults().results.map((r) => r.id));
        const kept = jobResults(job).filter((r) => !known.has(r.id));
        kept.forEach((r) => added.add(r.id));
        addSessionResults(kept.map((r) => toSessionResult(r, job)), { seen: true });
      }
    },

    /** True while a job is being followed (one subscription at most). */
    isWatching(): boolean {
      return stopWatching !== null;
    },

    dispose(): void {
      stopWatching?.();
      stopWatching = null;
      completedOnce = new Set();
    },
  };
}

export type GenerationController = ReturnType<typeof createGenerationController>;
