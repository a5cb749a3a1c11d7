import { UNFINISHED_MODEL_STATES, type JobModelState, type TryOnJob, type TryOnResult } from '@vton/contracts';
import type { SessionResult } from '@vton/shell-sdk';

/**
 * What the progress list says for each state (spec: queued / running / done / failed). A model whose
 * run was cut short (its worker stopped, or the provider failed in a way worth another try) waits
 * again as "re-queued" and then runs again.
 */
export const STATE_LABEL: Record<JobModelState, string> = {
  queued: 'queued',
  running: 'running',
  requeued: 're-queued',
  succeeded: 'done',
  failed: 'failed',
  // Only a catalogue run's cells are skipped or cancelled; the workspace never shows them.
  skipped: 'skipped',
  canceled: 'cancelled',
};

/** Still to be done: queued, re-queued or running. */
export function isUnfinished(state: JobModelState): boolean {
  return UNFINISHED_MODEL_STATES.includes(state);
}

export interface JobCounts {
  total: number;
  queued: number;
  requeued: number;
  running: number;
  done: number;
  failed: number;
  /** Still expected: queued + re-queued + running. */
  pending: number;
}

export function jobCounts(job: TryOnJob): JobCounts {
  const counts = { total: job.models.length, queued: 0, requeued: 0, running: 0, done: 0, failed: 0, pending: 0 };
  for (const model of job.models) {
    if (model.state === 'queued') counts.queued += 1;
    else if (model.state === 'requeued') counts.requeued += 1;
    else if (model.state === 'running') counts.running += 1;
    else if (model.state === 'succeeded') counts.done += 1;
    else counts.failed += 1;
  }
  counts.pending = counts.queued + counts.requeued + counts.running;
  return counts;
}

export function jobResults(job: TryOnJob): TryOnResult[] {
  return job.models.flatMap((m) => (m.state === 'succeeded' && m.result ? [m.result] : []));
}

/** Spec §8 BATCH_VTON_FAILED wording when every model failed. */
export function jobFailureMessage(job: TryOnJob): string {
  const messages = job.models.filter((m) => m.state === 'failed').map((m) => m.error?.message ?? 'Unknown error');
  return `All VTON requests failed: ${messages.join('; ')}`;
}

/** A job's result for the session store; with the job, it knows its place in the job's model order. */
export function toSessionResult(result: TryOnResult, job?: TryOnJob): SessionResult {
  const index = job ? job.models.findIndex((m) => m.modelId === result.modelId) : -1;
  return {
    ...(job ? { batchId: job.id, batchStartedAt: job.createdAt } : {}),
    ...(index >= 0 ? { batchIndex: index } : {}),
    ...(result.savedImage
      ? { number: result.savedImage.number, modelFilename: result.savedImage.modelFilename ?? undefined, productName: result.savedImage.productName ?? undefined }
      : {}),
    id: result.id,
    imageUrl: result.imageUrl,
    processedAt: result.processedAt,
    modelId: result.modelId,
    garmentId: result.garmentId,
    prompt: result.prompt,
    scaleFactor: result.scaleFactor,
    generationType: 'vton',
    savedImageId: result.savedImage?.id,
    provider: result.provider,
    ...(result.providerLabel ? { providerLabel: result.providerLabel } : {}),
    ...(result.builtInEngine ? { builtInEngine: true } : {}),
    thumbnailUrl: result.savedImage?.thumbnailUrl,
    width: result.savedImage?.width,
    height: result.savedImage?.height,
  };
}
