import type { ComponentType, ReactNode } from 'react';
import { Button, Spinner } from '@vton/ui';

/** Something read from the server, as a react-query result gives it. */
export interface FetchState {
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The loading and error states of something read from the server, then its content: the note says
 * what is loading beside a spinner (a status), or what could not be loaded with Try again (an
 * alert). `note` is the caller's own note element, so each place keeps its look.
 */
export function Fetched({
  state,
  loading,
  failed,
  note: Note,
  spinnerSize = 14,
  children,
}: {
  state: FetchState;
  loading: string;
  failed: string;
  note: ComponentType<{ role: 'status' | 'alert'; children: ReactNode }>;
  spinnerSize?: number;
  children: ReactNode;
}) {
  if (state.isPending) {
    return (
      <Note role="status">
        <Spinner size={spinnerSize} /> {loading}
      </Note>
    );
  }
  if (state.error) {
    return (
      <Note role="alert">
        {failed}
        <Button size="sm" variant="secondary" onClick={() => void state.refetch()}>
          Try again
        </Button>
      </Note>
    );
  }
  return <>{children}</>;
}
