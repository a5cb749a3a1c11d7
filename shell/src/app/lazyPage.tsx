import { lazy, type ComponentType } from 'react';

/**
 * A page loaded on its first visit (React.lazy) that renders at once when it was loaded
 * before — after `preload()`, e.g. in tests that render it synchronously.
 */
export function lazyPage(load: () => Promise<ComponentType>): ComponentType & { preload: () => Promise<void> } {
  let loaded: ComponentType | undefined;
  const remember = () => load().then((page) => (loaded = page));
  const Lazy = lazy(() => remember().then((page) => ({ default: page })));
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return Object.assign(Page, { preload: () => remember().then(() => undefined) });
}
