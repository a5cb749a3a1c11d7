import styled from 'styled-components';
import { useAuth } from '@vton/shell-sdk';
import { ButtonLink } from '../../../components/ButtonLink';

const SIGNED_OUT = { to: '/auth?tab=register', label: 'Get Started Free' };
const SIGNED_IN = { to: '/app', label: 'Start Creating' };

// Both labels share one grid cell, the other one invisible: the button is as wide as the longer
// label either way, so the switch after a signed-in visitor's page hydrates moves nothing.
const Labels = styled.span`
  display: inline-grid;
  > * { grid-area: 1 / 1; }
`;
const Reserved = styled.span`
  visibility: hidden;
`;

/** Spec §2: "Get Started Free" → registration when signed out, "Start Creating" → the workspace when signed in. */
export function PrimaryCta() {
  const { isAuthenticated } = useAuth();
  const [shown, reserved] = isAuthenticated ? [SIGNED_IN, SIGNED_OUT] : [SIGNED_OUT, SIGNED_IN];
  return (
    <ButtonLink to={shown.to} $size="lg">
      <Labels>
        <span>{shown.label}</span>
        <Reserved aria-hidden="true">{reserved.label}</Reserved>
      </Labels>
    </ButtonLink>
  );
}
