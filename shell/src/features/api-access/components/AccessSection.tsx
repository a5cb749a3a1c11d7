import { useId, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { apiErrorMessage } from '@vton/shell-sdk';
import { Fetched } from '@vton/ui';
import { Muted, Panel, PanelTitle } from '../../../components/accountPanels';

/** A section of the API keys page (the keys, the webhooks): its heading and what it is for, then its form and its list. */
export function AccessSection({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Panel as="section" aria-labelledby={headingId}>
      <div>
        {/* focusable from code only: where the focus goes when the last item of its list is removed */}
        <PanelTitle id={headingId} tabIndex={-1}>
          {title}
        </PanelTitle>
        <Muted>{intro}</Muted>
      </div>
      {children}
    </Panel>
  );
}

/**
 * A callback ref that puts the keyboard's focus on its element when it appears in place of the
 * control just pressed (a revealed secret's Copy, the form again after Done, a confirmation's
 * Cancel): the pressed control is gone, and the focus would fall back to the page's start.
 */
export const focusWhenShown = (element: HTMLElement | null) => element?.focus();

/**
 * focusWhenShown once: `then` clears the wish, so the element coming back later (the form again when
 * a deleted endpoint takes the list under the limit) does not take the focus from where the seller is.
 */
export const focusOnceWhenShown = (then: () => void) => (element: HTMLElement | null) => {
  if (!element) return;
  element.focus();
  then();
};

/** Marks an item's remove control (Revoke, Delete), where the focus goes when a neighbouring item is removed. */
export const REMOVE_CONTROL = { 'data-remove-control': '' } as const;

/**
 * Called as an item's removal is confirmed (while the item is still listed), gives what to call
 * once it is removed: the focus goes to the remove control of the next item, else of the one
 * before, else to the section's heading.
 */
export function focusAfterRemoving(control: HTMLElement): () => void {
  const item = control.closest('li, tr');
  const neighbour = item?.nextElementSibling ?? item?.previousElementSibling;
  const next = neighbour?.querySelector<HTMLElement>('[data-remove-control]');
  const heading = control.closest('section')?.querySelector<HTMLElement>('h2');
  return () => (next?.isConnected ? next : heading)?.focus();
}

/**
 * The section's list as read from the server: "Loading your keys...", "Your keys could not be
 * loaded." with why and Try again, the `empty` line when there is nothing yet, else the list itself.
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
  const listed = query.data === undefined ? [] : items(query.data);
  return (
    <Fetched reason={apiErrorMessage} state={query} loading={`Loading your ${noun}...`} failed={`Your ${noun} could not be loaded.`}>
      {() => (listed.length === 0 ? <Muted>{empty}</Muted> : children(listed))}
    </Fetched>
  );
}
