import { Component, Suspense, use, useEffect, useMemo, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import styled from 'styled-components';
import { useHydrated } from '@vton/shell-sdk';
import { LoadingState } from '@vton/ui';
import { loadRemoteComponent, type ExposedModule, type RemoteScope } from '../lib/federation';
import { RemoteLoadError } from './RemoteLoadError';

/** Names of the remotes as visitors know them, for the load-failure message. */
const SECTION_NAMES: Record<RemoteScope, string> = {
  marketing: 'This page',
  studio: 'The try-on workspace',
  gallery: 'The gallery',
  docs: 'The documentation',
};

// Reserves the page area while a remote loads, so the footer-less layout does not jump.
const Slot = styled.div`
  min-height: calc(100vh - ${({ theme }) => theme.layout.headerHeight});
`;

// Loaded components by "<scope>/<module>": moving between pages of one remote shows it at once.
const loadedComponents = new Map<string, ComponentType>();
// Loads under way, so every render that waits for a remote waits for the same one.
const loadsInFlight = new Map<string, Promise<ComponentType>>();
// The last failed load of each remote. While a prerendered page hydrates, React renders the
// waiting slot again after a failure; that render must fail the same way (and reach the error
// boundary), not start another load, which would fail and start another, without end.
const failedLoads = new Map<string, unknown>();

const keyOf = (scope: RemoteScope, module: ExposedModule) => `${scope}/${module}`;

/** Forgets every loaded remote component (tests start from a cold shell). */
export function forgetLoadedRemotes(): void {
  loadedComponents.clear();
  loadsInFlight.clear();
  failedLoads.clear();
}

/**
 * Hands over an exposed component that is already loaded. The prerender gives the remotes'
 * server builds this way, so the server renders the page in one pass.
 */
export function provideRemoteComponent(scope: RemoteScope, module: ExposedModule, component: ComponentType): void {
  loadedComponents.set(keyOf(scope, module), component);
}

function loadOnce(scope: RemoteScope, module: ExposedModule, fresh: boolean): Promise<ComponentType> {
  const key = keyOf(scope, module);
  let load = loadsInFlight.get(key);
  if (!load) {
    failedLoads.delete(key);
    load = loadRemoteComponent(scope, module, { fresh }).then(
      (loaded) => {
        loadedComponents.set(key, loaded);
        loadsInFlight.delete(key);
        return loaded;
      },
      (error: unknown) => {
        console.error(`Remote ${key} failed to load`, error);
        loadsInFlight.delete(key);
        failedLoads.set(key, error);
        throw error;
      },
    );
    loadsInFlight.set(key, load);
  }
  return load;
}

/**
 * Renders the remote's component once it is loaded. While a prerendered page hydrates it
 * suspends instead: the Suspense boundary around it keeps the server's HTML on screen until the
 * remote has arrived, then hydrates it — no spinner, no shift. Rendered in the browser (any
 * other route, a later navigation) it shows "Loading..." and loads in an effect.
 */
function LoadedRemote({ scope, module, fresh }: { scope: RemoteScope; module: ExposedModule; fresh: boolean }) {
  const hydrated = useHydrated();
  const [Loaded, setLoaded] = useState<ComponentType | undefined>(() => loadedComponents.get(keyOf(scope, module)));
  const [, setFailure] = useState<unknown>();

  useEffect(() => {
    if (Loaded || !hydrated) return;
    let current = true;
    loadOnce(scope, module, fresh).then(
      (component) => current && setLoaded(() => component),
      // Rethrown while rendering, so the error boundary shows the failure with "Try again".
      (error: unknown) =>
        current &&
        setFailure(() => {
          throw error;
        }),
    );
    return () => {
      current = false;
    };
  }, [Loaded, hydrated, scope, module, fresh]);

  if (!Loaded && !hydrated && failedLoads.has(keyOf(scope, module))) throw failedLoads.get(keyOf(scope, module));
  const Remote = Loaded ?? (hydrated ? undefined : use(loadOnce(scope, module, fresh)));
  // One element for the remote's lifetime: re-rendering this slot (when hydration ends) must not
  // re-render the remote's page, whose own lazy parts may still be hydrating.
  const page = useMemo(() => (Remote ? <Remote /> : null), [Remote]);
  return page ?? <LoadingState />;
}

class RenderErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('A remote failed while rendering', error, info.componentStack);
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * Mounts an exposed module of a remote. Loading shows a spinner (on a prerendered page: the
 * page itself); a failure to load or to render shows a friendly error with "Try again", which
 * loads the remote afresh.
 */
export function RemoteComponent({ scope, module = './App' }: { scope: RemoteScope; module?: ExposedModule }) {
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    loadedComponents.delete(keyOf(scope, module));
    loadsInFlight.delete(keyOf(scope, module));
    failedLoads.delete(keyOf(scope, module));
    setAttempt((n) => n + 1);
  };
  const failure = <RemoteLoadError sectionName={SECTION_NAMES[scope]} onRetry={retry} />;

  return (
    <Slot>
      <RenderErrorBoundary key={`${scope}/${module}/${attempt}`} fallback={failure}>
        <Suspense fallback={<LoadingState />}>
          <LoadedRemote scope={scope} module={module} fresh={attempt > 0} />
        </Suspense>
      </RenderErrorBoundary>
    </Slot>
  );
}
