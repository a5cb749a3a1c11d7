import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  border: 2px solid currentColor;
  border-right-color: transparent;
  opacity: 0.9;
  animation: ${spin} 0.7s linear infinite;
`;

export interface SpinnerProps {
  size?: number;
  /** Announced to screen readers; omit when the surrounding text already says what is loading. */
  label?: string;
}

export function Spinner({ size = 18, label }: SpinnerProps) {
  return label ? (
    <Ring $size={size} role="status" aria-label={label} />
  ) : (
    <Ring $size={size} aria-hidden="true" />
  );
}

const CenteredWrap = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 12px;
  min-height: 50vh;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A centred spinner with visible text, for whole-page waits such as "Loading...". */
export function LoadingState({ text = 'Loading...' }: { text?: string }) {
  return (
    <CenteredWrap role="status" aria-live="polite">
      <Spinner size={28} />
      <span>{text}</span>
    </CenteredWrap>
  );
}
