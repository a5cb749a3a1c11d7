import type { JobModelState, TryOnJob } from '@vton/contracts';
import { STATE_LABEL, isUnfinished, jobCounts, toSessionResult } from './jobProgress';

const job = (states: JobModelState[]): TryOnJob => ({
  id: 'job',
  garmentId: 1,
  prompt: '',
  status: states.some(isUnfinished) ? 'running' : 'completed',
  models: states.map((state, i) => ({ modelId: i + 1, state, result: null, error: null, attempts: state === 'requeued' ? 1 : 0 })),
  createdAt: '',
  updatedAt: '',
});

describe('job progress', () => {
  it('says "re-queued" for a model waiting to run again, and still expects it', () => {
    expect(STATE_LABEL.requeued).toBe('re-queued');
    expect(isUnfinished('requeued')).toBe(true);
    expect(jobCounts(job(['succeeded', 'requeued', 'running', 'queued', 'failed']))).toEqual({
      total: 5,
      queued: 1,
      requeued: 1,
      running: 1,
      done: 1,
      failed: 1,
      pending: 3,
    });
  });

  it('counts nothing pending once every model has finished', () => {
    expect(jobCounts(job(['succeeded', 'failed'])).pending).toBe(0);
    expect(isUnfinished('succeeded')).toBe(false);
    expect(isUnfinished('failed')).toBe(false);
  });

  it('keeps the provider that made a result, for the viewer', () => {
    const result = { id: 'r', imageUrl: '/r.png', modelId: 1, garmentId: 2, prompt: '', processedAt: '', provider: 'fal', providerModel: 'fal-ai/leffa/virtual-tryon', providerDurationMs: 5100 } as const;
    expect(toSessionResult(result)).toMatchObject({ id: 'r', provider: 'fal' });
    expect(toSessionResult(result).builtInEngine).toBeUndefined();
    expect(toSessionResult({ ...result, provider: 'seed', builtInEngine: true })).toMatchObject({ provider: 'seed', builtInEngine: true });
    expect(toSessionResult({ ...result, provider: 'acme', providerLabel: 'Acme Try-On' })).toMatchObject({ provider: 'acme', providerLabel: 'Acme Try-On' });
    expect(toSessionResult(result).providerLabel).toBeUndefined();
  });
});
