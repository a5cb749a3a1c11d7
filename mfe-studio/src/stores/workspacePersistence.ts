import type { GarmentCategory, TryOnJob } from '@vton/contracts';
import type { WorkspaceState } from './workspaceStore';

/**
 * What of the workspace survives a full page reload, in sessionStorage per user: only ids and
 * small things (object URLs of local previews die with the page; the server gives signed URLs
 * again), plus the 200 px mask thumbnails, which exist only in the browser.
 */
export interface PersistedWorkspace {
  version: 1;
  garmentId: number | null;
  models: { id: number; maskThumbnailUrl: string | null }[];
  prompt: string;
  /** Absent in records written before the studio kept it. */
  garmentCategory?: GarmentCategory;
  /** The current try-on job: its last known status and whether its view was open. */
  job: { id: string; status: TryOnJob['status']; open: boolean } | null;
}

const PREFIX = 'vton.studio.workspace:';

export const persistenceKey = (userId: number | string): string => `${PREFIX}${userId}`;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage can be unavailable (privacy mode): then nothing survives a reload
  }
}

export function persistedFromState(state: WorkspaceState): PersistedWorkspace {
  return {
    version: 1,
    garmentId: state.garment?.id ?? null,
    models: state.models.flatMap((m) => (m.id === null ? [] : [{ id: m.id, maskThumbnailUrl: m.status === 'ready' ? m.maskThumbnailUrl : null }])),
    prompt: state.prompt,
    garmentCategory: state.garmentCategory,
    job: state.job ? { id: state.job.id, status: state.job.status, open: state.showGeneration || state.generating } : null,
  };
}

export const isEmptyWorkspace = (p: PersistedWorkspace): boolean => p.garmentId === null && p.models.length === 0 && p.prompt === '' && p.job === null;

export function readPersistedWorkspace(userId: number | string): PersistedWorkspace | null {
  const raw = storage()?.getItem(persistenceKey(userId));
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as PersistedWorkspace;
    return parsed?.version === 1 ? parsed : null;
  } catch {
    return null;
  }
}

/** Writes the record (nothing when empty); without room, the mask thumbnails are the first to go. */
export function writePersistedWorkspace(userId: number | string, persisted: PersistedWorkspace): void {
  const store = storage();
  if (!store) return;
  const key = persistenceKey(userId);
  if (isEmptyWorkspace(persisted)) {
    store.removeItem(key);
    return;
  }
  try {
    store.setItem(key, JSON.stringify(persisted));
  } catch {
    try {
      store.setItem(key, JSON.stringify({ ...persisted, models: persisted.models.map((m) => ({ ...m, maskThumbnailUrl: null })) }));
    } catch {
      /* full: the workspace simply won't survive a reload */
    }
  }
}

export function clearPersistedWorkspace(userId: number | string): void {
  storage()?.removeItem(persistenceKey(userId));
}
