import { useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import type { LedgerEntry, LedgerEntryKind } from '@vton/contracts';
import { Button, DataTable } from '@vton/ui';
import { Actions, Muted, Panel, PanelTitle, Table, TableScroll } from '../../../components/accountPanels';
import { Fetched } from '../../../components/Fetched';
import { LEDGER_PAGE_SIZE, useLedger } from '../api/ledger';

const KIND_LABELS: Record<LedgerEntryKind, string> = {
  grant: 'Granted',
  reserve: 'Reserved',
  capture: 'Used',
  release: 'Given back',
  adjustment: 'Adjusted',
};

/** What an entry is about, in the seller's words: a note, a try-on job, or nothing. */
function about(entry: LedgerEntry): string {
  if (entry.note) return entry.note;
  const job = /^try-on:([0-9a-f-]{36}):(\d+):(\d+)$/.exec(entry.key ?? '');
  return job ? `Try-on ${job[1].slice(0, 8)}, model ${job[2]}${job[3] !== '1' ? ` (retry ${Number(job[3]) - 1})` : ''}` : '';
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
      <Fetched state={ledger} what="credit history">
        {() =>
          !ledger.data?.total ? (
            <Muted>Nothing yet.</Muted>
          ) : (
              <>
                <TableScroll>
                  <DataTable
                    as={Table}
                    data-testid="ledger"
                    columns={['When', 'What', 'Credits', 'Balance', 'About']}
                    rows={ledger.data.entries}
                    rowKey={(entry) => entry.id}
                    cells={(entry) => [
                      new Date(entry.createdAt).toLocaleString(),
                      KIND_LABELS[entry.kind],
                      entry.kind === 'capture' ? entry.credits : entry.change > 0 ? `+${entry.change}` : entry.change || entry.credits,
                      entry.balance,
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
