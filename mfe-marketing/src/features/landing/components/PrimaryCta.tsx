import styled from 'styled-components';
import { useAuth } from '@vton/shell-sdk';
import { ButtonLink } from '../../../components/ButtonLink';

// Both labels share one grid cell and only their visibility changes: the button is as wide as the
// longer label either way, so the switch after a signed-in visitor's page hydrates moves nothing.
const Labels = styled.span`
  display: inline-grid;
  > * { grid-area: 1 / 1; }
`;
const Label = styled.span<{ $shown: boolean }>`
  visibility: ${({ $shown }) => ($shown ? 'visible' : 'hidden')};
`;

/** Spec §2: "Get Started Free" → registration when signed out, "Start Creating" → the workspace when signed in. */
export function PrimaryCta() {
  const { isAuthenticated } = useAuth();
  return (
    <ButtonLink to={isAuthenticated ? '/app' : '/auth?tab=register'} $size="lg">
      <Labels>
        <Label $shown={!isAuthenticated} aria-hidden={isAuthenticated || undefined}>
          Get Started Free
        </Label>
        <Label $shown={isAuthenticated} aria-hidden={!isAuthenticated || undefined}>
          Start Creating
        </Label>
      </Labels>
    </ButtonLink>
  );
}
