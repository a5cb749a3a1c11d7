import { Component, useEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import styled from 'styled-components';
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

/** Forgets every loaded remote component (tests start from a cold shell). */
export function forgetLoadedRemotes(): void {
  loadedComponents.clear();
}

type LoadState = { status: 'loading' } | { status: 'ready'; Component: ComponentType } | { status: 'failed' };

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
 * Mounts an exposed module of a remote. Loading shows a spinner; a failure to load or to
 * render shows a friendly error with "Try again", which loads the remote afresh.
 */
export function RemoteComponent({ scope, module = './App' }: { scope: RemoteScope; module?: ExposedModule }) {
  const key = `${scope}/${module}`;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>(() => {
    const cached = loadedComponents.get(key);
    return cached ? { status: 'ready', Component: cached } : { status: 'loading' };
  });

  useEffect(() => {
    const cached = loadedComponents.get(key);
    if (cached && attempt === 0) {
      setState({ status: 'ready', Component: cached });
      return;
    }
    let current = true;
    setState({ status: 'loading' });
    loadRemoteComponent(scope, module, { fresh: attempt > 0 }).then(
      (loaded) => {
        loadedComponents.set(key, loaded);
        if (current) setState({ status: 'ready', Component: loaded });
      },
      (error: unknown) => {
        console.error(`Remote ${key} failed to load`, error);
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [key, scope, module, attempt]);

  const retry = () => {
    loadedComponents.delete(key);
    setAttempt((n) => n + 1);
  };
  const failure = <RemoteLoadError sectionName={SECTION_NAMES[scope]} onRetry={retry} />;

  return (
    <Slot>
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'failed' && failure}
      {state.status === 'ready' && (
        <RenderErrorBoundary key={attempt} fallback={failure}>
          <state.Component />
        </RenderErrorBoundary>
      )}
    </Slot>
  );
}
