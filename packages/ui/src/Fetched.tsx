import type { ComponentType, ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './Button.js';
import { LoadingState, Spinner } from './Spinner.js';

/** Something read from the server, as a react-query result gives it. */
export interface FetchState {
  isPending: boolean;
  error: unknown;
  /** What was read; absent for a state that never keeps a previous read. */
  data?: unknown;
  refetch: () => unknown;
}

/** The element both states are shown in: a status while loading, an alert when it failed. */
export type FetchedNote = ComponentType<{ role: 'status' | 'alert'; children: ReactNode }>;

const Problem = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 14px;
`;

/**
 * The loading and error states of something read from the server, then its content: `loading`
 * beside a spinner, or `failed` with why (`reason`: the SDK's apiErrorMessage for an API call) and
 * Try again (which reads it again). A failed refresh of what is shown keeps it shown: only a first
 * read that failed leaves nothing to show. `note` is the caller's own element for both, so each
 * place keeps its look (without one: a centred wait, a muted line).
 */
export function Fetched({
  state,
  loading,
  failed,
  note: Note,
  reason,
  spinnerSize = 14,
  children,
}: {
  state: FetchState;
  loading: string;
  failed: string;
  reason?: (error: unknown) => string;
  note?: FetchedNote;
  spinnerSize?: number;
  children: ReactNode | (() => ReactNode);
}) {
  if (state.isPending) {
    return Note ? (
      <Note role="status">
        <Spinner size={spinnerSize} /> {loading}
      </Note>
    ) : (
      <LoadingState text={loading} />
    );
  }
  if (state.error && state.data === undefined) {
    const Shown = Note ?? Problem;
    return (
      <Shown role="alert">
        <span>
          {failed}
          {reason && ` ${reason(state.error)}`}
        </span>
        <Button size="sm" variant="outline" onClick={() => void state.refetch()}>
          Try again
        </Button>
      </Shown>
    );
  }
  return <>{typeof children === 'function' ? children() : children}</>;
}
