import { useMemo } from 'react';
import { DEFAULT_GARMENT_CATEGORY, PRODUCT_CATEGORY, type GarmentCategory, type GarmentRecord, type ModelPhotoRecord, type SaveWorkspaceRequest, type TryOnJob, type WorkspaceRecord } from '@vton/contracts';
import { apiErrorMessage, getAuthSessionId, isTemporarilyUnavailable, parseApiError, useAuth } from '@vton/shell-sdk';
import {
  createWorkspaceStore,
  garmentFromRecord,
  modelFromRecord,
  type WorkspaceModelPhoto,
  type WorkspaceState,
  type WorkspaceStore,
} from '../stores/workspaceStore';
import {
  clearPersistedWorkspace,
  persistedFromState,
  readPersistedWorkspace,
  writePersistedWorkspace,
  type PersistedWorkspace,
} from '../stores/workspacePersistence';
import { getGarment } from '../features/garment/api/getGarment';
import { listModelPhotos } from '../features/model-photos/api/listModelPhotos';
import { getLatestTryOnJob, getTryOnJob } from '../features/generation/api/tryOnJobs';
import { getSavedWorkspace, saveWorkspace } from './savedWorkspace';
import { createDefaultGenerationController, defaultGenerationDeps } from '../features/generation/hooks/useGeneration';
import type { GenerationController, GenerationDeps } from '../features/generation/utils/generationController';
import { clearMaskSessions, retainMaskSessions } from '../features/mask-editor/model/maskSessions';
import { clearSuggestions } from '../features/suggested-masks/model/suggestionsStore';
import { restoreSuggestions, showSuggestionsFor } from '../features/suggested-masks/utils/suggestions';
import { suggestionMasks } from './suggestionMasks';

/**
 * The workspace of the signed-in seller for this page session. It lives at module level, so it
 * survives the remote's App unmounting (the seller visits /gallery or /docs and comes back), and
 * a running job keeps being followed meanwhile: its results land in the SDK's session results
 * store. It is dropped when the user changes (sign out, another account). What can be rebuilt
 * after a full reload is kept in sessionStorage (see workspacePersistence) and restored from the
 * server when the session is created.
 */
export interface WorkspaceSession {
  readonly userId: number | null;
  /** The sign-in it belongs to (getAuthSessionId): the same across token renewals. */
  readonly token: string | null;
  readonly store: WorkspaceStore;
  readonly generation: GenerationController;
  /**
   * Settles once the workspace was rebuilt after a reload (at once when there was nothing to
   * rebuild), or once rebuilding it failed (the store's `restoreError` says why).
   */
  readonly restored: Promise<void>;
  /** Rebuilds the workspace again after a failed restore ("Try again"); settles like `restored`. */
  retryRestore(): Promise<void>;
  readonly disposed: boolean;
}

export interface WorkspaceSessionDeps {
  getGarment: (id: number) => Promise<GarmentRecord>;
  listModels: () => Promise<ModelPhotoRecord[]>;
  getJob: (id: string) => Promise<TryOnJob>;
  /** The seller's most recent job (null when none), for a page that knows of no job: its results come back in the drawer. */
  getLatestJob?: () => Promise<TryOnJob | null>;
  generation: GenerationDeps;
  /** The workspace kept on the server, for a tab with nothing of its own (another tab, the browser reopened). */
  getSavedWorkspace?: () => Promise<WorkspaceRecord>;
  saveWorkspace?: (request: SaveWorkspaceRequest, options?: { keepalive?: boolean }) => Promise<void>;
}

const defaultDeps: WorkspaceSessionDeps = {
  getGarment,
  listModels: listModelPhotos,
  getJob: getTryOnJob,
  getLatestJob: getLatestTryOnJob,
  generation: defaultGenerationDeps,
  getSavedWorkspace,
  saveWorkspace,
};

interface Session extends WorkspaceSession {
  disposed: boolean;
  restored: Promise<void>;
  stopPersisting: () => void;
  stopPruningMasks: () => void;
  stopFollowingCategory: () => void;
}

let current: Session | null = null;

/** Still the signed-in seller's? A sign out (or another account) changes the sign-in; renewing the token does not. */
const isLive = (session: Session): boolean => !session.disposed && getAuthSessionId() === session.token;

function dispose(session: Session, { forget }: { forget: boolean }): void {
  if (session.disposed) return;
  session.disposed = true;
  session.stopPersisting();
  session.stopPruningMasks();
  session.stopFollowingCategory();
  session.generation.dispose();
  // masks in progress hold full-size canvases and are this seller's: none survives the session
  clearMaskSessions();
  clearSuggestions();
  if (forget && session.userId !== null) clearPersistedWorkspace(session.userId);
  if (current === session) current = null;
}

/**
 * The session of `userId`: the same one on every mount while the user (and their sign-in)
 * stays; a fresh one — the previous dropped, its listeners closed — when it changes.
 */
export function workspaceSessionFor(userId: number | null, deps: WorkspaceSessionDeps = defaultDeps): WorkspaceSession {
  const token = getAuthSessionId();
  if (current && !current.disposed && current.userId === userId && current.token === token) return current;
  if (current) dispose(current, { forget: true });
  current = createSession(userId, token, deps);
  return current;
}

/** Drops the current session (its listeners closed) and forgets what it persisted; for sign-out and tests. */
export function dropWorkspaceSession(): void {
  if (current) dispose(current, { forget: true });
  current = null;
}

/** The workspace session of the signed-in user (useAuth().user.id). */
export function useWorkspaceSession(): WorkspaceSession {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  return useMemo(() => workspaceSessionFor(userId), [userId]);
}

function createSession(userId: number | null, token: string | null, deps: WorkspaceSessionDeps): Session {
  const persisted = userId === null ? null : readPersistedWorkspace(userId);
  // nothing in this tab: the seller's workspace comes from the server (another tab, the browser reopened)
  const fromServer = userId !== null && persisted === null && deps.getSavedWorkspace !== undefined;
  const store = createWorkspaceStore({ restoring: persisted !== null || fromServer });
  const session = { userId, token, store, disposed: false, stopPersisting: () => {}, stopFollowingCategory: () => {} } as Session;
  // a model photo removed from the workspace takes its mask in progress with it
  let models = store.getState().models;
  session.stopPruningMasks = store.subscribe(() => {
    const next = store.getState().models;
    if (next === models) return;
    models = next;
    retainMaskSessions(next.flatMap((m) => (m.id === null ? [] : [m.id])));
  });
  // a job's events after a sign out are not this page's any more: drop the session instead
  const guard = <A extends unknown[]>(fn: (...args: A) => void) => (...args: A) => {
    if (isLive(session)) fn(...args);
    else dispose(session, { forget: true });
  };
  const generation = createDefaultGenerationController(store, {
    ...deps.generation,
    watchJob: (jobId, onJob, onError) => deps.generation.watchJob(jobId, guard(onJob), guard(onError)),
  });
  Object.assign(session, { generation });
  const rebuild = (): Promise<SaveWorkspaceRequest | null> => (persisted ? restore(session, persisted, deps) : fromServer ? restoreFromServer(session, deps) : Promise.resolve(null));
  // the workspace is kept (this tab's record, the server's) only once it was rebuilt: a failed restore
  // must not save the empty page over the seller's garment and photos
  const keep = (asRestored: SaveWorkspaceRequest | null) => {
    showSuggestionsFor(store.getState().garmentCategory);
    restoreKeptSuggestions(store.getState().models, store.getState().garmentCategory);
    session.stopFollowingCategory = followCategory(session, deps);
    if (userId === null) return;
    const stopLocal = persist(userId, store);
    const tabs = openTabChannel(userId);
    const server = deps.saveWorkspace ? saveToServer(store, deps.saveWorkspace, asRestored, () => tabs?.postMessage(WORKSPACE_SAVED)) : null;
    const stopFollowing = server && deps.getSavedWorkspace ? followOtherTabs(session, deps, server, tabs) : () => {};
    session.stopPersisting = () => {
      stopLocal();
      server?.stop();
      stopFollowing();
      tabs?.close();
    };
  };
  const attempt = (): Promise<void> =>
    retryWhileTemporary(rebuild).then(
      (asRestored) => {
        if (session.disposed) return;
        store.setState({ restoring: false, restoreError: null });
        keep(asRestored);
      },
      (error: unknown) => {
        console.error('Restoring the workspace failed', error);
        if (!session.disposed) store.setState({ restoring: false, restoreError: apiErrorMessage(error) });
      },
    );
  const retryRestore = () => {
    if (session.disposed || store.getState().restoreError === null) return session.restored;
    store.setState({ restoring: true, restoreError: null });
    return (session.restored = attempt());
  };
  Object.assign(session, { restored: attempt(), retryRestore });
  return session;
}

/** How long a restore waits before each further try while the studio is briefly unavailable. */
export const RESTORE_RETRY_DELAYS_MS = [1_000, 3_000];

/**
 * A restore that met a brief failure (a 502/503, the network, a 429 of a busy moment) is tried again
 * a few times before the seller is told; any other failure is told at once. So is a 504: the gateway
 * has already waited its whole bound (a minute) for an app that did not answer, and each try again
 * would keep the seller looking at the spinner as long again.
 */
async function retryWhileTemporary<T>(run: () => Promise<T>): Promise<T> {
  for (const delay of RESTORE_RETRY_DELAYS_MS) {
    try {
      return await run();
    } catch (error) {
      const { status } = parseApiError(error);
      if (status === 504 || (!isTemporarilyUnavailable(error) && status !== 429)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  return run();
}

/** Writes the persisted record whenever a part of it changes. */
function persist(userId: number, store: WorkspaceStore): () => void {
  let last: unknown[] = [];
  const write = () => {
    const s = store.getState();
    const parts = [s.garment?.id, s.models, s.prompt, s.garmentCategory, s.job?.id, s.job?.status, s.showGeneration, s.generating];
    if (parts.length === last.length && parts.every((p, i) => p === last[i])) return;
    last = parts;
    writePersistedWorkspace(userId, persistedFromState(s));
  };
  write();
  return store.subscribe(write);
}

/** How long the workspace waits for the seller to pause before it is saved on the server. */
export const SAVE_WORKSPACE_DELAY_MS = 400;

/** What of a workspace the server keeps. */
const saveRequestOf = (s: Pick<WorkspaceState, 'garment' | 'models' | 'prompt' | 'garmentCategory'>): SaveWorkspaceRequest => ({
  garmentId: s.garment?.id ?? null,
  modelIds: s.models.flatMap((m) => (m.id === null ? [] : [m.id])),
  prompt: s.prompt,
  garmentCategory: s.garmentCategory,
});

/**
 * Keeps the server's workspace equal to this one (garment, model photos in order, prompt, garment
 * category): saved shortly after each change, and at once (keepalive) when the page is hidden or closed.
 * `asRestored` is the workspace the restore rebuilt, which the server already holds: what the seller
 * changed while it was restoring (a photo uploaded meanwhile) differs from it and is saved too.
 * Without one (nothing was restored, or the restore failed) the workspace as it is now counts as saved.
 */
function saveToServer(
  store: WorkspaceStore,
  save: NonNullable<WorkspaceSessionDeps['saveWorkspace']>,
  asRestored: SaveWorkspaceRequest | null,
  onSaved: () => void = () => {},
): { stop: () => void; markSaved: (request: SaveWorkspaceRequest) => void; pending: () => boolean } {
  const request = (): SaveWorkspaceRequest => saveRequestOf(store.getState());
  let saved = JSON.stringify(asRestored ?? request());
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = (keepalive: boolean) => {
    if (timer) clearTimeout(timer);
    timer = null;
    const next = request();
    const text = JSON.stringify(next);
    if (text === saved) return;
    saved = text;
    save(next, { keepalive }).then(onSaved, (error) => console.warn('Saving the workspace failed', error));
  };
  const saveSoon = () => {
    if (JSON.stringify(request()) === saved) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => flush(false), SAVE_WORKSPACE_DELAY_MS);
  };
  const unsubscribe = store.subscribe(saveSoon);
  saveSoon();
  const onHide = () => flush(true);
  window.addEventListener('pagehide', onHide);
  // dropped on sign out: nothing more is sent (the token may already be another account's)
  const stop = () => {
    if (timer) clearTimeout(timer);
    unsubscribe();
    window.removeEventListener('pagehide', onHide);
  };
  // what another tab saved, taken over here, is the server's already: not saved again
  const markSaved = (request: SaveWorkspaceRequest) => {
    saved = JSON.stringify(request);
  };
  // a change of this tab waiting for its save is newer than what the server holds
  const pending = () => timer !== null || JSON.stringify(request()) !== saved;
  return { stop, markSaved, pending };
}

/** The message a tab sends its seller's other tabs after it saved the workspace on the server. */
const WORKSPACE_SAVED = 'workspace-saved';

/** This browser's other tabs of the same seller (none where BroadcastChannel is missing). */
function openTabChannel(userId: number): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`vton.studio.workspace:${userId}`);
}

/**
 * Two tabs stay in step (issue 32): when another tab of this browser saved the workspace (it says so on
 * the channel), and whenever this tab is shown or focused again (another browser may have changed it),
 * the workspace is read from the server and what changed is taken over here — photos removed or added,
 * the garment, the prompt, the garment category. Photos still uploading here stay.
 */
function followOtherTabs(
  session: Session,
  deps: WorkspaceSessionDeps,
  server: { markSaved: (request: SaveWorkspaceRequest) => void; pending: () => boolean },
  tabs: BroadcastChannel | null,
): () => void {
  let running: Promise<void> | null = null;
  let again = false;
  const sync = () => {
    if (running) {
      again = true;
      return;
    }
    running = catchUp(session, deps, server)
      .catch((error) => console.warn('Could not catch up with the saved workspace', error))
      .finally(() => {
        running = null;
        if (again && !session.disposed) {
          again = false;
          sync();
        }
      });
  };
  const onMessage = (event: MessageEvent) => {
    if (event.data === WORKSPACE_SAVED) sync();
  };
  const onShown = () => {
    if (document.visibilityState === 'visible') sync();
  };
  tabs?.addEventListener('message', onMessage);
  window.addEventListener('focus', onShown);
  document.addEventListener('visibilitychange', onShown);
  return () => {
    tabs?.removeEventListener('message', onMessage);
    window.removeEventListener('focus', onShown);
    document.removeEventListener('visibilitychange', onShown);
  };
}

/**
 * Takes over the workspace as the server keeps it, where it differs from this tab's: the photo list
 * (a photo's status and mask too, approved in another tab), the garment (replaced or cropped there),
 * the prompt and the garment category. What this tab is doing stays: photos and a garment still
 * uploading, a mask being approved.
 */
async function catchUp(session: Session, deps: WorkspaceSessionDeps, server: { markSaved: (request: SaveWorkspaceRequest) => void; pending: () => boolean }): Promise<void> {
  const { store } = session;
  // this tab's own change, not saved yet, wins: its save tells the other tabs
  if (server.pending()) return;
  const saved = await deps.getSavedWorkspace!();
  const [garment, records] = await Promise.all([
    saved.garmentId !== null ? deps.getGarment(saved.garmentId) : null,
    saved.modelIds.length > 0 ? deps.listModels() : [],
  ]);
  const state = store.getState();
  if (session.disposed || state.restoring || server.pending()) return;
  const byId = new Map(records.map((r) => [r.id, r]));
  const known = new Map(state.models.flatMap((m) => (m.id === null ? [] : [[m.id, m] as const])));
  // the tiles show each photo's mask of the garment category, which another tab may have changed too
  const category = saved.garmentCategory;
  const sameCategory = category === state.garmentCategory;
  const models = [
    ...saved.modelIds.flatMap((id) => {
      const here = known.get(id);
      const record = byId.get(id);
      if (!record) return here ? [here] : [];
      if (!here) return [modelFromRecord(record, null, category)];
      // the same photo: this tab's tile, unless the server knows more (a mask approved or dropped elsewhere)
      if (here.status === 'processing') return [here];
      const fresh = modelFromRecord(record, sameCategory ? here.maskThumbnailUrl : null, category);
      if (sameCategory && here.status === fresh.status && here.inpaint?.processedMaskUrl.split('?')[0] === fresh.inpaint?.processedMaskUrl.split('?')[0]) return [here];
      return [{ ...fresh, key: here.key }];
    }),
    // photos still uploading in this tab are this tab's, not yet the server's
    ...state.models.filter((m) => m.id === null),
  ];
  const sameModels = models.length === state.models.length && models.every((m, i) => m === state.models[i]);
  const garmentChanged =
    state.garment?.id !== null &&
    (saved.garmentId === null ? state.garment !== null : !garment || state.garment?.id !== garment.id || state.garment.croppedUrl?.split('?')[0] !== garment.croppedUrl?.split('?')[0] || state.garment.url.split('?')[0] !== garment.url.split('?')[0]);
  const patch: Partial<WorkspaceState> = {
    ...(sameModels ? {} : { models }),
    ...(saved.prompt !== state.prompt ? { prompt: saved.prompt } : {}),
    ...(saved.garmentCategory !== state.garmentCategory ? { garmentCategory: saved.garmentCategory } : {}),
    ...(garmentChanged ? { garment: garment ? garmentFromRecord(garment) : null } : {}),
  };
  if (Object.keys(patch).length === 0) return;
  // a photo open in the editor that another tab removed, or a garment changed under the crop tool, closes the tool
  if (state.tool === 'mask' && !models.some((m) => m.key === state.maskModelKey)) Object.assign(patch, { tool: 'none', maskModelKey: null });
  if (state.tool === 'crop' && garmentChanged) Object.assign(patch, { tool: 'none', maskModelKey: null });
  server.markSaved(saveRequestOf({ ...state, ...patch }));
  store.setState(patch);
  if (!patch.garmentCategory) restoreKeptSuggestions(models.filter((m) => m.id !== null && !known.has(m.id)), state.garmentCategory);
}

/** A model photo as far as its kept suggestions go: a workspace tile, or the server's record. */
type SuggestedPhoto = Pick<WorkspaceModelPhoto, 'url' | 'width' | 'height' | 'thumbnailUrl' | 'masks' | 'suggestedMasks'> & { id: number | null; status: string };

/**
 * The suggested masks the server keeps for these photos and the garment category (a photo keeps one
 * per category until that category's mask is approved) come back into their masks and tiles.
 */
function restoreKeptSuggestions(models: readonly SuggestedPhoto[], category: GarmentCategory): void {
  if (category === PRODUCT_CATEGORY) return;
  void restoreSuggestions(
    suggestionMasks,
    models.flatMap((m) => {
      const suggestedMaskUrl = m.suggestedMasks?.[category];
      return m.id !== null && m.status !== 'processing' && !m.masks[category] && suggestedMaskUrl
        ? [{ id: m.id, url: m.url, width: m.width, height: m.height, thumbnailUrl: m.thumbnailUrl, suggestedMaskUrl }]
        : [];
    }),
    category,
  );
}

/**
 * The seller (or another tab) chose another garment category: the page's suggestions were for the
 * previous one and go, and the ones the server keeps for the new category come back (read afresh: this
 * page may have made some since its photos were loaded).
 */
function followCategory(session: Session, deps: WorkspaceSessionDeps): () => void {
  const { store } = session;
  let category = store.getState().garmentCategory;
  return store.subscribe(() => {
    const next = store.getState().garmentCategory;
    if (next === category) return;
    category = next;
    showSuggestionsFor(next);
    const ids = new Set(store.getState().models.flatMap((m) => (m.id === null ? [] : [m.id])));
    if (next === PRODUCT_CATEGORY || ids.size === 0) return;
    deps.listModels().then(
      (records) => {
        if (session.disposed || store.getState().garmentCategory !== next) return;
        restoreKeptSuggestions(records.filter((r) => ids.has(r.id)), next);
      },
      (error: unknown) => console.warn('Could not restore the suggested masks of the garment category', error),
    );
  });
}

/** A tab with nothing of its own: the workspace as the server keeps it, rebuilt like after a reload. */
async function restoreFromServer(session: Session, deps: WorkspaceSessionDeps): Promise<SaveWorkspaceRequest | null> {
  const saved = await deps.getSavedWorkspace!();
  if (session.disposed) return null;
  if (saved.garmentId === null && saved.modelIds.length === 0 && saved.prompt === '' && saved.garmentCategory === DEFAULT_GARMENT_CATEGORY) {
    // an empty workspace can still have a last job whose results the drawer shows
    await resumeJob(session, { version: 1, garmentId: null, models: [], prompt: '', job: null }, await latestJob(deps));
    return { garmentId: null, modelIds: [], prompt: '', garmentCategory: DEFAULT_GARMENT_CATEGORY };
  }
  return restore(
    session,
    { version: 1, garmentId: saved.garmentId, models: saved.modelIds.map((id) => ({ id, maskThumbnailUrl: null })), prompt: saved.prompt, garmentCategory: saved.garmentCategory, job: null },
    deps,
  );
}

/**
 * After a reload: the garment (GET /api/garments/:id) and the model photos (GET /api/models, the
 * persisted ids, with their status and inpaint data) come back with fresh signed URLs; the job
 * (GET /api/try-on/jobs/:id) is followed again when still running, or shows its results. What the
 * seller did meanwhile is kept (photos added meanwhile after the restored ones). Resolves to the
 * workspace as the restore alone rebuilt it, the one the server holds (null once the session is gone).
 */
async function restore(session: Session, persisted: PersistedWorkspace, deps: WorkspaceSessionDeps): Promise<SaveWorkspaceRequest | null> {
  // the garment deleted meanwhile is gone from the workspace; a garment or photos that could not be
  // read fail the restore (the seller is told and can try again), a job only loses its results' return
  const unlessGone = <T,>(promise: Promise<T>): Promise<T | null> =>
    promise.catch((error) => {
      if (parseApiError(error).status !== 404) throw error;
      console.warn('A part of the workspace is gone', error);
      return null;
    });
  const quietly = <T,>(promise: Promise<T>): Promise<T | null> =>
    promise.catch((error) => {
      console.warn('Could not restore part of the workspace', error);
      return null;
    });
  const [garment, models, job] = await Promise.all([
    persisted.garmentId !== null ? unlessGone(deps.getGarment(persisted.garmentId)) : null,
    persisted.models.length > 0 ? deps.listModels() : null,
    persisted.job ? quietly(deps.getJob(persisted.job.id)) : latestJob(deps),
  ]);
  if (session.disposed) return null;
  const { store } = session;
  const state = store.getState();
  const patch: Partial<WorkspaceState> = {};
  if (persisted.prompt && state.prompt === '') patch.prompt = persisted.prompt;
  if (persisted.garmentCategory && state.garmentCategory === DEFAULT_GARMENT_CATEGORY) patch.garmentCategory = persisted.garmentCategory;
  if (garment && !state.garment) patch.garment = garmentFromRecord(garment);
  const byId = new Map((models ?? []).map((m) => [m.id, m]));
  const rebuilt = persisted.models.flatMap((p) => {
    const record = byId.get(p.id);
    return record ? [modelFromRecord(record, p.maskThumbnailUrl, patch.garmentCategory ?? state.garmentCategory)] : [];
  });
  const present = new Set(state.models.map((m) => m.id));
  const missing = rebuilt.filter((m) => !present.has(m.id));
  if (missing.length > 0) patch.models = [...missing, ...state.models];
  store.setState(patch);
  resumeJob(session, persisted, job);
  return saveRequestOf({
    garment: garment ? garmentFromRecord(garment) : null,
    models: rebuilt,
    prompt: persisted.prompt,
    garmentCategory: persisted.garmentCategory ?? DEFAULT_GARMENT_CATEGORY,
  });
}

/** The seller's most recent job, when the page knows of none (another browser, a closed tab): quietly null on failure. */
function latestJob(deps: WorkspaceSessionDeps): Promise<TryOnJob | null> {
  if (!deps.getLatestJob) return Promise.resolve(null);
  return deps.getLatestJob().catch((error) => {
    console.warn('Could not find the last try-on job', error);
    return null;
  });
}

/**
 * The job found again: a running one is followed with its progress open; one that settled while the
 * page reloaded (or whose view was open) is shown like a live one; otherwise its results come back
 * into the drawer (issue 32) and it is kept as the current job for Retry.
 */
function resumeJob(session: Session, persisted: PersistedWorkspace, job: TryOnJob | null): void {
  const state = session.store.getState();
  if (!job || session.disposed || state.job || state.generating) return;
  const show = job.status === 'running' || (persisted.job !== null && (persisted.job.status === 'running' || persisted.job.open));
  session.generation.resume(job, { show });
}
