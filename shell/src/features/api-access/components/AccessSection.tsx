import { useId, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { apiErrorMessage } from '@vton/shell-sdk';
import { LoadingState } from '@vton/ui';
import { Muted, Panel, PanelTitle } from '../../../components/accountPanels';

/** A section of the API keys page (the keys, the webhooks): its heading and what it is for, then its form and its list. */
export function AccessSection({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Panel as="section" aria-labelledby={headingId}>
      <div>
        <PanelTitle id={headingId}>{title}</PanelTitle>
        <Muted>{intro}</Muted>
      </div>
      {children}
    </Panel>
  );
}

/**
 * The section's list as read from the server: "Loading your keys...", "Your keys could not be
 * loaded: <why>", the `empty` line when there is nothing yet, else the list itself.
 */
export function AccessList<Data, Item>({
  query,
  items,
  noun,
  empty,
  children,
}: {
  query: UseQueryResult<Data>;
  items: (data: Data) => Item[];
  /** What the list holds, after "your": "keys", "webhooks". */
  noun: string;
  empty: string;
  children: (items: Item[]) => ReactNode;
}) {
  if (query.isPending) return <LoadingState text={`Loading your ${noun}...`} />;
  if (query.isError) {
    return (
      <Muted role="alert">
        Your {noun} could not be loaded: {apiErrorMessage(query.error)}
      </Muted>
    );
  }
  const listed = items(query.data);
  return listed.length === 0 ? <Muted>{empty}</Muted> : children(listed);
}
