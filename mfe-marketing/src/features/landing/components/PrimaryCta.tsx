import { useAuth } from '@vton/shell-sdk';
import { ButtonLink } from '../../../components/ButtonLink';

/** Spec §2: "Get Started Free" → registration when signed out, "Start Creating" → the workspace when signed in. */
export function PrimaryCta() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? (
    <ButtonLink to="/app" $size="lg">
      Start Creating
    </ButtonLink>
  ) : (
    <ButtonLink to="/auth?tab=register" $size="lg">
      Get Started Free
    </ButtonLink>
  );
}
