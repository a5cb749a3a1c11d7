import { useEffect, useSyncExternalStore } from 'react';
import { BADGE_CAP, SKELETON_CLEANUP_MS, type ProviderName } from '@vton/contracts';

/**
 * This session's try-on results, shared by the studio (results drawer, badge) and the gallery
 * page. It lives in the shell SDK because the SDK is a federation singleton: both remotes see
 * one store per page, and it survives navigating between /app and /gallery.
 */

/** Spec §3 session/generation result. `savedImageId` links it to its gallery record once saved. */
export interface SessionResult {
  id: string;
  /** Full-size image (signed URL, or a data:/blob: URL for mock results). */
  imageUrl: string;
  processedAt: string;
  /** Small preview for grid tiles when known (e.g. the saved record's thumbnailUrl). */
  thumbnailUrl?: string;
  width?: number;
  height?: number;
  modelId?: number;
  garmentId?: number;
  prompt?: string;
  scaleFactor?: number;
  generationType?: 'vton' | 'mock';
  savedImageId?: number;
  /** Its number in the seller's gallery ("Result #n"), the same after a reload; set once saved. */
  number?: number;
  /** The model photo's file name, shown as the result's caption. */
  modelFilename?: string;
  /** The name of its product in the library: the result names its product and model. */
  productName?: string;
  /** The generation it came from (a try-on job, a mock run) and its model's place in it. */
  batchId?: string;
  batchIndex?: number;
  batchStartedAt?: string;
  /** The try-on provider that made it, and its label (the viewer shows "Made with {label}"). */
  provider?: ProviderName;
  providerLabel?: string;
  /** Made by the built-in engine: shown as "Preview — built-in engine". */
  builtInEngine?: boolean;
}

/** Spec §3 pending generation: skeletons show while results are expected. */
export interface PendingGeneration {
  id: string;
  expectedCount: number;
  startedAt: string;
}

export interface SessionResultsState {
  /** Newest first. */
  results: readonly SessionResult[];
  pendingGenerations: readonly PendingGeneration[];
  /** Sum of expectedCount over pending generations. */
  pendingTotal: number;
  /**
   * How many skeleton tiles to draw: follows pendingTotal while it is above 0 and drops to 0
   * SKELETON_CLEANUP_MS after it reaches 0 (spec §4), so arriving results replace skeletons without a flash.
   */
  skeletonCount: number;
  lastSeenCount: number;
  /** results − lastSeenCount (spec §4), never below 0. */
  unseenCount: number;
}

type Listener = () => void;

const EMPTY: SessionResultsState = {
  results: [],
  pendingGenerations: [],
  pendingTotal: 0,
  skeletonCount: 0,
  lastSeenCount: 0,
  unseenCount: 0,
};

let state: SessionResultsState = EMPTY;
const listeners = new Set<Listener>();
let skeletonTimer: ReturnType<typeof setTimeout> | null = null;
let pendingCounter = 0;

function commit(next: Omit<SessionResultsState, 'pendingTotal' | 'unseenCount'>): void {
  const pendingTotal = next.pendingGenerations.reduce((sum, p) => sum + Math.max(0, p.expectedCount), 0);
  const lastSeenCount = Math.min(next.lastSeenCount, next.results.length);
  state = {
    ...next,
    pendingTotal,
    lastSeenCount,
    unseenCount: Math.max(0, next.results.length - lastSeenCount),
  };
  syncSkeletons();
  listeners.forEach((listener) => listener());
}

function syncSkeletons(): void {
  if (state.pendingTotal > 0) {
    if (skeletonTimer) clearTimeout(skeletonTimer);
    skeletonTimer = null;
    state = { ...state, skeletonCount: state.pendingTotal };
    return;
  }
  if (state.skeletonCount === 0 || skeletonTimer) return;
  skeletonTimer = setTimeout(() => {
    skeletonTimer = null;
    if (state.pendingTotal > 0) return;
    state = { ...state, skeletonCount: 0 };
    listeners.forEach((listener) => listener());
  }, SKELETON_CLEANUP_MS);
}

export function getSessionResults(): SessionResultsState {
  return state;
}

export function subscribeSessionResults(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Adds results (any order); they are kept newest first by processedAt. Re-adding an id replaces it.
 * `seen`: results the seller has seen before (a finished job's, found again after a reload) add no unseen count.
 */
export function addSessionResults(results: readonly SessionResult[], { seen = false }: { seen?: boolean } = {}): void {
  if (results.length === 0) return;
  const ids = new Set(results.map((r) => r.id));
  const kept = state.results.filter((r) => !ids.has(r.id));
  const merged = [...results, ...kept];
  merged.sort((a, b) => Date.parse(b.processedAt) - Date.parse(a.processedAt));
  const added = merged.length - state.results.length;
  commit({ ...state, results: merged, lastSeenCount: seen ? state.lastSeenCount + Math.max(0, added) : state.lastSeenCount });
}

/** Updates one result in place, e.g. to attach its saved gallery record. */
export function updateSessionResult(id: string, patch: Partial<Omit<SessionResult, 'id'>>): void {
  if (!state.results.some((r) => r.id === id)) return;
  commit({ ...state, results: state.results.map((r) => (r.id === id ? { ...r, ...patch } : r)) });
}

type RenameListener = (garmentId: number, name: string) => void;
const renameListeners = new Set<RenameListener>();

/**
 * Calls `listener` with each product renamed from now on, in this tab or another open tab: what
 * the page holds besides session results (the gallery's loaded pages) takes the new name too.
 */
export function subscribeProductRenamed(listener: RenameListener): () => void {
  renameListeners.add(listener);
  return () => {
    renameListeners.delete(listener);
  };
}

/** In this tab: the product's results are called after its new name, and the listeners are told. */
function renameProduct(garmentId: number, name: string): void {
  if (state.results.some((r) => r.garmentId === garmentId)) {
    commit({ ...state, results: state.results.map((r) => (r.garmentId === garmentId ? { ...r, productName: name } : r)) });
  }
  renameListeners.forEach((listener) => listener(garmentId, name));
}

/** Forgets results, e.g. after their saved image was deleted from the gallery. */
export function removeSessionResults(predicate: (result: SessionResult) => boolean): void {
  const kept = state.results.filter((r) => !predicate(r));
  if (kept.length === state.results.length) return;
  // Removing seen results must not turn unseen ones into seen ones, nor the reverse.
  const removedSeen = state.results.slice(state.results.length - state.lastSeenCount).filter(predicate).length;
  commit({ ...state, results: kept, lastSeenCount: state.lastSeenCount - removedSeen });
}

/** What one tab tells the others: a gallery image deleted, a product renamed. */
type TabMessage = { deletedImageId?: number; renamedProduct?: { garmentId: number; name: string } };

// A gallery image deleted or a product renamed in another tab of this browser changes this tab's
// session results too. Only in a browser: on the server (prerendering) an open channel would keep
// Node from exiting.
const channel: BroadcastChannel | null =
  typeof window === 'undefined' || typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('vton-session-results');
channel?.addEventListener('message', (event: MessageEvent<TabMessage>) => {
  const id = event.data?.deletedImageId;
  if (typeof id === 'number') removeSessionResults((result) => result.savedImageId === id);
  const renamed = event.data?.renamedProduct;
  if (typeof renamed?.garmentId === 'number' && typeof renamed.name === 'string') renameProduct(renamed.garmentId, renamed.name);
});

/** A saved image was deleted: its session result leaves this tab and every other open tab. */
export function announceImageDeleted(savedImageId: number): void {
  removeSessionResults((result) => result.savedImageId === savedImageId);
  channel?.postMessage({ deletedImageId: savedImageId } satisfies TabMessage);
}

/**
 * A product was renamed in the library: its session results are called after its new name, in this
 * tab and every other open tab, and the gallery's pages are read again (ShellProviders).
 */
export function productRenamed(garmentId: number, name: string): void {
  renameProduct(garmentId, name);
  channel?.postMessage({ renamedProduct: { garmentId, name } } satisfies TabMessage);
}

/** Registers a generation that will bring `expectedCount` results; returns its id. */
export function startPendingGeneration(expectedCount: number, id?: string): string {
  pendingCounter += 1;
  const pendingId = id ?? `pending-${Date.now()}-${pendingCounter}`;
  const generation: PendingGeneration = { id: pendingId, expectedCount, startedAt: new Date().toISOString() };
  commit({ ...state, pendingGenerations: [...state.pendingGenerations.filter((p) => p.id !== pendingId), generation] });
  return pendingId;
}

/** Changes how many results a pending generation still expects (e.g. one model finished); 0 ends it. */
export function updatePendingGeneration(id: string, expectedCount: number): void {
  if (expectedCount <= 0) {
    finishPendingGeneration(id);
    return;
  }
  if (!state.pendingGenerations.some((p) => p.id === id)) return;
  commit({
    ...state,
    pendingGenerations: state.pendingGenerations.map((p) => (p.id === id ? { ...p, expectedCount } : p)),
  });
}

export function finishPendingGeneration(id: string): void {
  if (!state.pendingGenerations.some((p) => p.id === id)) return;
  commit({ ...state, pendingGenerations: state.pendingGenerations.filter((p) => p.id !== id) });
}

/** Spec §4: marking seen sets the last seen count to the result count. */
export function markResultsSeen(): void {
  if (state.lastSeenCount === state.results.length) return;
  commit({ ...state, lastSeenCount: state.results.length });
}

/** Spec §4 "Reset restores the initial workspace"; also used between tests. */
export function resetSessionResults(): void {
  if (skeletonTimer) clearTimeout(skeletonTimer);
  skeletonTimer = null;
  state = EMPTY;
  listeners.forEach((listener) => listener());
}

/** The store, re-rendering on every change. */
export function useSessionResults(): SessionResultsState {
  return useSyncExternalStore(subscribeSessionResults, getSessionResults, getSessionResults);
}

/**
 * While `open` is true, results are marked seen — also those arriving while it stays open
 * (spec §4: the drawer and the gallery page).
 */
export function useMarkResultsSeen(open = true): void {
  const count = useSyncExternalStore(subscribeSessionResults, () => state.results.length, () => state.results.length);
  const lastSeen = useSyncExternalStore(subscribeSessionResults, () => state.lastSeenCount, () => state.lastSeenCount);
  useEffect(() => {
    if (open && lastSeen !== count) markResultsSeen();
  }, [open, count, lastSeen]);
}

/** The gallery button badge text: the unseen count capped at "99+" (spec §9), '' when none. */
export function formatUnseenBadge(count: number, cap = BADGE_CAP): string {
  if (count <= 0) return '';
  return count > cap ? `${cap}+` : String(count);
}
