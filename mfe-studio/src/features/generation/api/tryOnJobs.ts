import type { GenerateRequest, TryOnJob } from '@vton/contracts';
import { apiHeaders, apiRequest } from '@vton/shell-sdk';
import { createSseParser } from '../../../lib/sse';

/** POST /api/try-on/jobs → the job, one entry per model, all queued. */
export async function createTryOnJob(request: GenerateRequest): Promise<TryOnJob> {
  const response = await apiRequest('POST', '/api/try-on/jobs', request);
  return (await response.json()) as TryOnJob;
}

/** GET /api/try-on/jobs/:id */
export async function getTryOnJob(jobId: string): Promise<TryOnJob> {
  const response = await apiRequest('GET', `/api/try-on/jobs/${encodeURIComponent(jobId)}`);
  return (await response.json()) as TryOnJob;
}

/** GET /api/try-on/jobs/latest → the seller's most recent job, or 204 (null) when they have none: its results after a reload, in any browser. */
export async function getLatestTryOnJob(): Promise<TryOnJob | null> {
  const response = await apiRequest('GET', '/api/try-on/jobs/latest');
  return response.status === 204 ? null : ((await response.json()) as TryOnJob);
}

/** POST /api/try-on/jobs/:id/models/:modelId/retry → the job with that model queued again. */
export async function retryTryOnModel(jobId: string, modelId: number): Promise<TryOnJob> {
  const response = await apiRequest('POST', `/api/try-on/jobs/${encodeURIComponent(jobId)}/models/${modelId}/retry`);
  return (await response.json()) as TryOnJob;
}

export const POLL_INTERVAL_MS = 1500;

/**
 * GET /api/try-on/jobs/:id/events, read as a stream with apiRequest's headers: the Bearer token in
 * the Authorization header (never in the URL, where it would reach history, proxies and logs) and a
 * traceparent. Hands over each
 * `job` event; settles when the server ends the stream, rejects when it breaks or is refused.
 */
async function readJobEvents(jobId: string, signal: AbortSignal, onJob: (job: TryOnJob) => void): Promise<void> {
  const response = await fetch(`/api/try-on/jobs/${encodeURIComponent(jobId)}/events`, {
    headers: { ...apiHeaders(), Accept: 'text/event-stream' },
    credentials: 'include',
    cache: 'no-store',
    signal,
  });
  if (!response.ok || !response.body) throw new Error(`${response.status}: the job's event stream is unavailable`);
  const parse = createSseParser(({ event, data }) => {
    if (event !== 'job') return;
    let job: TryOnJob;
    try {
      job = JSON.parse(data) as TryOnJob;
    } catch (error) {
      console.error('Unreadable job event', error);
      return;
    }
    onJob(job);
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parse(decoder.decode(value, { stream: true }));
    }
    parse(decoder.decode());
  } finally {
    reader.releaseLock();
  }
}

/**
 * Follows a job live: the stream of `job` events (see readJobEvents); if it breaks or ends
 * while the job still runs, polling takes over. Stops by itself once the job is no longer
 * running; returns a function to stop earlier (which also aborts the stream).
 */
export function watchTryOnJob(jobId: string, onJob: (job: TryOnJob) => void, onError: (error: unknown) => void): () => void {
  let stopped = false;
  let stream: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const stop = () => {
    stopped = true;
    stream?.abort();
    stream = null;
    if (timer) clearTimeout(timer);
  };

  const receive = (job: TryOnJob) => {
    if (stopped) return;
    onJob(job);
    if (job.status !== 'running') stop();
  };

  const poll = async () => {
    if (stopped) return;
    try {
      receive(await getTryOnJob(jobId));
    } catch (error) {
      stop();
      onError(error);
      return;
    }
    if (!stopped) timer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
  };

  if (typeof fetch !== 'function' || typeof AbortController === 'undefined' || typeof TextDecoder === 'undefined') {
    void poll();
    return stop;
  }
  const controller = new AbortController();
  stream = controller;
  const fallBack = () => {
    if (stopped || stream !== controller) return;
    controller.abort();
    stream = null;
    void poll();
  };
  readJobEvents(jobId, controller.signal, receive).then(fallBack, fallBack);
  return stop;
}
