import { Navigate } from 'react-router-dom';
import { useAuth, usePageTitle } from '@vton/shell-sdk';
import { PageHeader } from '@vton/ui';

/** Placeholder of /verify-email; verification itself arrives with the accounts issue. */
export function VerifyEmailPage() {
  usePageTitle('Verify email');
  const { isAuthenticated } = useAuth();
  if (isAuthenticated) return <Navigate to="/app" replace />;
  return <PageHeader title="Verify your email" description="Open the link we e-mailed you to verify your account." />;
}
