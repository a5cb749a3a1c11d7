import { TEMPORARILY_UNAVAILABLE } from '@vton/contracts';
import type { TryOnJob, TryOnJobModel } from '@vton/contracts';
import { getSessionResults, resetSessionResults, resetToastsForTests, useToast } from '@vton/shell-sdk';
import { renderHook } from '@testing-library/react';
import { createWorkspaceStore, type WorkspaceModelPhoto } from '../../../stores/workspaceStore';
import { createGenerationController, type GenerationDeps } from './generationController';

const model = (id: number, status: WorkspaceModelPhoto['status'] = 'ready'): WorkspaceModelPhoto => ({
  key: `model-${id}`,
  id,
  filename: `m${id}.jpg`,
  url: `/m${id}`,
  thumbnailUrl: `/m${id}t`,
  width: 800,
  height: 1200,
  status,
  maskThumbnailUrl: null,
  inpaint: null,
  masks: {},
  uploadedAt: '',
});

const garment = { id: 9, filename: 'g.png', url: '/g', width: 960, height: 960, croppedUrl: '/c', cropData: null, uploadProgress: null, uploadedAt: '' };

function jobModel(modelId: number, state: TryOnJobModel['state']): TryOnJobModel {
  return {
    modelId,
    state,
    attempts: 1,
    error: state === 'failed' ? { code: 'VTON_API_ERROR', message: `model ${modelId} broke` } : null,
    result: state === 'succeeded' ? { id: `r${modelId}`, imageUrl: `/r${modelId}.png`, modelId, garmentId: 9, prompt: 'p', processedAt: new Date(Date.UTC(2026, 0, 1, 0, modelId)).toISOString() } : null,
  };
}

function job(states: TryOnJobModel['state'][], status?: TryOnJob['status']): TryOnJob {
  const models = states.map((s, i) => jobModel(i + 1, s));
  const running = models.some((m) => m.state === 'queued' || m.state === 'running');
  return { id: 'j1', garmentId: 9, prompt: 'p', status: status ?? (running ? 'running' : models.some((m) => m.state === 'succeeded') ? 'completed' : 'failed'), models, createdAt: '', updatedAt: '' };
}

function setup(initialJob: TryOnJob) {
  const store = createWorkspaceStore({ garment, models: [model(1), model(2), model(3)], prompt: 'p' });
  let push: (job: TryOnJob) => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const deps: GenerationDeps = {
    createJob: jest.fn(async () => initialJob),
    watchJob: jest.fn((_id, onJob, onError) => {
      push = onJob;
      fail = onError;
      return jest.fn();
    }),
    retryModel: jest.fn(),
    saveImage: jest.fn(async () => ({ id: 55, thumbnailUrl: '/t55' }) as never),
    toDataUrl: jest.fn(async () => 'data:image/png;base64,AAAA'),
    placeholder: (i) => `data:image/png;base64,P${i}`,
    sleep: jest.fn(async () => {}),
  };
  const controller = createGenerationController(store, deps);
  return { store, deps, controller, push: (j: TryOnJob) => push(j), fail: (e: unknown) => fail(e) };
}

beforeEach(() => {
  resetSessionResults();
  resetToastsForTests();
});

function lastToast() {
  const { result } = renderHook(() => useToast());
  return result.current.toasts[0];
}

describe('generation controller', () => {
  it('starts a job for the ready models and follows it model by model', async () => {
    const { store, deps, controller, push } = setup(job(['queued', 'queued', 'queued']));
    await controller.tryOn();
    expect(deps.createJob).toHaveBeenCalledWith({ garmentId: 9, modelIds: [1, 2, 3], prompt: 'p', garmentCategory: 'upper_body' });
    expect(store.getState()).toMatchObject({ generating: true, showGeneration: true });
    expect(getSessionResults().pendingTotal).toBe(3);

    push(job(['succeeded', 'running', 'queued']));
    expect(getSessionResults().results.map((r) => r.id)).toEqual(['r1']);
    expect(getSessionResults().pendingTotal).toBe(2);
    expect(store.getState().activeResult).toBeNull();

    push(job(['succeeded', 'succeeded', 'failed']));
    expect(getSessionResults().results.map((r) => r.id)).toEqual(['r2', 'r1']);
    expect(getSessionResults().pendingTotal).toBe(0);
    expect(store.getState()).toMatchObject({ generating: false, showGeneration: true, activeResult: { id: 'r1' } });
    expect(lastToast()).toMatchObject({ title: 'VTON Generation Failed', variant: 'destructive' });
  });

  it('retries one failed model and keeps the successes', async () => {
    const { store, deps, controller, push } = setup(job(['queued', 'queued']));
    await controller.tryOn();
    push(job(['succeeded', 'failed']));
    (deps.retryModel as jest.Mock).mockResolvedValue(job(['succeeded', 'queued']));
    await controller.retry(2);
    expect(deps.retryModel).toHaveBeenCalledWith('j1', 2);
    expect(store.getState().generating).toBe(true);
    expect(getSessionResults().pendingTotal).toBe(1);
    push(job(['succeeded', 'succeeded']));
    expect(getSessionResults().results.map((r) => r.id)).toEqual(['r2', 'r1']);
    expect(store.getState()).toMatchObject({ generating: false, activeResult: { id: 'r2' } });
  });

  it('all models failing shows "VTON Generation Failed" with the messages', async () => {
    const { store, controller, push } = setup(job(['queued', 'queued']));
    await controller.tryOn();
    push(job(['failed', 'failed']));
    expect(store.getState().generating).toBe(false);
    expect(lastToast()).toMatchObject({ title: 'VTON Generation Failed', description: 'All VTON requests failed: model 1 broke; model 2 broke' });
  });

  it('every model failing because our own storage was down says so (temporarily unavailable), not a VTON failure (issue 32)', async () => {
    const { controller, push } = setup(job(['queued', 'queued']));
    await controller.tryOn();
    const down = job(['failed', 'failed']);
    for (const m of down.models) m.error = { code: 'SERVICE_UNAVAILABLE', message: 'Our media storage is temporarily unavailable (The media service failed (503)); retry this model in a moment' };
    push(down);
    expect(lastToast()).toMatchObject({ title: 'VTON Generation Failed', description: 'The studio is temporarily unavailable. Please try again in a moment.' });
  });

  it('a broken request shows "Generation failed"', async () => {
    const { store, deps, controller } = setup(job(['queued']));
    (deps.createJob as jest.Mock).mockRejectedValue(new Error('500: Internal Server Error'));
    await controller.tryOn();
    expect(store.getState()).toMatchObject({ generating: false, errors: ['Internal Server Error'] });
    expect(lastToast()).toMatchObject({ title: 'Generation failed', description: 'Failed to generate try-on. Please try again.' });
  });

  it('a service that is down says "temporarily unavailable, try again"', async () => {
    const { deps, controller } = setup(job(['queued']));
    (deps.createJob as jest.Mock).mockRejectedValue(new Error(`503: ${JSON.stringify({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'x' })}`));
    await controller.tryOn();
    expect(lastToast()).toMatchObject({ title: 'Generation failed', description: TEMPORARILY_UNAVAILABLE.description, variant: 'destructive' });
  });

  it('a stream that breaks for good ends the pending generation', async () => {
    const { store, controller, fail } = setup(job(['queued']));
    await controller.tryOn();
    fail(new Error('401: expired'));
    expect(store.getState().generating).toBe(false);
    expect(getSessionResults().pendingTotal).toBe(0);
    expect(lastToast()).toMatchObject({ title: 'Generation failed' });
  });

  it('does nothing without a cropped garment and a ready model', async () => {
    const { store, deps, controller } = setup(job(['queued']));
    store.setState({ models: [model(1, 'uploaded')] });
    await controller.tryOn();
    expect(deps.createJob).not.toHaveBeenCalled();
  });

  it('Mock waits 5 s, uses the model photos and saves them as mock', async () => {
    const { store, deps, controller } = setup(job(['queued']));
    await controller.mock();
    expect(deps.sleep).toHaveBeenCalledWith(5000);
    const results = getSessionResults().results;
    expect(results).toHaveLength(3);
    expect(results.map((r) => r.imageUrl).sort()).toEqual(['/m1', '/m2', '/m3']);
    expect(store.getState()).toMatchObject({ generating: false, mockGenerating: false, showGeneration: true });
    await new Promise((r) => setTimeout(r, 0));
    expect(deps.saveImage).toHaveBeenCalledTimes(3);
    expect(deps.saveImage).toHaveBeenCalledWith(expect.objectContaining({ generationType: 'mock', garmentId: 9, modelId: 1, imageUrl: 'data:image/png;base64,AAAA' }));
  });

  it('Mock after a try-on is the generation shown: its photos wait, then each has its result; a new Try on replaces it', async () => {
    const { store, deps, controller, push } = setup(job(['queued', 'queued', 'queued']));
    await controller.tryOn();
    push(job(['succeeded', 'succeeded', 'succeeded']));
    expect(store.getState().activeResult).toMatchObject({ id: 'r1' });

    let wake: () => void = () => {};
    (deps.sleep as jest.Mock).mockReturnValue(new Promise<void>((resolve) => (wake = resolve)));
    const mocking = controller.mock();
    expect(store.getState()).toMatchObject({ activeResult: null, mock: { models: [1, 2, 3].map((modelId) => ({ modelId, resultId: null })) } });
    wake();
    await mocking;
    const made = getSessionResults().results.filter((r) => r.generationType === 'mock');
    const resultOf = (modelId: number) => made.find((r) => r.modelId === modelId)!.id;
    expect(store.getState().mock).toEqual({ models: [1, 2, 3].map((modelId) => ({ modelId, resultId: resultOf(modelId) })) });
    expect(store.getState().activeResult).toMatchObject({ id: resultOf(1), generationType: 'mock' });

    await controller.tryOn();
    expect(store.getState().mock).toBeNull();
  });

  it('Mock without models makes 4 placeholders and saves nothing', async () => {
    const { store, deps, controller } = setup(job(['queued']));
    store.setState({ models: [], garment: null });
    await controller.mock();
    expect(getSessionResults().results).toHaveLength(4);
    await new Promise((r) => setTimeout(r, 0));
    expect(deps.saveImage).not.toHaveBeenCalled();
  });

  it('a failing Mock shows "Mock VTON Generation Failed"', async () => {
    const { deps, controller } = setup(job(['queued']));
    (deps.sleep as jest.Mock).mockRejectedValue(new Error('boom'));
    await controller.mock();
    expect(lastToast()).toMatchObject({ title: 'Mock VTON Generation Failed', variant: 'destructive' });
    expect(getSessionResults().pendingTotal).toBe(0);
  });
});
