import { useEffect } from 'react';
import styled from 'styled-components';
import { useBillingAccount, useRefreshBillingAccount } from '@vton/shell-sdk';
import { readyModels, useWorkspace } from '../../../stores/workspaceStore';

const Note = styled.p`
  font-size: 12px;
  color: ${({ theme }) => theme.colors.textMuted};
  strong { color: ${({ theme }) => theme.colors.text}; font-weight: 600; }
`;

/**
 * "8 credits left · this try-on uses 3 credits": one credit per ready model (Mock uses none). On an
 * unlimited plan just "Unlimited credits": the ledger records each use, but nothing is taken from a
 * balance, so "uses 3" would read as a deduction. Nothing when billing is off.
 */
export function CreditsNote() {
  const { data: account } = useBillingAccount();
  const refresh = useRefreshBillingAccount();
  const uses = useWorkspace((s) => readyModels(s).length);
  const generating = useWorkspace((s) => s.generating);
  // A try-on reserves when it starts and settles when it ends: read the balance again at both.
  useEffect(() => {
    void refresh();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when generating starts or stops
  }, [generating]);
  if (!account || account.mode === 'off') return null;
  const { available } = account.credits;
  return (
    <Note data-testid="credits-left">
      <strong>{available === null ? 'Unlimited credits' : `${available} ${available === 1 ? 'credit' : 'credits'} left`}</strong>
      {available !== null && uses > 0 && ` · this try-on uses ${uses} ${uses === 1 ? 'credit' : 'credits'}`}
    </Note>
  );
}
