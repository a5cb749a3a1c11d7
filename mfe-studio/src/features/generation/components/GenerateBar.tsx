import styled from 'styled-components';
import { formatUnseenBadge, openGallery, useSessionResults } from '@vton/shell-sdk';
import { Button, Spinner } from '@vton/ui';
import { canTryOn, isGarmentCropped, readyModels, useWorkspace, useWorkspaceStore, workspaceActions, type WorkspaceState } from '../../../stores/workspaceStore';
import { CreditsNote } from './CreditsNote';
import { MOCK_WAITS_FOR_TRY_ON, MockButton } from './MockButton';
import { PromptField } from './PromptField';

const Bar = styled.div`
  display: flex;
  flex-direction: column;
  gap: 10px;
  padding: 16px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  /* in crop/mask mode the sidebar is narrow: Mock and the results button wrap, never clip */
  > :first-child { flex: 1 1 96px; }
`;

const Summary = styled.p`
  font-size: 12px;
  line-height: 1.4;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * What Try on will do, said before it runs: how many of the photos will run, and why the
 * others won't (issue 21: "2 photos have no approved mask").
 */
export function tryOnSummary(s: WorkspaceState): string | null {
  const total = s.models.length;
  if (total === 0) return null;
  const ready = readyModels(s).length;
  const parts = [`Try on will run ${ready} of ${total} ${total === 1 ? 'photo' : 'photos'}`];
  const waiting = total - ready;
  if (waiting > 0) parts.push(`${waiting} ${waiting === 1 ? 'photo has' : 'photos have'} no approved mask`);
  if (!isGarmentCropped(s)) parts.push(s.garment ? 'crop the garment first' : 'add a garment first');
  return `${parts.join(' · ')}.`;
}

const BadgeWrap = styled.span`
  position: relative;
  display: inline-flex;
`;

const Count = styled.span`
  position: absolute;
  top: -8px;
  right: -8px;
  min-width: 20px;
  height: 20px;
  padding: 0 5px;
  border-radius: 10px;
  display: grid;
  place-items: center;
  background: ${({ theme }) => theme.colors.accent};
  color: #0b0b12;
  font-size: 11px;
  font-weight: 700;
  pointer-events: none;
`;

/** The gallery button: a spinner while generating, otherwise the unseen count capped at "99+". */
export function GalleryButton({ generating }: { generating: boolean }) {
  const { unseenCount } = useSessionResults();
  const badge = formatUnseenBadge(unseenCount);
  return (
    <BadgeWrap>
      <Button variant="outline" onClick={openGallery} aria-label={badge ? `Results (${badge} new)` : 'Results'} title="Results">
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <rect x="3" y="3" width="7" height="7" rx="1" />
          <rect x="14" y="3" width="7" height="7" rx="1" />
          <rect x="3" y="14" width="7" height="7" rx="1" />
          <rect x="14" y="14" width="7" height="7" rx="1" />
        </svg>
      </Button>
      {generating ? (
        <Count data-testid="gallery-badge" aria-label="Generating">
          <Spinner size={10} />
        </Count>
      ) : (
        badge && <Count data-testid="gallery-badge">{badge}</Count>
      )}
    </BadgeWrap>
  );
}

export interface GenerateBarProps {
  onTryOn: () => void;
  onMock: () => void;
}

/** Bottom of the sidebar: prompt, Try on, Mock and the results button. */
export function GenerateBar({ onTryOn, onMock }: GenerateBarProps) {
  const store = useWorkspaceStore();
  const prompt = useWorkspace((s) => s.prompt);
  const enabled = useWorkspace(canTryOn);
  const generating = useWorkspace((s) => s.generating);
  const mockGenerating = useWorkspace((s) => s.mockGenerating);
  const { pendingTotal } = useSessionResults();
  const summary = useWorkspace(tryOnSummary);
  return (
    <Bar>
      <PromptField value={prompt} onChange={(value) => workspaceActions(store).setPrompt(value)} />
      <Row>
        <Button onClick={onTryOn} disabled={!enabled} loading={generating && !mockGenerating} aria-describedby={summary ? 'try-on-summary' : undefined}>
          Try on
        </Button>
        <MockButton onClick={onMock} loading={mockGenerating} disabled={generating} disabledReason={mockGenerating ? undefined : MOCK_WAITS_FOR_TRY_ON} />
        <GalleryButton generating={generating || pendingTotal > 0} />
      </Row>
      <CreditsNote />
      {summary && (
        <Summary id="try-on-summary" data-testid="try-on-summary">
          {summary}
        </Summary>
      )}
    </Bar>
  );
}
