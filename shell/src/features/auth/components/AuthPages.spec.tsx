import { AUTH_VALIDATION } from '@vton/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetToastsForTests } from '@vton/shell-sdk';
import { renderShell } from '../../../test/renderShell';

jest.mock('../../remotes/lib/federation', () => ({
  startRemotes: jest.fn().mockResolvedValue(undefined),
  loadRemoteComponent: jest.fn(async (scope: string, module: string) => () => <h2>{`${scope} ${module}`}</h2>),
}));

type Handler = (init: RequestInit | undefined, url: string) => Response | Promise<Response>;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** Answers the listed "METHOD path" calls (query ignored); anything else fails loudly. */
function mockApi(routes: Record<string, Handler>) {
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const key = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
    // Signed in, the user menu reads the plan (Plan & credits): billing is off unless a test says otherwise.
    const handler = routes[key] ?? (key === 'GET /api/billing/account' ? () => json({ mode: 'off' }) : undefined);
    if (!handler) throw new Error(`unexpected request ${key}`);
    return handler(init, url);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

// The toaster loads with the first toast (DeferredToaster): the region, then its toast, come a moment later.
const toastRegion = () => screen.findByRole('region', { name: 'Notifications (F8)' });
const location = () => screen.getByTestId('location');
const submitLogin = () => fireEvent.click(within(screen.getByRole('form', { name: 'Sign in' })).getByRole('button', { name: 'Sign In' }));
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  localStorage.clear();
  resetToastsForTests();
  mockApi({});
});

describe('/auth tabs and query parameters', () => {
  it('opens on Create Account, ?tab=login opens Sign In, and the tabs switch', () => {
    renderShell('/auth?tab=login');
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    expect(document.title).toBe('Sign in · VTON Studio');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/VTON Studio/);
    expect(document.head.querySelector('script[type="application/ld+json"]')?.textContent).toContain('"WebPage"');
    fireEvent.click(screen.getByRole('tab', { name: 'Create Account' }));
    expect(screen.getByRole('tab', { name: 'Create Account' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Confirm password')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Password requirements' })).toHaveTextContent('At least 8 characters');
  });

  it('verified=true toasts "Email Verified!", switches to Sign In and cleans the URL', async () => {
    renderShell('/auth?verified=true');
    expect(await within(await toastRegion()).findByText('Email Verified!')).toBeInTheDocument();
    expect(await within(await toastRegion()).findByText('Your account has been successfully verified. You can now sign in.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/auth$/));
  });

  it('redirect=required shows the destructive "Authentication Required" toast and cleans the URL', async () => {
    renderShell('/auth?redirect=required');
    const region = await toastRegion();
    expect(await within(region).findByText('Authentication Required')).toBeInTheDocument();
    expect(within(region).getByText('Please sign in to access this feature.')).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent(/^\/auth$/));
  });

  it.each([
    ['/?verified=true', '/auth', 'Email Verified!'],
    ['/?auth=required', '/auth', 'Authentication Required'],
  ])('the landing page %s toasts and goes on to %s', async (path, target, title) => {
    renderShell(path);
    expect(await within(await toastRegion()).findByText(title)).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent(new RegExp(`^${target}$`)));
  });

  it('sends a signed-in visitor to /app', async () => {
    localStorage.setItem('auth_token', 'tok');
    mockApi({ 'GET /api/auth/me': () => json({ user: { id: 1, email: 'ada@example.com' } }) });
    renderShell('/auth');
    await waitFor(() => expect(location()).toHaveTextContent('/app'));
  });
});

describe('Create Account', () => {
  const fillRegistration = (email: string, password: string, confirmPassword = password) => {
    type('Email', email);
    type('Password', password);
    type('Confirm password', confirmPassword);
  };

  it('refuses a common password ("Password1") before sending anything, with a clear message', async () => {
    const fetchMock = mockApi({});
    renderShell('/auth');
    fillRegistration('ada@example.com', 'Password1');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(expect.stringContaining(AUTH_VALIDATION.commonPassword)),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the spec messages next to the fields and sends nothing', () => {
    const fetchMock = mockApi({});
    renderShell('/auth');
    fillRegistration('ada@', 'garment1x', 'garment2x');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Invalid email');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining('Password must contain at least one uppercase letter, one lowercase letter, and one number'),
    );
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription("Passwords don't match");
    expect(screen.getByLabelText('Email')).toHaveFocus();
    type('Password', 'Ab1');
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    type('Confirm password', '');
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows "Creating account..." and then the "Check your email" screen', async () => {
    let answer!: (r: Response) => void;
    const fetchMock = mockApi({ 'POST /api/auth/register': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderShell('/auth');
    fillRegistration('ada@example.com', 'Garment1x');
    fireEvent.submit(screen.getByRole('form', { name: 'Create account' }));
    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ email: 'ada@example.com', password: 'Garment1x', confirmPassword: 'Garment1x' });
    await act(async () => answer(json({ message: 'ok', email: 'ada@example.com' }, 201)));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    const tips = screen.getByRole('list', { name: 'Tips' });
    expect(tips).toHaveTextContent('Click the link');
    expect(tips).toHaveTextContent('spam');
    expect(tips).toHaveTextContent('The link expires in 24 hours.');
    expect(await within(await toastRegion()).findByText('Account created!')).toBeInTheDocument();
    expect(await within(await toastRegion()).findByText('Please check your email to verify your account.')).toBeInTheDocument();
    const homeButtons = screen.getAllByRole('button', { name: 'Back to Home', hidden: true });
    fireEvent.click(homeButtons[homeButtons.length - 1]);
    expect(location()).toHaveTextContent(/^\/$/);
  });

  it('maps a duplicate address to "Account already exists"', async () => {
    mockApi({ 'POST /api/auth/register': () => json({ statusCode: 409, code: 'CONFLICT', message: 'User already exists' }, 409) });
    renderShell('/auth');
    fillRegistration('ada@example.com', 'Garment1x');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await within(await toastRegion()).findByText('Account already exists')).toBeInTheDocument();
    expect(await within(await toastRegion()).findByText('An account with this email already exists. Try signing in instead.')).toBeInTheDocument();
  });
});

describe('Sign In', () => {
  const fillLogin = () => {
    type('Email', 'ada@example.com');
    type('Password', 'Garment1x');
  };

  it('shows the spec messages for an empty form', () => {
    renderShell('/auth?tab=login');
    submitLogin();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
  });

  it('toggles the password visibility', () => {
    renderShell('/auth?tab=login');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it.each([
    [403, 'Email verification required', 'Please check your email and click the verification link before signing in.'],
    [401, 'Invalid credentials', 'The email or password you entered is incorrect.'],
  ])('a %i shows "%s"', async (status, title, description) => {
    mockApi({ 'POST /api/auth/login': () => json({ statusCode: status, message: 'x' }, status) });
    renderShell('/auth?tab=login');
    fillLogin();
    submitLogin();
    expect(await within(await toastRegion()).findByText(title)).toBeInTheDocument();
    expect(await within(await toastRegion()).findByText(description)).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('"Signing in...", then stores the token, welcomes and goes to /app', async () => {
    let answer!: (r: Response) => void;
    const fetchMock = mockApi({
      'POST /api/auth/login': () => new Promise<Response>((resolve) => (answer = resolve)),
      'GET /api/auth/me': () => json({ user: { id: 1, email: 'ada@example.com', isEmailVerified: 'true', createdAt: '2025-01-01T00:00:00.000Z' } }),
    });
    renderShell('/auth?tab=login');
    fillLogin();
    fireEvent.submit(screen.getByRole('form', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    await act(async () => answer(json({ token: 'jwt-1' })));
    await waitFor(() => expect(location()).toHaveTextContent('/app'));
    expect(localStorage.getItem('auth_token')).toBe('jwt-1');
    expect(await within(await toastRegion()).findByText('Welcome back!')).toBeInTheDocument();
    expect(await within(await toastRegion()).findByText('You have successfully signed in.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/me', expect.objectContaining({ headers: expect.objectContaining({ Authorization: 'Bearer jwt-1' }) }));
  });

  it('"Forgot password?" asks for the address and then says to check the inbox', async () => {
    const fetchMock = mockApi({ 'POST /api/auth/forgot-password': () => json({ success: true, message: 'sent' }) });
    renderShell('/auth?tab=login');
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    type('Email', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText(/expires in 1 hour/)).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ email: 'ada@example.com' });
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('/verify-email', () => {
  it('without a token shows the error with "Try again" and "Back to login"', async () => {
    renderShell('/verify-email');
    expect(await screen.findByRole('heading', { name: 'Invalid verification link' })).toBeInTheDocument();
    expect(await within(await toastRegion()).findByText('No token provided.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(location()).toHaveTextContent(/^\/auth$/);
  });

  it('shows the spinner text, then signs in and lands in /app', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/verify-email-and-login': () => json({ success: true, token: 'jwt-v', message: 'Email verified successfully' }),
      'GET /api/auth/me': () => json({ user: { id: 1, email: 'ada@example.com', isEmailVerified: 'true', createdAt: '2025-01-01T00:00:00.000Z' } }),
    });
    renderShell('/verify-email?token=abc');
    expect(screen.getByText('Verifying your email and redirecting to the app when complete')).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent('/app'));
    expect(localStorage.getItem('auth_token')).toBe('jwt-v');
    expect(await within(await toastRegion()).findByText('Email Verified!')).toBeInTheDocument();
    expect(await within(await toastRegion()).findByText('Your account has been successfully verified.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/auth/verify-email-and-login'))).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/verify-email-and-login?token=abc', expect.objectContaining({ method: 'POST' }));
  });

  it("shows the server's reason when the link is used or expired", async () => {
    mockApi({
      'POST /api/auth/verify-email-and-login': () => json({ statusCode: 400, message: 'This verification link has expired. Please request a new verification email' }, 400),
    });
    renderShell('/verify-email?token=old');
    expect(await screen.findByRole('heading', { name: 'Verification failed' })).toBeInTheDocument();
    expect(screen.getByText('This verification link has expired. Please request a new verification email')).toBeInTheDocument();
    expect(await within(await toastRegion()).findByText('Please try again.')).toBeInTheDocument();
  });
});

describe('/reset-password', () => {
  it('checks the new password with the registration rules, then sends to sign in', async () => {
    const fetchMock = mockApi({ 'POST /api/auth/reset-password': () => json({ success: true, message: 'ok' }) });
    renderShell('/reset-password?token=rst');
    type('New password', 'short');
    type('Confirm new password', 'other');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(expect.stringContaining('Password must be at least 8 characters'));
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription("Passwords don't match");
    expect(fetchMock).not.toHaveBeenCalled();
    type('New password', 'Newpass1x');
    type('Confirm new password', 'Newpass1x');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(location()).toHaveTextContent('/auth?tab=login'));
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ token: 'rst', password: 'Newpass1x', confirmPassword: 'Newpass1x' });
    expect(await within(await toastRegion()).findByText('Password updated')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the server reason for an expired link', async () => {
    mockApi({ 'POST /api/auth/reset-password': () => json({ statusCode: 400, message: 'This password reset link has expired. Request a new one' }, 400) });
    renderShell('/reset-password?token=old');
    type('New password', 'Newpass1x');
    type('Confirm new password', 'Newpass1x');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await within(await toastRegion()).findByText('This password reset link has expired. Request a new one')).toBeInTheDocument();
  });
});
