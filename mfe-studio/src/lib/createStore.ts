import { useState, useSyncExternalStore } from 'react';

/** A minimal external store: plain state outside React, read with a selector hook. */
export interface Store<T> {
  getState: () => T;
  setState: (update: Partial<T> | ((state: T) => Partial<T>)) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    setState(update) {
      const patch = typeof update === 'function' ? update(state) : update;
      state = { ...state, ...patch };
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useStore<T, S>(store: Store<T>, selector: (state: T) => S): S {
  return useSyncExternalStore(store.subscribe, () => selector(store.getState()), () => selector(store.getState()));
}

/**
 * Several fields of the state in one call. The picked object is kept while none of its fields
 * changes, so the component re-renders only when one of them does (a new object each time would
 * re-render on every update and loop in useSyncExternalStore).
 */
export function useStoreFields<T, K extends keyof T>(store: Store<T>, keys: readonly K[]): Pick<T, K> {
  const [pick] = useState(() => {
    let last: Pick<T, K> | undefined;
    return (state: T): Pick<T, K> => {
      if (!last || keys.some((key) => !Object.is(last?.[key], state[key]))) {
        last = Object.fromEntries(keys.map((key) => [key, state[key]])) as Pick<T, K>;
      }
      return last;
    };
  });
  return useSyncExternalStore(store.subscribe, () => pick(store.getState()), () => pick(store.getState()));
}
