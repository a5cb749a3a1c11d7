import type { GenerateRequest, TryOnJob } from '@vton/contracts';
import { apiRequest } from '@vton/shell-sdk';
import { authToken } from '../../../lib/upload';

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

/** POST /api/try-on/jobs/:id/models/:modelId/retry → the job with that model queued again. */
export async function retryTryOnModel(jobId: string, modelId: number): Promise<TryOnJob> {
  const response = await apiRequest('POST', `/api/try-on/jobs/${encodeURIComponent(jobId)}/models/${modelId}/retry`);
  return (await response.json()) as TryOnJob;
}

export const POLL_INTERVAL_MS = 1500;

/**
 * Follows a job live: the SSE stream of `job` events (EventSource cannot send a Bearer header,
 * hence `?access_token=`); if the stream breaks, polling takes over. Stops by itself once the
 * job is no longer running; returns a function to stop earlier.
 */
export function watchTryOnJob(jobId: string, onJob: (job: TryOnJob) => void, onError: (error: unknown) => void): () => void {
  let stopped = false;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const stop = () => {
    stopped = true;
    source?.close();
    source = null;
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

  if (typeof EventSource === 'undefined') {
    void poll();
    return stop;
  }
  const token = authToken();
  const url = `/api/try-on/jobs/${encodeURIComponent(jobId)}/events${token ? `?access_token=${encodeURIComponent(token)}` : ''}`;
  source = new EventSource(url, { withCredentials: true });
  source.addEventListener('job', (event) => {
    try {
      receive(JSON.parse((event as MessageEvent<string>).data) as TryOnJob);
    } catch (error) {
      console.error('Unreadable job event', error);
    }
  });
  source.onerror = () => {
    if (stopped) return;
    source?.close();
    source = null;
    void poll();
  };
  return stop;
}
