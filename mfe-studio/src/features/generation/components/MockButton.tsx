import { useId } from 'react';
import styled from 'styled-components';
import { Button } from '@vton/ui';

/** Spec §2: what Mock is, shown as its tooltip and read as its description. */
export const MOCK_DESCRIPTION = 'Test generation that avoids using API credits: the results are your model photos, unchanged.';

const Wrap = styled.span`
  position: relative;
  display: inline-flex;
`;

const Tip = styled.span`
  position: absolute;
  bottom: calc(100% + 8px);
  left: 50%;
  z-index: ${({ theme }) => theme.zIndex.popover};
  width: max-content;
  max-width: min(260px, 80vw);
  transform: translateX(-50%);
  padding: 6px 10px;
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  font-size: 12px;
  line-height: 1.4;
  text-align: center;
  pointer-events: none;
  opacity: 0;
  visibility: hidden;
  transition: opacity 0.15s ease;
  ${Wrap}:hover &,
  ${Wrap}:focus-within & {
    opacity: 1;
    visibility: visible;
  }
`;

/** "Mock" with its meaning: a tooltip on hover and keyboard focus, and the button's accessible description. */
export function MockButton({ onClick, loading }: { onClick: () => void; loading: boolean }) {
  const tipId = useId();
  return (
    <Wrap>
      <Button variant="secondary" onClick={onClick} loading={loading} aria-describedby={tipId}>
        Mock
      </Button>
      <Tip role="tooltip" id={tipId}>
        {MOCK_DESCRIPTION}
      </Tip>
    </Wrap>
  );
}
