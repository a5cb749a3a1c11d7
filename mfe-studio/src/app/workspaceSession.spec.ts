import { TEMPORARILY_UNAVAILABLE, type GarmentRecord, type ModelPhotoRecord, type TryOnJob, type TryOnJobModel } from '@vton/contracts';
import { addSessionResults, getSessionResults, resetSessionResults, resetToastsForTests } from '@vton/shell-sdk';

// the unit edge: every server call of the session goes through the SDK's apiRequest
jest.mock('@vton/shell-sdk', () => ({ ...jest.requireActual('@vton/shell-sdk'), apiRequest: jest.fn() }));
import { apiRequest } from '@vton/shell-sdk';
import { dropWorkspaceSession, RESTORE_RETRY_DELAYS_MS, SAVE_WORKSPACE_DELAY_MS, workspaceSessionFor } from './workspaceSession';
import { modelFromRecord } from '../stores/workspaceStore';
import { persistenceKey, readPersistedWorkspace, type PersistedWorkspace } from '../stores/workspacePersistence';
import { POLL_INTERVAL_MS } from '../features/generation/api/tryOnJobs';
import { maskSessionFor, maskSessionIds } from '../features/mask-editor/model/maskSessions';
import { suggestionsStore } from '../features/suggested-masks/model/suggestionsStore';

const api = apiRequest as jest.MockedFunction<typeof apiRequest>;

const garment: GarmentRecord = {
  id: 9,
  name: 'shirt',
  filename: 'shirt.png',
  category: 'upper_body',
  width: 1200,
  height: 1600,
  url: '/api/media/files/g9?sig=fresh',
  croppedUrl: '/api/media/files/g9c?sig=fresh',
  cropData: { x: 120, y: 320, width: 960, height: 960, naturalWidth: 1200, naturalHeight: 1600 },
  uploadedAt: '2026-01-01T10:00:00.000Z',
};

const modelRecord = (id: number, status: ModelPhotoRecord['status'] = 'ready'): ModelPhotoRecord => ({
  id,
  filename: `m${id}.jpg`,
  width: 800,
  height: 1200,
  status,
  url: `/api/media/files/m${id}?sig=fresh`,
  thumbnailUrl: `/api/media/files/m${id}t?sig=fresh`,
  masks: status === 'ready' ? { upper_body: { croppedImageUrl: `/ic${id}`, processedMaskUrl: `/im${id}`, bounds: { x: 0, y: 0, width: 400, height: 400 }, approvedAt: '2026-01-01T10:00:00.000Z' } } : {},
  inpaint: status === 'ready' ? { croppedImageUrl: `/ic${id}`, processedMaskUrl: `/im${id}`, bounds: { x: 0, y: 0, width: 400, height: 400 } } : null,
  suggestedMasks: {},
  uploadedAt: '2026-01-01T10:00:00.000Z',
});

function jobModel(modelId: number, state: TryOnJobModel['state']): TryOnJobModel {
  return {
    modelId,
    state,
    attempts: 1,
    error: state === 'failed' ? { code: 'VTON_API_ERROR', message: 'broke' } : null,
    result: state === 'succeeded' ? { id: `r${modelId}`, imageUrl: `/r${modelId}.png`, modelId, garmentId: 9, prompt: 'p', processedAt: new Date(Date.UTC(2026, 0, 1, 0, modelId)).toISOString() } : null,
  };
}

const job = (states: TryOnJobModel['state'][], status: TryOnJob['status']): TryOnJob => ({
  id: 'job-1',
  garmentId: 9,
  prompt: 'p',
  status,
  models: states.map((s, i) => jobModel(i + 1, s)),
  createdAt: '',
  updatedAt: '',
});

/** Answers requests from a table (a function is called per request). */
function serve(routes: Record<string, unknown | (() => unknown)>) {
  api.mockImplementation(async (method, path) => {
    const route = routes[`${method} ${path}`];
    if (route === undefined) throw new Error(`404: ${method} ${path}`);
    const body = typeof route === 'function' ? (route as () => unknown)() : route;
    return { ok: true, json: async () => body } as Response;
  });
}

function persist(userId: number, record: Omit<PersistedWorkspace, 'version'>) {
  sessionStorage.setItem(persistenceKey(userId), JSON.stringify({ version: 1, ...record }));
}

beforeEach(() => {
  // no job event stream in these tests: polling (the stream's fallback) follows a job
  jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('no event stream here'));
  dropWorkspaceSession();
  sessionStorage.clear();
  localStorage.clear();
  resetSessionResults();
  resetToastsForTests();
  api.mockReset();
  // a seller whose server-side workspace is empty, unless a test serves something else
  serve({ 'GET /api/media/workspace': { garmentId: null, modelIds: [], prompt: '', garmentCategory: 'upper_body', updatedAt: null } });
});

afterEach(() => {
  dropWorkspaceSession();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('workspace session lifetime', () => {
  it('gives the same store to every mount of the same user', () => {
    const first = workspaceSessionFor(5);
    first.store.setState({ prompt: 'kept' });
    const again = workspaceSessionFor(5);
    expect(again).toBe(first);
    expect(again.store.getState().prompt).toBe('kept');
  });

  it('starts a fresh store when the user changes, and closes the old one (listeners, persisted record)', async () => {
    const stop = jest.fn();
    const first = workspaceSessionFor(5);
    await first.restored;
    first.store.setState({ prompt: 'user five' });
    expect(readPersistedWorkspace(5)?.prompt).toBe('user five');
    const dispose = jest.spyOn(first.generation, 'dispose').mockImplementation(stop);

    const other = workspaceSessionFor(6);
    expect(other).not.toBe(first);
    expect(other.store.getState().prompt).toBe('');
    expect(first.disposed).toBe(true);
    expect(dispose).toHaveBeenCalledTimes(1);
    expect(readPersistedWorkspace(5)).toBeNull();
    // back to user 5 (signed in again): a fresh workspace too
    expect(workspaceSessionFor(5)).not.toBe(first);
  });

  it('drops the workspace on sign out even when the same user signs in again', () => {
    localStorage.setItem('auth_token', 'token-a');
    const first = workspaceSessionFor(5);
    localStorage.setItem('auth_token', 'token-b');
    const next = workspaceSessionFor(5);
    expect(next).not.toBe(first);
    expect(first.disposed).toBe(true);
  });

  it('keeps one job subscription while the seller is away and stops it when the job completes', async () => {
    jest.useFakeTimers();
    const session = workspaceSessionFor(5);
    await session.restored;
    let polls = 0;
    serve({
      'POST /api/try-on/jobs': job(['queued', 'queued'], 'running'),
      'GET /api/try-on/jobs/job-1': () => {
        polls += 1;
        return polls < 2 ? job(['succeeded', 'running'], 'running') : job(['succeeded', 'succeeded'], 'completed');
      },
    });
    session.store.setState({
      garment: { id: 9, filename: 'g', url: '/g', width: 1, height: 1, croppedUrl: '/c', cropData: null, uploadProgress: null, uploadedAt: '' },
      models: [1, 2].map((id) => ({ key: `model-${id}`, id, filename: `m${id}`, url: '', thumbnailUrl: '', width: 1, height: 1, status: 'ready' as const, maskThumbnailUrl: null, inpaint: null, masks: {}, uploadedAt: '' })),
    });
    await session.generation.tryOn();
    // the page unmounts and mounts again meanwhile: same session, still one subscription
    expect(workspaceSessionFor(5)).toBe(session);
    expect(session.generation.isWatching()).toBe(true);
    await jest.advanceTimersByTimeAsync(0);
    expect(getSessionResults().results.map((r) => r.id)).toEqual(['r1']);
    await jest.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(getSessionResults().results.map((r) => r.id)).toEqual(['r2', 'r1']);
    expect(session.store.getState()).toMatchObject({ generating: false, showGeneration: true });
    expect(session.generation.isWatching()).toBe(false);
    await jest.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(polls).toBe(2); // closed once the job completed
  });
});

describe('masks in progress (two full-size canvases each)', () => {
  const tile = (id: number) => ({ key: `model-${id}`, id, filename: `m${id}.jpg`, url: '', thumbnailUrl: '', width: 800, height: 1200, status: 'uploaded' as const, maskThumbnailUrl: null, inpaint: null, masks: {}, uploadedAt: '' });
  const paint = (id: number) => maskSessionFor({ id, width: 800, height: 1200 });

  it('go with the model photo removed from the workspace', async () => {
    const session = workspaceSessionFor(5);
    await session.restored;
    session.store.setState({ models: [tile(1), tile(2)] });
    paint(1);
    paint(2);
    session.store.setState({ prompt: 'unrelated change' });
    expect(maskSessionIds().sort()).toEqual([1, 2]);
    session.store.setState((s) => ({ models: s.models.filter((m) => m.id !== 1) }));
    expect(maskSessionIds()).toEqual([2]);
  });

  it('are dropped with the workspace session on sign out: the next account starts without them', async () => {
    const session = workspaceSessionFor(5);
    await session.restored;
    session.store.setState({ models: [tile(1)] });
    paint(1);
    dropWorkspaceSession();
    expect(maskSessionIds()).toEqual([]);
    // and a dropped session's store no longer prunes anything
    paint(1);
    session.store.setState({ models: [] });
    expect(maskSessionIds()).toEqual([1]);
  });

  it('are dropped when another account takes the tab', async () => {
    localStorage.setItem('auth_token', 'token-a');
    const first = workspaceSessionFor(5);
    await first.restored;
    first.store.setState({ models: [tile(1)] });
    paint(1);
    localStorage.setItem('auth_token', 'token-b');
    workspaceSessionFor(6);
    expect(first.disposed).toBe(true);
    expect(maskSessionIds()).toEqual([]);
  });
});

describe('resume after a reload', () => {
  it('rebuilds the garment and model photos from the server and follows the running job', async () => {
    jest.useFakeTimers();
    persist(5, {
      garmentId: 9,
      models: [
        { id: 2, maskThumbnailUrl: 'data:image/jpeg;base64,T2' },
        { id: 1, maskThumbnailUrl: null },
      ],
      prompt: 'studio prompt',
      job: { id: 'job-1', status: 'running', open: true },
    });
    let polls = 0;
    serve({
      'GET /api/garments/9': garment,
      'GET /api/models': [modelRecord(1, 'uploaded'), modelRecord(2), modelRecord(3)],
      'GET /api/try-on/jobs/job-1': () => {
        polls += 1;
        // 1: the restore, 2: the watcher's first poll
        return polls <= 2 ? job(['succeeded', 'running'], 'running') : job(['succeeded', 'succeeded'], 'completed');
      },
    });
    // r1 arrived before the reload in this very page (the session store survived): it must not come twice
    addSessionResults([{ id: 'r1', imageUrl: '/r1.png', processedAt: new Date(Date.UTC(2026, 0, 1, 0, 1)).toISOString(), thumbnailUrl: '/kept' }]);

    const session = workspaceSessionFor(5);
    expect(session.store.getState().restoring).toBe(true);
    await session.restored;
    const state = session.store.getState();
    expect(state.restoring).toBe(false);
    expect(state.garment).toMatchObject({ id: 9, url: garment.url, croppedUrl: garment.croppedUrl, cropData: garment.cropData });
    expect(state.models.map((m) => [m.id, m.status, m.url, m.maskThumbnailUrl])).toEqual([
      [2, 'ready', '/api/media/files/m2?sig=fresh', 'data:image/jpeg;base64,T2'],
      [1, 'uploaded', '/api/media/files/m1?sig=fresh', null],
    ]);
    expect(state.models[0].inpaint).toEqual(modelRecord(2).inpaint);
    expect(state.prompt).toBe('studio prompt');
    expect(state).toMatchObject({ generating: true, showGeneration: true });
    expect(state.job?.models.map((m) => m.state)).toEqual(['succeeded', 'running']);
    expect(getSessionResults().pendingTotal).toBe(1);
    expect(getSessionResults().results).toHaveLength(1);
    expect(getSessionResults().results[0].thumbnailUrl).toBe('/kept');

    await jest.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(getSessionResults().results.map((r) => r.id)).toEqual(['r2', 'r1']);
    expect(session.store.getState()).toMatchObject({ generating: false, showGeneration: true });
    expect(session.store.getState().activeResult?.id).toBe('r1');
    expect(readPersistedWorkspace(5)?.job).toEqual({ id: 'job-1', status: 'completed', open: true });
  });

  it('shows the results of a job that completed during the reload', async () => {
    persist(5, { garmentId: null, models: [], prompt: '', job: { id: 'job-1', status: 'running', open: true } });
    serve({ 'GET /api/try-on/jobs/job-1': job(['succeeded', 'failed'], 'completed') });
    const session = workspaceSessionFor(5);
    await session.restored;
    expect(getSessionResults().results.map((r) => r.id)).toEqual(['r1']);
    expect(session.store.getState()).toMatchObject({ generating: false, showGeneration: true, activeResult: expect.objectContaining({ id: 'r1' }) });
    expect(session.generation.isWatching()).toBe(false);
    expect(api).toHaveBeenCalledTimes(1);
  });

  it('keeps a dismissed completed job for Retry, its results back in the drawer as seen, its view closed (issue 32)', async () => {
    persist(5, { garmentId: null, models: [], prompt: '', job: { id: 'job-1', status: 'completed', open: false } });
    serve({ 'GET /api/try-on/jobs/job-1': job(['succeeded', 'failed'], 'completed') });
    const session = workspaceSessionFor(5);
    await session.restored;
    expect(session.store.getState()).toMatchObject({ showGeneration: false, generating: false, job: expect.objectContaining({ id: 'job-1' }) });
    expect(getSessionResults().results.map((r) => r.id)).toEqual(['r1']);
    expect(getSessionResults().unseenCount).toBe(0);
  });

  it('a tab that knows of no job finds the seller’s last one on the server: a finished one’s results in the drawer, a running one followed (issue 32)', async () => {
    serve({
      'GET /api/media/workspace': { garmentId: null, modelIds: [], prompt: '', garmentCategory: 'upper_body', updatedAt: null },
      'GET /api/try-on/jobs/latest': job(['succeeded', 'succeeded'], 'completed'),
    });
    const session = workspaceSessionFor(11);
    await session.restored;
    expect(getSessionResults().results.map((r) => r.id).sort()).toEqual(['r1', 'r2']);
    expect(session.store.getState()).toMatchObject({ showGeneration: false, job: expect.objectContaining({ id: 'job-1' }) });

    dropWorkspaceSession();
    resetSessionResults();
    serve({
      'GET /api/media/workspace': { garmentId: null, modelIds: [], prompt: '', garmentCategory: 'upper_body', updatedAt: null },
      'GET /api/try-on/jobs/latest': job(['succeeded', 'running'], 'running'),
      'GET /api/try-on/jobs/job-1': job(['succeeded', 'running'], 'running'),
    });
    const again = workspaceSessionFor(12);
    await again.restored;
    expect(again.store.getState()).toMatchObject({ showGeneration: true, generating: true });
    expect(again.generation.isWatching()).toBe(true);
  });

  it('reads only the record of its own user and survives parts that are gone', async () => {
    persist(5, { garmentId: 9, models: [], prompt: 'five', job: null });
    // nothing of user 6 in this tab: their own workspace is asked of the server (an empty one here)
    serve({ 'GET /api/media/workspace': { garmentId: null, modelIds: [], prompt: '', garmentCategory: 'upper_body', updatedAt: null } });
    const six = workspaceSessionFor(6);
    await six.restored;
    expect(six.store.getState().prompt).toBe('');
    expect(api.mock.calls.map(([method, path]) => `${method} ${path}`)).toEqual(['GET /api/media/workspace', 'GET /api/try-on/jobs/latest']);

    persist(7, { garmentId: 4, models: [{ id: 1, maskThumbnailUrl: null }], prompt: '', job: { id: 'gone', status: 'running', open: true } });
    serve({ 'GET /api/models': [] });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const seven = workspaceSessionFor(7);
    await seven.restored;
    expect(seven.store.getState()).toMatchObject({ garment: null, models: [], job: null, generating: false, restoring: false });
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('a tab with nothing of its own rebuilds the workspace the server keeps (another tab, the browser reopened)', async () => {
    serve({
      'GET /api/media/workspace': { garmentId: 9, modelIds: [2, 1], prompt: 'from the server', updatedAt: '2026-01-01T00:00:00.000Z' },
      'GET /api/garments/9': garment,
      'GET /api/models': [modelRecord(1, 'ready'), modelRecord(2, 'uploaded'), modelRecord(3, 'ready')],
    });
    const session = workspaceSessionFor(8);
    expect(session.store.getState().restoring).toBe(true);
    await session.restored;
    expect(session.store.getState()).toMatchObject({ prompt: 'from the server', restoring: false, garment: { id: 9 } });
    expect(session.store.getState().models.map((m) => [m.id, m.status])).toEqual([[2, 'uploaded'], [1, 'ready']]);
  });

  it('brings back the garment category the seller chose, even in an otherwise empty workspace', async () => {
    serve({ 'GET /api/media/workspace': { garmentId: null, modelIds: [], prompt: '', garmentCategory: 'lower_body', updatedAt: '2026-01-01T00:00:00.000Z' } });
    const session = workspaceSessionFor(8);
    await session.restored;
    expect(session.store.getState().garmentCategory).toBe('lower_body');
  });
});

describe('two tabs stay in step (issue 32)', () => {
  const saves = () => api.mock.calls.filter(([method, path]) => method === 'PUT' && path === '/api/media/workspace');

  it('shown or focused again, a tab takes over what another tab saved: a photo removed, a mask approved, the prompt; and saves nothing back', async () => {
    jest.useFakeTimers();
    let workspace = { garmentId: null, modelIds: [2, 1], prompt: 'first', garmentCategory: 'upper_body', updatedAt: '2026-01-01T00:00:00.000Z' };
    let models = [modelRecord(1, 'uploaded'), modelRecord(2, 'uploaded')];
    serve({ 'GET /api/media/workspace': () => workspace, 'GET /api/models': () => models, 'PUT /api/media/workspace': {} });
    const session = workspaceSessionFor(8);
    await session.restored;
    expect(session.store.getState().models.map((m) => [m.id, m.status])).toEqual([[2, 'uploaded'], [1, 'uploaded']]);

    // the other tab removed photo 2, approved the mask of photo 1 and changed the prompt
    workspace = { ...workspace, modelIds: [1], prompt: 'second' };
    models = [modelRecord(1, 'ready')];
    window.dispatchEvent(new Event('focus'));
    await jest.advanceTimersByTimeAsync(0);
    expect(session.store.getState().models.map((m) => [m.id, m.status])).toEqual([[1, 'ready']]);
    expect(session.store.getState().prompt).toBe('second');
    await jest.advanceTimersByTimeAsync(SAVE_WORKSPACE_DELAY_MS * 2);
    expect(saves()).toEqual([]);
  });

  it('another tab chose another garment category: each tile shows its photo’s mask of that category, ready only with one, and the page’s suggestions are that category’s (issues 31, 32)', async () => {
    jest.useFakeTimers();
    let workspace = { garmentId: null, modelIds: [1, 2], prompt: '', garmentCategory: 'upper_body', updatedAt: '2026-01-01T00:00:00.000Z' };
    const lower = { croppedImageUrl: '/lc2', processedMaskUrl: '/lm2', bounds: { x: 5, y: 5, width: 40, height: 40 }, approvedAt: '2026-01-02T10:00:00.000Z' };
    const models = [modelRecord(1, 'ready'), { ...modelRecord(2, 'ready'), masks: { ...modelRecord(2, 'ready').masks, lower_body: lower } }];
    serve({ 'GET /api/media/workspace': () => workspace, 'GET /api/models': () => models, 'PUT /api/media/workspace': {} });
    const session = workspaceSessionFor(10);
    await session.restored;
    expect(session.store.getState().models.map((m) => [m.id, m.status])).toEqual([[1, 'ready'], [2, 'ready']]);
    expect(suggestionsStore.getState().category).toBe('upper_body');

    workspace = { ...workspace, garmentCategory: 'lower_body' };
    window.dispatchEvent(new Event('focus'));
    await jest.advanceTimersByTimeAsync(0);
    expect(session.store.getState().garmentCategory).toBe('lower_body');
    expect(session.store.getState().models.map((m) => [m.id, m.status, m.inpaint?.processedMaskUrl ?? null])).toEqual([
      [1, 'uploaded', null],
      [2, 'ready', '/lm2'],
    ]);
    expect(suggestionsStore.getState().category).toBe('lower_body');
  });

  it('a change of this tab not saved yet is kept: focus does not take the older server copy over it', async () => {
    jest.useFakeTimers();
    const workspace = { garmentId: null, modelIds: [], prompt: 'server', garmentCategory: 'upper_body', updatedAt: '2026-01-01T00:00:00.000Z' };
    serve({ 'GET /api/media/workspace': () => workspace, 'PUT /api/media/workspace': {} });
    const session = workspaceSessionFor(9);
    await session.restored;
    session.store.setState({ prompt: 'typed just now' });
    window.dispatchEvent(new Event('focus'));
    await jest.advanceTimersByTimeAsync(0);
    expect(session.store.getState().prompt).toBe('typed just now');
    await jest.advanceTimersByTimeAsync(SAVE_WORKSPACE_DELAY_MS);
    expect(saves().map(([, , body]) => (body as { prompt: string }).prompt)).toEqual(['typed just now']);
  });
});

describe('a model photo added while the workspace is restoring', () => {
  /** The workspace saves the server receives (PUT /api/media/workspace bodies). */
  const saves = () => api.mock.calls.filter(([method, path]) => method === 'PUT' && path === '/api/media/workspace').map(([, , body]) => body);
  /** A server answer that waits until the test releases it (the restore is still under way meanwhile). */
  function held<T>(): { promise: Promise<T>; release: (value: T) => void } {
    let release!: (value: T) => void;
    const promise = new Promise<T>((resolve) => {
      release = resolve;
    });
    return { promise, release };
  }
  // the seller's upload finished before the restore did: its tile holds the stored record
  const uploaded = (id: number) => modelFromRecord(modelRecord(id, 'uploaded'));

  it('in a new tab: kept after the restored photos, and the workspace with it is saved on the server', async () => {
    jest.useFakeTimers();
    const workspace = held<unknown>();
    serve({
      'GET /api/media/workspace': () => workspace.promise,
      'GET /api/models': [modelRecord(1), modelRecord(2, 'uploaded'), modelRecord(3, 'uploaded')],
      'PUT /api/media/workspace': {},
    });
    const session = workspaceSessionFor(8);
    expect(session.store.getState().restoring).toBe(true);
    session.store.setState((s) => ({ models: [...s.models, uploaded(3)] }));
    workspace.release({ garmentId: null, modelIds: [2, 1], prompt: '', garmentCategory: 'upper_body', updatedAt: '2026-01-01T00:00:00.000Z' });
    await session.restored;
    expect(session.store.getState().models.map((m) => m.id)).toEqual([2, 1, 3]);
    await jest.advanceTimersByTimeAsync(SAVE_WORKSPACE_DELAY_MS);
    expect(saves()).toEqual([{ garmentId: null, modelIds: [2, 1, 3], prompt: '', garmentCategory: 'upper_body' }]);
  });

  it('in a new tab whose saved workspace is empty: saved on the server', async () => {
    jest.useFakeTimers();
    const workspace = held<unknown>();
    serve({ 'GET /api/media/workspace': () => workspace.promise, 'PUT /api/media/workspace': {} });
    const session = workspaceSessionFor(8);
    session.store.setState({ models: [uploaded(3)] });
    workspace.release({ garmentId: null, modelIds: [], prompt: '', garmentCategory: 'upper_body', updatedAt: null });
    await session.restored;
    await jest.advanceTimersByTimeAsync(SAVE_WORKSPACE_DELAY_MS);
    expect(saves()).toEqual([{ garmentId: null, modelIds: [3], prompt: '', garmentCategory: 'upper_body' }]);
  });

  it('after a reload: kept after the restored photos, and saved on the server', async () => {
    jest.useFakeTimers();
    persist(5, { garmentId: null, models: [{ id: 1, maskThumbnailUrl: null }], prompt: 'kept', garmentCategory: 'upper_body', job: null });
    const models = held<unknown>();
    serve({ 'GET /api/models': () => models.promise, 'PUT /api/media/workspace': {} });
    const session = workspaceSessionFor(5);
    session.store.setState({ models: [uploaded(2)] });
    models.release([modelRecord(1), modelRecord(2, 'uploaded')]);
    await session.restored;
    expect(session.store.getState().models.map((m) => m.id)).toEqual([1, 2]);
    await jest.advanceTimersByTimeAsync(SAVE_WORKSPACE_DELAY_MS);
    expect(saves()).toEqual([{ garmentId: null, modelIds: [1, 2], prompt: 'kept', garmentCategory: 'upper_body' }]);
    expect(readPersistedWorkspace(5)?.models.map((m) => m.id)).toEqual([1, 2]);
  });

  it('nothing added meanwhile: the restored workspace is not saved again', async () => {
    jest.useFakeTimers();
    serve({
      'GET /api/media/workspace': { garmentId: 9, modelIds: [2, 1], prompt: 'from the server', garmentCategory: 'lower_body', updatedAt: '2026-01-01T00:00:00.000Z' },
      'GET /api/garments/9': garment,
      'GET /api/models': [modelRecord(1), modelRecord(2)],
      'PUT /api/media/workspace': {},
    });
    const session = workspaceSessionFor(8);
    await session.restored;
    await jest.advanceTimersByTimeAsync(SAVE_WORKSPACE_DELAY_MS * 2);
    expect(saves()).toEqual([]);
    session.store.setState({ prompt: 'changed' });
    await jest.advanceTimersByTimeAsync(SAVE_WORKSPACE_DELAY_MS);
    expect(saves()).toEqual([{ garmentId: 9, modelIds: [2, 1], prompt: 'changed', garmentCategory: 'lower_body' }]);
  });
});

describe('a restore that fails', () => {
  const saves = () => api.mock.calls.filter(([method, path]) => method === 'PUT' && path === '/api/media/workspace');
  const failing = (answer: string) => () => Promise.reject(new Error(answer));
  const unavailable = failing('503: {"statusCode":503,"code":"SERVICE_UNAVAILABLE","message":"Service unavailable"}');

  it('says so, keeps the seller’s workspace where it is (this tab’s record and the server’s), and Try again rebuilds it', async () => {
    jest.useFakeTimers();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const kept = { garmentId: 9, models: [{ id: 1, maskThumbnailUrl: null }], prompt: 'kept', garmentCategory: 'upper_body' as const, job: null };
    persist(5, kept);
    serve({ 'GET /api/garments/9': garment, 'GET /api/models': failing('500: {"statusCode":500,"message":"Internal server error"}'), 'PUT /api/media/workspace': {} });
    const session = workspaceSessionFor(5);
    await session.restored;
    expect(session.store.getState()).toMatchObject({ restoring: false, restoreError: 'Internal server error', garment: null, models: [] });
    session.store.setState({ prompt: 'typed meanwhile' });
    await jest.advanceTimersByTimeAsync(SAVE_WORKSPACE_DELAY_MS * 2);
    expect(saves()).toEqual([]);
    expect(readPersistedWorkspace(5)).toMatchObject({ garmentId: 9, models: [{ id: 1 }], prompt: 'kept' });

    serve({ 'GET /api/garments/9': garment, 'GET /api/models': [modelRecord(1)], 'PUT /api/media/workspace': {} });
    const again = session.retryRestore();
    expect(session.store.getState()).toMatchObject({ restoring: true, restoreError: null });
    await again;
    expect(session.store.getState()).toMatchObject({ restoring: false, restoreError: null, garment: { id: 9 }, prompt: 'typed meanwhile' });
    expect(session.store.getState().models.map((m) => m.id)).toEqual([1]);
    await jest.advanceTimersByTimeAsync(SAVE_WORKSPACE_DELAY_MS);
    expect(saves().map(([, , body]) => body)).toEqual([{ garmentId: 9, modelIds: [1], prompt: 'typed meanwhile', garmentCategory: 'upper_body' }]);
  });

  it('while the studio is briefly unavailable: tried again, and the seller sees the workspace without being told', async () => {
    jest.useFakeTimers();
    let calls = 0;
    serve({
      'GET /api/media/workspace': () => (++calls === 1 ? unavailable() : { garmentId: 9, modelIds: [], prompt: 'back', garmentCategory: 'upper_body', updatedAt: '2026-01-01T00:00:00.000Z' }),
      'GET /api/garments/9': garment,
    });
    const session = workspaceSessionFor(8);
    await jest.advanceTimersByTimeAsync(RESTORE_RETRY_DELAYS_MS[0]);
    await session.restored;
    expect(calls).toBe(2);
    expect(session.store.getState()).toMatchObject({ restoring: false, restoreError: null, prompt: 'back', garment: { id: 9 } });
  });

  it('an app that did not answer in time (the gateway\'s 504, after its whole bound): "temporarily unavailable" at once, not tried again', async () => {
    jest.useFakeTimers();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    serve({ 'GET /api/media/workspace': failing('504: {"statusCode":504,"code":"GATEWAY_TIMEOUT","message":"svc-media did not answer in time. Please try again in a moment."}') });
    const session = workspaceSessionFor(8);
    await session.restored;
    expect(api.mock.calls.filter(([, path]) => path === '/api/media/workspace')).toHaveLength(1);
    expect(session.store.getState()).toMatchObject({ restoring: false, restoreError: TEMPORARILY_UNAVAILABLE.description });
  });

  it('unavailable for longer than the tries: "temporarily unavailable" and Try again; a garment deleted meanwhile is not a failure', async () => {
    jest.useFakeTimers();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    serve({ 'GET /api/media/workspace': unavailable });
    const session = workspaceSessionFor(8);
    await jest.advanceTimersByTimeAsync(RESTORE_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0));
    await session.restored;
    expect(api.mock.calls.filter(([, path]) => path === '/api/media/workspace')).toHaveLength(RESTORE_RETRY_DELAYS_MS.length + 1);
    expect(session.store.getState().restoreError).toBe(TEMPORARILY_UNAVAILABLE.description);

    // the garment was deleted in another tab meanwhile (404): the rest comes back, nothing to tell
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    serve({ 'GET /api/media/workspace': { garmentId: 4, modelIds: [1], prompt: '', garmentCategory: 'upper_body', updatedAt: null }, 'GET /api/models': [modelRecord(1)] });
    await session.retryRestore();
    expect(session.store.getState()).toMatchObject({ restoreError: null, garment: null });
    expect(session.store.getState().models.map((m) => m.id)).toEqual([1]);
  });
});
