import { Navigate } from 'react-router-dom';
import { useAuth, usePageTitle } from '@vton/shell-sdk';
import { PageHeader } from '@vton/ui';

/** Placeholder of /auth; the sign-in and create-account tabs arrive with the accounts issue. */
export function AuthPage() {
  usePageTitle('Sign in');
  const { isAuthenticated } = useAuth();
  if (isAuthenticated) return <Navigate to="/app" replace />;
  return (
    <PageHeader
      title="Sign in to your studio"
      description="Sign in or create an account to start placing garments on your model photos."
    />
  );
}
