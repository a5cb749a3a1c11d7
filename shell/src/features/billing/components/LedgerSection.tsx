import { useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import type { LedgerEntry, LedgerEntryKind } from '@vton/contracts';
import styled from 'styled-components';
import { apiErrorMessage } from '@vton/shell-sdk';
import { Button, DataTable, media, Fetched } from '@vton/ui';
import { Actions, Muted, Panel, PanelTitle, Table, TableScroll } from '../../../components/accountPanels';
import { LEDGER_PAGE_SIZE, useLedger } from '../api/ledger';

const KIND_LABELS: Record<LedgerEntryKind, string> = {
  grant: 'Granted',
  reserve: 'Reserved',
  capture: 'Used',
  release: 'Given back',
  adjustment: 'Adjusted',
  plan: 'Plan set',
};

/** The Credits column: what was used, what came in (+N) or went (−N); nothing for a plan set, which moves no credits. */
function creditsOf(entry: LedgerEntry): string | number {
  if (entry.kind === 'plan') return '';
  if (entry.kind === 'capture') return entry.credits;
  return entry.change > 0 ? `+${entry.change}` : entry.change || entry.credits;
}

const COLUMNS = ['When', 'What', 'Credits', 'Balance', 'About'] as const;

/**
 * Below the mobile breakpoint each entry is a card: what and its credits, then when and the balance
 * after it, then what it is about across the whole width (as a table row, About wrapped word by word
 * off to the right and only When, What and Credits fitted the screen). The column names stay for
 * screen readers; the cells keep their order (nth-child: When, What, Credits, Balance, About).
 */
const LedgerTable = styled(Table)`
  ${media.belowMobileBreakpoint} {
    thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
    tbody tr {
      display: grid;
      grid-template-columns: minmax(0, 1fr) auto;
      grid-template-areas: 'what credits' 'when balance' 'about about';
      gap: 2px 12px;
      padding: 12px 0;
      border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    }
    tbody td { display: block; padding: 0; border: 0; }
    td:nth-child(1) { grid-area: when; font-size: 13px; color: ${({ theme }) => theme.colors.textMuted}; }
    td:nth-child(2) { grid-area: what; font-weight: 600; }
    td:nth-child(3) { grid-area: credits; text-align: right; font-weight: 600; }
    td:nth-child(4) { grid-area: balance; text-align: right; font-size: 13px; color: ${({ theme }) => theme.colors.textMuted}; }
    td:nth-child(5) { grid-area: about; overflow-wrap: anywhere; }
    td:nth-child(5):empty { display: none; }
  }
`;

/** The column's name beside a figure in a card, where the heading row is hidden; screen readers have the heading. */
const CardLabel = styled.span`
  display: none;
  ${media.belowMobileBreakpoint} { display: inline; }
`;

/**
 * What an entry is about, in the seller's words: for a model run, what it was ("Linen shirt on
 * anna.png", the note svc-generation reserved it with; entries from before notes name the model
 * photo's id), its try-on and its retry; otherwise its note, or nothing.
 */
export function about(entry: Pick<LedgerEntry, 'key' | 'note'>): string {
  const job = /^try-on:([0-9a-f-]{36}):(\d+):(\d+)$/.exec(entry.key ?? '');
  if (!job) return entry.note ?? '';
  const retry = job[3] !== '1' ? ` (retry ${Number(job[3]) - 1})` : '';
  return entry.note ? `${entry.note} · try-on ${job[1].slice(0, 8)}${retry}` : `Try-on ${job[1].slice(0, 8)}, model ${job[2]}${retry}`;
}

/** The credit ledger, newest first, a page at a time. */
export function LedgerSection() {
  const [page, setPage] = useState(1);
  const ledger = useLedger(page);
  const pages = ledger.data ? Math.max(1, Math.ceil(ledger.data.total / LEDGER_PAGE_SIZE)) : 1;
  const newer = useRef<HTMLButtonElement>(null);
  const older = useRef<HTMLButtonElement>(null);
  /**
   * Turns to a page; on the first or last one the pressed button is disabled under the focus, which
   * would fall back to the page's start: the other button takes it (enabled once the page is drawn).
   */
  const turn = (to: number, other: RefObject<HTMLButtonElement | null>) => {
    flushSync(() => setPage(to));
    if (to <= 1 || to >= pages) other.current?.focus();
  };
  return (
    <Panel as="section" aria-labelledby="ledger-title">
      <PanelTitle id="ledger-title">Credit history</PanelTitle>
      <Fetched reason={apiErrorMessage} state={ledger} loading="Loading your credit history..." failed="Your credit history could not be loaded.">
        {() =>
          !ledger.data?.total ? (
            <Muted>Nothing yet.</Muted>
          ) : (
            <>
              <TableScroll>
                <DataTable
                  as={LedgerTable}
                  data-testid="ledger"
                  columns={COLUMNS}
                  rows={ledger.data.entries}
                  rowKey={(entry) => entry.id}
                  cells={(entry) => [
                    new Date(entry.createdAt).toLocaleString(),
                    KIND_LABELS[entry.kind],
                    creditsOf(entry),
                    <>
                      <CardLabel aria-hidden="true">{COLUMNS[3]} </CardLabel>
                      {entry.balance}
                    </>,
                    about(entry),
                  ]}
                />
              </TableScroll>
              <Actions>
                <Button ref={newer} variant="outline" size="sm" onClick={() => turn(page - 1, older)} disabled={page <= 1}>
                  Newer
                </Button>
                <Muted>
                  Page {page} of {pages}
                </Muted>
                <Button ref={older} variant="outline" size="sm" onClick={() => turn(page + 1, newer)} disabled={page >= pages}>
                  Older
                </Button>
              </Actions>
            </>
          )
        }
      </Fetched>
    </Panel>
  );
}
