import { useMemo } from 'react';
import { DEFAULT_GARMENT_CATEGORY, type GarmentRecord, type ModelPhotoRecord, type SaveWorkspaceRequest, type TryOnJob, type WorkspaceRecord } from '@vton/contracts';
import { getAuthSessionId, useAuth } from '@vton/shell-sdk';
import {
  createWorkspaceStore,
  garmentFromRecord,
  modelFromRecord,
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
import { getTryOnJob } from '../features/generation/api/tryOnJobs';
import { getSavedWorkspace, saveWorkspace } from './savedWorkspace';
import { createDefaultGenerationController, defaultGenerationDeps } from '../features/generation/hooks/useGeneration';
import type { GenerationController, GenerationDeps } from '../features/generation/utils/generationController';
import { clearMaskSessions, retainMaskSessions } from '../features/mask-editor/model/maskSessions';
import { clearSuggestions } from '../features/suggested-masks/model/suggestionsStore';

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
  /** Settles once the workspace was rebuilt after a reload (at once when there was nothing to rebuild). */
  readonly restored: Promise<void>;
  readonly disposed: boolean;
}

export interface WorkspaceSessionDeps {
  getGarment: (id: number) => Promise<GarmentRecord>;
  listModels: () => Promise<ModelPhotoRecord[]>;
  getJob: (id: string) => Promise<TryOnJob>;
  generation: GenerationDeps;
  /** The workspace kept on the server, for a tab with nothing of its own (another tab, the browser reopened). */
  getSavedWorkspace?: () => Promise<WorkspaceRecord>;
  saveWorkspace?: (request: SaveWorkspaceRequest, options?: { keepalive?: boolean }) => Promise<void>;
}

const defaultDeps: WorkspaceSessionDeps = {
  getGarment,
  listModels: listModelPhotos,
  getJob: getTryOnJob,
  generation: defaultGenerationDeps,
  getSavedWorkspace,
  saveWorkspace,
};

interface Session extends WorkspaceSession {
  disposed: boolean;
  stopPersisting: () => void;
  stopPruningMasks: () => void;
}

let current: Session | null = null;

/** Still the signed-in seller's? A sign out (or another account) changes the sign-in; renewing the token does not. */
const isLive = (session: Session): boolean => !session.disposed && getAuthSessionId() === session.token;

function dispose(session: Session, { forget }: { forget: boolean }): void {
  if (session.disposed) return;
  session.disposed = true;
  session.stopPersisting();
  session.stopPruningMasks();
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
  const session = { userId, token, store, disposed: false, stopPersisting: () => {} } as Session;
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
  const restoring: Promise<SaveWorkspaceRequest | null> = persisted ? restore(session, persisted, deps) : fromServer ? restoreFromServer(session, deps) : Promise.resolve(null);
  const restored = restoring
    .catch((error) => {
      console.error('Restoring the workspace failed', error);
      return null;
    })
    .then((asRestored) => {
      if (session.disposed) return;
      store.setState({ restoring: false });
      if (userId !== null) {
        const stopLocal = persist(userId, store);
        const stopServer = deps.saveWorkspace ? saveToServer(store, deps.saveWorkspace, asRestored) : () => {};
        session.stopPersisting = () => {
          stopLocal();
          stopServer();
        };
      }
    });
  Object.assign(session, { restored });
  return session;
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
function saveToServer(store: WorkspaceStore, save: NonNullable<WorkspaceSessionDeps['saveWorkspace']>, asRestored: SaveWorkspaceRequest | null): () => void {
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
    save(next, { keepalive }).catch((error) => console.warn('Saving the workspace failed', error));
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
  return () => {
    if (timer) clearTimeout(timer);
    unsubscribe();
    window.removeEventListener('pagehide', onHide);
  };
}

/** A tab with nothing of its own: the workspace as the server keeps it, rebuilt like after a reload. */
async function restoreFromServer(session: Session, deps: WorkspaceSessionDeps): Promise<SaveWorkspaceRequest | null> {
  const saved = await deps.getSavedWorkspace!();
  if (session.disposed) return null;
  if (saved.garmentId === null && saved.modelIds.length === 0 && saved.prompt === '' && saved.garmentCategory === DEFAULT_GARMENT_CATEGORY) {
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
  const quietly = <T,>(promise: Promise<T>): Promise<T | null> =>
    promise.catch((error) => {
      console.warn('Could not restore part of the workspace', error);
      return null;
    });
  const [garment, models, job] = await Promise.all([
    persisted.garmentId !== null ? quietly(deps.getGarment(persisted.garmentId)) : null,
    persisted.models.length > 0 ? quietly(deps.listModels()) : null,
    persisted.job ? quietly(deps.getJob(persisted.job.id)) : null,
  ]);
  if (session.disposed) return null;
  const { store, generation } = session;
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
  if (job && persisted.job && !state.job && !state.generating) {
    // a job that settled while the page reloaded is shown like a live one; a dismissed one is only kept for Retry
    generation.resume(job, { show: job.status === 'running' || persisted.job.status === 'running' || persisted.job.open });
  }
  return saveRequestOf({
    garment: garment ? garmentFromRecord(garment) : null,
    models: rebuilt,
    prompt: persisted.prompt,
    garmentCategory: persisted.garmentCategory ?? DEFAULT_GARMENT_CATEGORY,
  });
}
