import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { toast, useAuth } from '@vton/shell-sdk';
import { useSearchMetadata } from '../hooks/useSearchMetadata';
import { authRequiredToast, emailVerifiedToast } from '../utils/notices';
import { AuthCard, AuthLayout, AuthLead, AuthTitle } from './AuthLayout';
import { CheckEmail } from './CheckEmail';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

export type AuthTab = 'register' | 'login';
type View = AuthTab | 'forgot';

const TABS: { id: AuthTab; label: string }[] = [
  { id: 'register', label: 'Create Account' },
  { id: 'login', label: 'Sign In' },
];

const TabList = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 4px;
  padding: 4px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
`;

// min-height, not height: a label that wraps (a narrow phone, a large text size) grows its tab instead of spilling out of it
const Tab = styled.button<{ $active: boolean }>`
  min-height: 36px;
  padding: 4px 8px;
  line-height: 1.2;
  font-size: 15px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ $active, theme }) => ($active ? theme.colors.surface : 'transparent')};
  color: ${({ $active, theme }) => ($active ? theme.colors.text : theme.colors.textMuted)};
  font-weight: 600;
  cursor: pointer;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; }
`;

/** Spec §2/§4: ?tab=login opens Sign In, anything else Create Account ('forgot' opens the reset request). */
function viewFrom(tab: string | null): View {
  return tab === 'login' || tab === 'forgot' ? tab : 'register';
}

const COPY: Record<View, { heading: string; lead: string; title: string }> = {
  register: {
    heading: 'Create your account',
    lead: 'Start placing your garments on model photos in minutes.',
    title: 'Create account',
  },
  login: { heading: 'Welcome back', lead: 'Sign in to continue creating in your studio.', title: 'Sign in' },
  forgot: { heading: 'Reset your password', lead: '', title: 'Reset password' },
};

export function AuthPage() {
  const { isAuthenticated } = useAuth();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  // A verified link opens Sign In; the state carries that past the URL's clean-up, should the page mount again.
  const [view, setView] = useState<View>(() =>
    searchParams.get('verified') === 'true' || (location.state as { view?: View } | null)?.view === 'login'
      ? 'login'
      : viewFrom(searchParams.get('tab')),
  );
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const handledKey = useRef<string | null>(null);

  useSearchMetadata({
    title: COPY[view].title,
    description:
      'Sign in to VTON Studio or create a free account: place garments on model photos and export studio-quality try-on images.',
  });

  // A later visit to /auth?tab=… (e.g. from the menu) switches the tab.
  const tabParam = searchParams.get('tab');
  useEffect(() => {
    if (tabParam) setView(viewFrom(tabParam));
  }, [tabParam]);

  // verified=true and redirect=required: one toast each, then a clean /auth (spec §2).
  useEffect(() => {
    if (handledKey.current === location.key) return;
    handledKey.current = location.key;
    if (searchParams.get('verified') === 'true') {
      toast(emailVerifiedToast);
      setView('login');
      navigate('/auth', { replace: true, state: { view: 'login' } });
    } else if (searchParams.get('redirect') === 'required') {
      toast(authRequiredToast);
      navigate('/auth', { replace: true });
    }
  }, [location.key, searchParams, navigate]);

  if (isAuthenticated) return <Navigate to="/app" replace />;

  const selectTab = (tab: AuthTab) => setView(tab);
  const onTabKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next: AuthTab = view === 'register' ? 'login' : 'register';
    selectTab(next);
    document.getElementById(`auth-tab-${next}`)?.focus();
  };

  let content;
  if (registeredEmail) {
    content = <CheckEmail email={registeredEmail} />;
  } else if (view === 'forgot') {
    content = <ForgotPasswordForm onBack={() => setView('login')} />;
  } else {
    content = (
      <>
        <div>
          <AuthTitle>{COPY[view].heading}</AuthTitle>
          <AuthLead>{COPY[view].lead}</AuthLead>
        </div>
        <TabList role="tablist" aria-label="Account" onKeyDown={onTabKeyDown}>
          {TABS.map((tab) => (
            <Tab
              key={tab.id}
              id={`auth-tab-${tab.id}`}
              type="button"
              role="tab"
              aria-selected={view === tab.id}
              aria-controls={`auth-panel-${tab.id}`}
              tabIndex={view === tab.id ? 0 : -1}
              $active={view === tab.id}
              onClick={() => selectTab(tab.id)}
            >
              {tab.label}
            </Tab>
          ))}
        </TabList>
        <div role="tabpanel" id={`auth-panel-${view}`} aria-labelledby={`auth-tab-${view}`}>
          {view === 'login' ? (
            <LoginForm onForgotPassword={() => setView('forgot')} />
          ) : (
            <RegisterForm onRegistered={setRegisteredEmail} />
          )}
        </div>
      </>
    );
  }

  return (
    <AuthLayout>
      <AuthCard>{content}</AuthCard>
    </AuthLayout>
  );
}
