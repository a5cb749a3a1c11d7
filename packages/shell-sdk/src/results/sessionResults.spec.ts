import { act, renderHook } from '@testing-library/react';
import { SKELETON_CLEANUP_MS } from '@vton/contracts';
import {
  addSessionResults,
  finishPendingGeneration,
  formatUnseenBadge,
  getSessionResults,
  markResultsSeen,
  productRenamed,
  removeSessionResults,
  resetSessionResults,
  startPendingGeneration,
  updatePendingGeneration,
  updateSessionResult,
  useMarkResultsSeen,
  useSessionResults,
  type SessionResult,
} from './sessionResults';

const result = (id: string, minute: number): SessionResult => ({
  id,
  imageUrl: `/img/${id}.png`,
  processedAt: new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString(),
});

beforeEach(() => {
  jest.useFakeTimers();
  resetSessionResults();
});
afterEach(() => jest.useRealTimers());

describe('session results', () => {
  it('keeps results newest first and replaces a result added again', () => {
    addSessionResults([result('a', 1), result('b', 3)]);
    addSessionResults([result('c', 2), { ...result('a', 1), imageUrl: '/img/a2.png' }]);
    expect(getSessionResults().results.map((r) => r.id)).toEqual(['b', 'c', 'a']);
    expect(getSessionResults().results[2].imageUrl).toBe('/img/a2.png');
  });

  it('unseen count = results − last seen; markResultsSeen sets them equal', () => {
    addSessionResults([result('a', 1), result('b', 2)]);
    expect(getSessionResults().unseenCount).toBe(2);
    markResultsSeen();
    expect(getSessionResults()).toMatchObject({ lastSeenCount: 2, unseenCount: 0 });
    addSessionResults([result('c', 3)]);
    expect(getSessionResults().unseenCount).toBe(1);
  });

  it('removing a seen result keeps unseen ones unseen', () => {
    addSessionResults([result('a', 1), result('b', 2)]);
    markResultsSeen();
    addSessionResults([result('c', 3)]);
    removeSessionResults((r) => r.id === 'a');
    expect(getSessionResults()).toMatchObject({ lastSeenCount: 1, unseenCount: 1 });
    removeSessionResults((r) => r.id === 'c');
    expect(getSessionResults()).toMatchObject({ lastSeenCount: 1, unseenCount: 0 });
  });

  it('updates a result in place (e.g. its saved record)', () => {
    addSessionResults([result('a', 1)]);
    updateSessionResult('a', { savedImageId: 7, thumbnailUrl: '/t.webp' });
    expect(getSessionResults().results[0]).toMatchObject({ id: 'a', savedImageId: 7, thumbnailUrl: '/t.webp' });
  });

  it('a renamed product renames its results, and only its own, keeping the unseen count', () => {
    addSessionResults([{ ...result('a', 1), garmentId: 5, productName: 'IMG_2041' }, { ...result('b', 2), garmentId: 6, productName: 'chinos' }]);
    productRenamed(5, 'Linen shirt');
    expect(getSessionResults().results.map((r) => [r.id, r.productName])).toEqual([['b', 'chinos'], ['a', 'Linen shirt']]);
    expect(getSessionResults().unseenCount).toBe(2);
  });
});

describe('pending generations and skeletons', () => {
  it('totals the expected counts of pending generations', () => {
    const one = startPendingGeneration(3);
    startPendingGeneration(2, 'second');
    expect(getSessionResults()).toMatchObject({ pendingTotal: 5, skeletonCount: 5 });
    expect(getSessionResults().pendingGenerations.map((p) => p.expectedCount)).toEqual([3, 2]);
    updatePendingGeneration(one, 1);
    expect(getSessionResults()).toMatchObject({ pendingTotal: 3, skeletonCount: 3 });
  });

  it('clears skeletons 300 ms after the pending count reaches 0', () => {
    const id = startPendingGeneration(2);
    updatePendingGeneration(id, 0);
    expect(getSessionResults()).toMatchObject({ pendingTotal: 0, skeletonCount: 2 });
    jest.advanceTimersByTime(SKELETON_CLEANUP_MS - 1);
    expect(getSessionResults().skeletonCount).toBe(2);
    jest.advanceTimersByTime(1);
    expect(getSessionResults().skeletonCount).toBe(0);
  });

  it('a generation starting during the cleanup delay keeps its skeletons', () => {
    const id = startPendingGeneration(2);
    finishPendingGeneration(id);
    startPendingGeneration(4);
    jest.advanceTimersByTime(SKELETON_CLEANUP_MS * 2);
    expect(getSessionResults().skeletonCount).toBe(4);
  });
});

describe('hooks', () => {
  it('useSessionResults re-renders on changes', () => {
    const { result: hook } = renderHook(() => useSessionResults());
    act(() => addSessionResults([result('a', 1)]));
    expect(hook.current.results).toHaveLength(1);
    expect(hook.current.unseenCount).toBe(1);
  });

  it('useMarkResultsSeen marks results seen while open, including ones arriving while open', () => {
    addSessionResults([result('a', 1)]);
    const { rerender } = renderHook(({ open }) => useMarkResultsSeen(open), { initialProps: { open: false } });
    expect(getSessionResults().unseenCount).toBe(1);
    rerender({ open: true });
    expect(getSessionResults().unseenCount).toBe(0);
    act(() => addSessionResults([result('b', 2)]));
    expect(getSessionResults().unseenCount).toBe(0);
    rerender({ open: false });
    act(() => addSessionResults([result('c', 3)]));
    expect(getSessionResults().unseenCount).toBe(1);
  });
});

describe('formatUnseenBadge', () => {
  it('caps at 99+ and is empty at 0', () => {
    expect(formatUnseenBadge(0)).toBe('');
    expect(formatUnseenBadge(7)).toBe('7');
    expect(formatUnseenBadge(99)).toBe('99');
    expect(formatUnseenBadge(100)).toBe('99+');
  });
});

describe('other open tabs of this browser', () => {
  type Store = typeof import('./sessionResults');
  // Node's own BroadcastChannel (jsdom has none), not holding the test process open.
  const NodeChannel = (jest.requireActual('node:worker_threads') as typeof import('node:worker_threads')).BroadcastChannel;
  class TabChannel extends NodeChannel {
    constructor(name: string) {
      super(name);
      this.unref();
    }
  }
  const withoutChannel = globalThis.BroadcastChannel;
  beforeEach(() => {
    jest.useRealTimers();
    globalThis.BroadcastChannel = TabChannel as unknown as typeof BroadcastChannel;
  });
  afterEach(() => {
    globalThis.BroadcastChannel = withoutChannel;
  });

  /** A tab: its own copy of the store, as each page loads its own shell SDK. */
  const openTab = (): Store => {
    let tab!: Store;
    jest.isolateModules(() => {
      tab = jest.requireActual('./sessionResults');
    });
    return tab;
  };
  /** Resolves once the tab's results no longer hold the saved image (messages arrive in the order they were sent). */
  const gone = (tab: Store, savedImageId: number) =>
    new Promise<void>((resolve) => {
      const off = tab.subscribeSessionResults(() => {
        if (tab.getSessionResults().results.some((r) => r.savedImageId === savedImageId)) return;
        off();
        resolve();
      });
    });
  const names = (tab: Store) => tab.getSessionResults().results.map((r) => [r.id, r.productName]);

  it('a product renamed in one tab is called after its new name in the others (and their listeners are told); then a deleted image leaves them', async () => {
    const studio = openTab();
    const gallery = openTab();
    const told: Array<[number, string]> = [];
    gallery.subscribeProductRenamed((garmentId, name) => told.push([garmentId, name]));
    for (const tab of [studio, gallery]) {
      tab.addSessionResults([
        { ...result('a', 1), garmentId: 5, productName: 'IMG_2041' },
        { ...result('b', 2), garmentId: 6, productName: 'chinos', savedImageId: 70 },
      ]);
    }
    const deleted = gone(gallery, 70);
    studio.productRenamed(5, 'Linen shirt');
    studio.announceImageDeleted(70);
    await deleted;
    expect(names(studio)).toEqual([['a', 'Linen shirt']]);
    expect(names(gallery)).toEqual([['a', 'Linen shirt']]);
    expect(told).toEqual([[5, 'Linen shirt']]);
  });
});
