import type { ReactNode } from 'react';
import styled from 'styled-components';
import { apiErrorMessage } from '@vton/shell-sdk';
import { Button, LoadingState } from '@vton/ui';

/** Something the page reads from the server, as a react-query result gives it. */
export interface FetchState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: unknown;
  refetch: () => unknown;
}

const Problem = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 14px;
`;

/**
 * What an account page reads from the server, in the seller's words: "Loading your keys..." beside a
 * spinner, or "Your keys could not be loaded." with why and Try again (which reads it again); once
 * read, the content.
 */
export function Fetched({ state, what, children }: { state: FetchState; /** After "your": "keys", "plan and credits". */ what: string; children: () => ReactNode }) {
  if (state.isPending) return <LoadingState text={`Loading your ${what}...`} />;
  // a failed refresh of what is shown keeps it shown: only a first read that failed leaves nothing to show
  if (state.isError && state.data === undefined) {
    return (
      <Problem role="alert">
        <span>
          Your {what} could not be loaded. {apiErrorMessage(state.error)}
        </span>
        <Button size="sm" variant="outline" onClick={() => void state.refetch()}>
          Try again
        </Button>
      </Problem>
    );
  }
  return <>{children()}</>;
}
