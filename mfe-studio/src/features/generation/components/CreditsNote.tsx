import { useEffect } from 'react';
import styled from 'styled-components';
import { Link } from 'react-router-dom';
import { BILLING_PAGE_PATH, generationRefusal } from '@vton/contracts';
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
 * balance, so "uses 3" would read as a deduction. When the trial or plan has ended, why Try on is
 * refused and a link to choose a plan instead (the credits stay for when one is chosen). Nothing
 * when billing is off.
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
  const left = available === null ? 'Unlimited credits' : `${available} ${available === 1 ? 'credit' : 'credits'} left`;
  const refusal = generationRefusal(account);
  if (refusal) {
    // The credits stay for when a plan is chosen; an ended unlimited plan has none to show.
    return (
      <Note data-testid="credits-left">
        {available !== null && <strong>{left} · </strong>}
        {refusal} <Link to={BILLING_PAGE_PATH}>See plans</Link>
      </Note>
    );
  }
  return (
    <Note data-testid="credits-left">
      <strong>{left}</strong>
      {available !== null && uses > 0 && ` · this try-on uses ${uses} ${uses === 1 ? 'credit' : 'credits'}`}
    </Note>
  );
}
