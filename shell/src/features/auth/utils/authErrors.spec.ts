import { loginErrorToast, parseApiError, registerErrorToast } from './authErrors';

const apiError = (status: number, body: object | string) =>
  new Error(`${status}: ${typeof body === 'string' ? body : JSON.stringify(body)}`);

describe('parseApiError', () => {
  it('reads status, server message and issues of "<status>: <body>"', () => {
    const parsed = parseApiError(apiError(400, { message: 'Passwords don\'t match', issues: [{ path: ['confirmPassword'], message: "Passwords don't match" }] }));
    expect(parsed).toMatchObject({ status: 400, serverMessage: "Passwords don't match", issues: [{ message: "Passwords don't match" }] });
    expect(parseApiError(apiError(503, 'Service Unavailable'))).toMatchObject({ status: 503, serverMessage: 'Service Unavailable', issues: [] });
    expect(parseApiError(new TypeError('Failed to fetch'))).toMatchObject({ status: null, serverMessage: null });
  });
});

describe('login error toasts (spec §8)', () => {
  it.each([
    [apiError(403, { message: 'Email not verified: please complete email verification' }), 'Email verification required', 'Please check your email and click the verification link before signing in.'],
    [apiError(401, { message: 'Invalid credentials' }), 'Invalid credentials', 'The email or password you entered is incorrect.'],
    [apiError(400, { message: 'Requires email verification first' }), 'Email verification required', 'Requires email verification first'],
    [apiError(500, { message: 'Internal server error' }), 'Sign in failed', 'Please check your credentials and try again.'],
    [new TypeError('Failed to fetch'), 'Sign in failed', 'Please check your credentials and try again.'],
    [apiError(429, { message: 'Too many failed sign-in attempts. Please wait a few minutes and try again' }), 'Too many attempts', 'Too many failed sign-in attempts. Please wait a few minutes and try again'],
  ])('%s → %s', (error, title, description) => {
    expect(loginErrorToast(error)).toEqual({ title, description, variant: 'destructive' });
  });
});

describe('register error toasts (spec §8)', () => {
  it.each([
    [apiError(409, { message: 'User already exists' }), 'Account already exists', 'An account with this email already exists. Try signing in instead.'],
    [
      apiError(400, { message: 'Password must contain at least one uppercase letter, one lowercase letter, and one number', issues: [{ path: ['password'], message: 'Password must contain at least one uppercase letter, one lowercase letter, and one number' }] }),
      'Password requirements not met',
      'Password must contain uppercase, lowercase, and a number.',
    ],
    [apiError(400, { message: 'Required', issues: [{ path: ['email'], message: 'Required' }] }), 'Please check your information', 'Make sure all fields are filled correctly and passwords match.'],
    [apiError(400, 'validation error'), 'Please check your information', 'Make sure all fields are filled correctly and passwords match.'],
    [apiError(400, { code: 'VALIDATION_FAILED', message: "Passwords don't match", issues: [{ path: ['confirmPassword'], message: "Passwords don't match" }] }), 'Registration failed', "Passwords don't match"],
    [apiError(500, { message: 'Internal server error' }), 'Registration failed', 'Please try again.'],
  ])('%s → %s', (error, title, description) => {
    expect(registerErrorToast(error)).toEqual({ title, description, variant: 'destructive' });
  });
});
