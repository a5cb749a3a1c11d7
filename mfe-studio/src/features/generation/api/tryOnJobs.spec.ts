import type { TryOnJob } from '@vton/contracts';

jest.mock('@vton/shell-sdk', () => ({ ...jest.requireActual('@vton/shell-sdk'), apiRequest: jest.fn() }));
import { apiRequest } from '@vton/shell-sdk';
import { NEW_TRACE_PARENT } from '@vton/shell-sdk/testing';
import { POLL_INTERVAL_MS, getLatestTryOnJob, watchTryOnJob } from './tryOnJobs';

const api = apiRequest as jest.MockedFunction<typeof apiRequest>;

const job = (status: TryOnJob['status'], updatedAt = '1'): TryOnJob => ({
  id: 'job/1',
  garmentId: 9,
  prompt: 'p',
  status,
  models: [],
  createdAt: '',
  updatedAt,
});

/** A server's event stream the test writes to; aborting the request errors it, like fetch does. */
function eventStream(init: ResponseInit = { status: 200, headers: { 'content-type': 'text/event-stream' } }) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  let signal: AbortSignal | undefined;
  const fetchMock = jest.fn(async (_url: string, request: RequestInit) => {
    signal = request.signal ?? undefined;
    signal?.addEventListener('abort', () => controller.error(new DOMException('The operation was aborted.', 'AbortError')));
    return new Response(body, init);
  });
  return {
    fetchMock,
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    fail: () => controller.error(new TypeError('network error')),
    get signal() {
      return signal;
    },
  };
}

const flush = () => jest.advanceTimersByTimeAsync(0);
const jobEvent = (j: TryOnJob) => `event: job\ndata: ${JSON.stringify(j)}\n\n`;

let realFetch: typeof fetch;
beforeEach(() => {
  jest.useFakeTimers();
  realFetch = globalThis.fetch;
  localStorage.setItem('auth_token', 'secret.jwt.token');
  api.mockReset();
});
afterEach(() => {
  globalThis.fetch = realFetch;
  localStorage.clear();
  jest.useRealTimers();
});

describe('following a try-on job', () => {
  it('reads the event stream with the token in the Authorization header, never in the URL, and a traceparent as every API call', async () => {
    const server = eventStream();
    globalThis.fetch = server.fetchMock as unknown as typeof fetch;
    const onJob = jest.fn();
    watchTryOnJob('job/1', onJob, jest.fn());
    await flush();
    const [url, request] = server.fetchMock.mock.calls[0];
    expect(url).toBe('/api/try-on/jobs/job%2F1/events');
    expect(url).not.toContain('secret');
    expect(request.headers).toEqual({ Authorization: 'Bearer secret.jwt.token', Accept: 'text/event-stream', traceparent: expect.stringMatching(NEW_TRACE_PARENT) });
    expect(request.credentials).toBe('include');

    // frames split anywhere, keep-alive comments and other events in between
    const frames = `: ping\n\n${jobEvent(job('running', '1'))}event: other\ndata: {}\n\n${jobEvent(job('running', '2'))}`;
    server.write(frames.slice(0, 30));
    server.write(frames.slice(30, 101));
    server.write(frames.slice(101));
    await flush();
    expect(onJob.mock.calls.map(([j]) => j.updatedAt)).toEqual(['1', '2']);
    expect(api).not.toHaveBeenCalled();
  });

  it('aborts the stream once the job is no longer running', async () => {
    const server = eventStream();
    globalThis.fetch = server.fetchMock as unknown as typeof fetch;
    const onJob = jest.fn();
    watchTryOnJob('job/1', onJob, jest.fn());
    await flush();
    server.write(jobEvent(job('completed')));
    await flush();
    expect(onJob).toHaveBeenCalledTimes(1);
    expect(server.signal?.aborted).toBe(true);
    await jest.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(api).not.toHaveBeenCalled(); // no polling after a clean stop
  });

  it('aborts the stream when stopped early', async () => {
    const server = eventStream();
    globalThis.fetch = server.fetchMock as unknown as typeof fetch;
    const onJob = jest.fn();
    const stop = watchTryOnJob('job/1', onJob, jest.fn());
    await flush();
    stop();
    expect(server.signal?.aborted).toBe(true);
    await flush();
    await jest.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(onJob).not.toHaveBeenCalled();
    expect(api).not.toHaveBeenCalled();
  });

  it.each([
    ['breaks', (s: ReturnType<typeof eventStream>) => s.fail()],
    ['ends while the job still runs', (s: ReturnType<typeof eventStream>) => s.end()],
  ])('falls back to polling when the stream %s, until the job is done', async (_name, breakStream) => {
    const server = eventStream();
    globalThis.fetch = server.fetchMock as unknown as typeof fetch;
    let polls = 0;
    api.mockImplementation(async () => {
      polls += 1;
      return { json: async () => job(polls < 2 ? 'running' : 'completed', String(polls + 1)) } as Response;
    });
    const onJob = jest.fn();
    const onError = jest.fn();
    watchTryOnJob('job/1', onJob, onError);
    await flush();
    server.write(jobEvent(job('running', '1')));
    await flush();
    breakStream(server);
    await flush();
    expect(api).toHaveBeenCalledWith('GET', '/api/try-on/jobs/job%2F1');
    await jest.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(onJob.mock.calls.map(([j]) => [j.status, j.updatedAt])).toEqual([
      ['running', '1'],
      ['running', '2'],
      ['completed', '3'],
    ]);
    await jest.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(polls).toBe(2);
    expect(server.fetchMock).toHaveBeenCalledTimes(1); // one subscription: polling, not a new stream
    expect(onError).not.toHaveBeenCalled();
  });

  it('polls when the stream is refused, and reports an error polling cannot get past', async () => {
    const server = eventStream({ status: 401 });
    globalThis.fetch = server.fetchMock as unknown as typeof fetch;
    api.mockRejectedValue(new Error('401: Unauthorized'));
    const onError = jest.fn();
    watchTryOnJob('job/1', jest.fn(), onError);
    await flush();
    expect(api).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(new Error('401: Unauthorized'));
    await jest.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(api).toHaveBeenCalledTimes(1);
  });

  it('sends no Authorization header when signed out', async () => {
    localStorage.clear();
    const server = eventStream();
    globalThis.fetch = server.fetchMock as unknown as typeof fetch;
    watchTryOnJob('job/1', jest.fn(), jest.fn());
    await flush();
    expect(server.fetchMock.mock.calls[0][1].headers).not.toHaveProperty('Authorization');
  });
});

describe("the seller's most recent job", () => {
  const answer = (response: Response) => {
    api.mockImplementation(jest.requireActual('@vton/shell-sdk').apiRequest);
    globalThis.fetch = jest.fn(async () => response);
  };

  it('is their last job', async () => {
    answer(new Response(JSON.stringify(job('completed')), { status: 200, headers: { 'content-type': 'application/json' } }));
    await expect(getLatestTryOnJob()).resolves.toMatchObject({ id: 'job/1', status: 'completed' });
  });

  it('is null when the server answers 204: none yet, a normal first visit, no failed request', async () => {
    answer(new Response(null, { status: 204 }));
    await expect(getLatestTryOnJob()).resolves.toBeNull();
  });
});
