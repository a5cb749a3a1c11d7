import { useId } from 'react';
import styled from 'styled-components';
import { Button } from '@vton/ui';

/** Spec §2: what Mock is, shown as its tooltip and read as its description. */
export const MOCK_DESCRIPTION = 'Test generation that avoids using API credits: the results are your model photos, unchanged.';

const Wrap = styled.span`
  position: relative;
  display: inline-flex;
`;

// Shown only while wanted (display none otherwise: a hidden tip must not widen the page on a phone),
// anchored to the button's right edge so it opens towards the sidebar, never past the screen.
const Tip = styled.span`
  position: absolute;
  bottom: calc(100% + 8px);
  right: 0;
  z-index: ${({ theme }) => theme.zIndex.popover};
  display: none;
  width: max-content;
  max-width: min(260px, calc(100vw - 32px));
  padding: 6px 10px;
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  font-size: 12px;
  line-height: 1.4;
  text-align: left;
  pointer-events: none;
  ${Wrap}:hover &,
  ${Wrap}:focus-within & {
    display: block;
  }
`;

/** Why Mock waits while a try-on runs: the two would fill the same result tiles. */
export const MOCK_WAITS_FOR_TRY_ON = 'Available again when this try-on finishes.';

/**
 * "Mock" with its meaning: a tooltip on hover and keyboard focus, and the button's accessible
 * description. A disabled Mock says why (`disabledReason`), or a seller only sees a grey button.
 */
export function MockButton({ onClick, loading, disabled = false, disabledReason }: { onClick: () => void; loading: boolean; disabled?: boolean; disabledReason?: string }) {
  const tipId = useId();
  return (
    <Wrap>
      <Button variant="secondary" onClick={onClick} loading={loading} disabled={disabled} aria-describedby={tipId}>
        Mock
      </Button>
      <Tip role="tooltip" id={tipId}>
        {disabled && disabledReason ? `${MOCK_DESCRIPTION} ${disabledReason}` : MOCK_DESCRIPTION}
      </Tip>
    </Wrap>
  );
}
