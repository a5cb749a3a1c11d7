import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BILLING_PATHS, type LedgerPage } from '@vton/contracts';
import { apiRequest } from '@vton/shell-sdk';

export const LEDGER_PAGE_SIZE = 10;

/** GET /api/billing/ledger: one page of the credit ledger, newest first. */
export async function getLedger(page: number): Promise<LedgerPage> {
  return (await apiRequest('GET', `${BILLING_PATHS.ledger}?page=${page}&pageSize=${LEDGER_PAGE_SIZE}`)).json();
}

export function useLedger(page: number) {
  return useQuery({ queryKey: [BILLING_PATHS.ledger, page], queryFn: () => getLedger(page), placeholderData: keepPreviousData, staleTime: 0 });
}
