import styled from 'styled-components';

export const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 16px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

export const SectionTitle = styled.h2`
  font-size: 13px;
  font-weight: 600;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Track = styled.div`
  height: 4px;
  border-radius: 2px;
  background: rgba(255, 255, 255, 0.08);
  overflow: hidden;
  > span {
    display: block;
    height: 100%;
    background: ${({ theme }) => theme.colors.primary};
  }
`;

/**
 * An upload's progress bar, drawn at exactly the percentage it announces (no easing that would
 * lag behind the text). Once every byte is sent the server still stores the photo: the caller
 * says so in words ("Processing…") rather than "100%".
 */
export function ProgressBar({ value, label, testId = 'upload-progress' }: { value: number; label: string; testId?: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <Track role="progressbar" aria-label={label} aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100} data-testid={testId}>
      <span style={{ width: `${percent}%` }} />
    </Track>
  );
}

/** What an upload's status line says: the share sent, then that the server is processing it. */
export function uploadStatusText(fraction: number): string {
  return fraction < 1 ? `Uploading… ${Math.min(99, Math.round(fraction * 100))}%` : 'Processing…';
}
