import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { toast, useAuth } from '@vton/shell-sdk';
import { Button, LoadingState } from '@vton/ui';
import { verifyEmailAndLogin } from '../api/verifyEmail';
import { useSearchMetadata } from '../hooks/useSearchMetadata';
import { parseApiError } from '../utils/authErrors';
import { emailVerifiedSignedInToast } from '../utils/notices';
import { AuthCard, AuthLayout, AuthLead, AuthTitle } from './AuthLayout';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
`;

type State = { status: 'verifying' } | { status: 'error'; title: string; message: string };

/**
 * Spec §2 /verify-email: verifies the token of the query, signs in and goes to /app; on error
 * shows why, with "Try again" (reload) and "Back to login".
 */
export function VerifyEmailPage() {
  useSearchMetadata({
    title: 'Verify email',
    description: 'Confirm your e-mail address to start creating with VTON Studio.',
    noIndex: true,
  });
  const { isAuthenticated, login } = useAuth();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const token = searchParams.get('token');
  const [state, setState] = useState<State>({ status: 'verifying' });
  // A verification token works once: never send it twice (double effects, re-renders).
  const started = useRef(false);
  const succeeded = useRef(false);

  useEffect(() => {
    if (started.current || isAuthenticated) return;
    started.current = true;
    if (!token) {
      toast({ title: 'Invalid verification link', description: 'No token provided.', variant: 'destructive' });
      setState({ status: 'error', title: 'Invalid verification link', message: 'No token provided.' });
      return;
    }
    (async () => {
      try {
        const result = await verifyEmailAndLogin(token);
        succeeded.current = true;
        await login(result.token);
        toast(emailVerifiedSignedInToast);
        navigate('/app', { replace: true });
      } catch (error) {
        if (succeeded.current) {
          // Verified, but the user could not be loaded: signing in by hand works now.
          navigate('/auth?verified=true', { replace: true });
          return;
        }
        toast({ title: 'Verification failed', description: 'Please try again.', variant: 'destructive' });
        const { serverMessage, status } = parseApiError(error);
        setState({
          status: 'error',
          title: 'Verification failed',
          message: status !== null && status < 500 && serverMessage ? serverMessage : 'Please try again.',
        });
      }
    })();
  }, [token, isAuthenticated, login, navigate]);

  if (isAuthenticated && !succeeded.current) return <Navigate to="/app" replace />;

  if (state.status === 'verifying') {
    return <LoadingState text="Verifying your email and redirecting to the app when complete" />;
  }

  return (
    <AuthLayout>
      <AuthCard role="alert">
        <div>
          <AuthTitle>{state.title}</AuthTitle>
          <AuthLead>{state.message}</AuthLead>
        </div>
        <Actions>
          <Button onClick={() => window.location.reload()}>Try again</Button>
          <Button variant="outline" onClick={() => navigate('/auth')}>
            Back to login
          </Button>
        </Actions>
      </AuthCard>
    </AuthLayout>
  );
}
