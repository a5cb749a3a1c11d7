/** Auth calls of spec §7. */
export interface LoginRequest { email: string; password: string }
export interface LoginResponse { token: string }
export interface RegisterRequest { email: string; password: string; confirmPassword: string }
export interface RegisterResponse { message: string; email: string }
export interface VerifyEmailResponse { success: boolean; token: string; message: string }
export interface CurrentUser { id: number; email: string; isEmailVerified: 'true' | 'false'; createdAt: string }
export interface MeResponse { user: CurrentUser }

/** Beyond the spec: resend the verification mail, and the password-reset flow. */
export interface ResendVerificationRequest { email: string }
export interface ForgotPasswordRequest { email: string }
export interface ResetPasswordRequest { token: string; password: string; confirmPassword: string }
export interface AuthMessageResponse { success: boolean; message: string }

/** Spec §5 validation texts: the server's 400 issues and the forms' client-side checks say the same. */
export const AUTH_VALIDATION = {
  required: 'Required',
  invalidEmail: 'Invalid email',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordComplexity: 'Password must contain at least one uppercase letter, one lowercase letter, and one number',
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDontMatch: "Passwords don't match",
  loginEmail: 'Please enter a valid email address',
  loginPasswordRequired: 'Password is required',
  verificationTokenRequired: 'Verification token is required',
  resetTokenRequired: 'Reset token is required',
  /** Beyond spec §5: a password on the common-passwords list (@vton/contracts/common-passwords). */
  commonPassword: 'This password is one of the most commonly used and easy to guess. Please choose a different one',
} as const;

/** Lowercase, uppercase and a digit (spec §5). */
export const PASSWORD_COMPLEXITY = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/;
export const MAX_PASSWORD_LENGTH = 128;
/** A pragmatic address check (something@domain.tld), the same on both sides. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MAX_EMAIL_LENGTH = 254;

/** Server texts the frontends map to the spec §8 toasts. */
export const AUTH_ERRORS = {
  userExists: 'User already exists',
  invalidCredentials: 'Invalid credentials',
  emailNotVerified: 'Email not verified: please complete email verification using the link we sent you',
  invalidVerificationLink: 'This verification link is invalid or has already been used',
  expiredVerificationLink: 'This verification link has expired. Please request a new verification email',
  invalidResetLink: 'This password reset link is invalid or has already been used',
  expiredResetLink: 'This password reset link has expired. Request a new one',
  tooManyAttempts: 'Too many failed sign-in attempts. Please wait a few minutes and try again',
  tooManyEmails: 'Too many e-mails requested for this address. Please try again later',
  tooManyRequests: 'Too many requests from your network. Please try again later',
  sessionEnded: 'Your session has ended. Please sign in again',
} as const;

/** Signed-in sessions (svc-auth README, "Sessions"). */
export const SESSION_DAYS = 7;
/** The browser renews its token (POST /api/auth/refresh) once it is this old, so use keeps a session alive. */
export const SESSION_RENEW_AFTER_MS = 24 * 3600 * 1000;
/** Where the other services read which sessions ended (revoked before their tokens expire). */
export const REVOKED_SESSIONS_PATH = '/api/auth/sessions/revoked';
/** GET REVOKED_SESSIONS_PATH?since= → the sessions that ended since then and whose tokens have not expired. */
export interface RevokedSessionsResponse {
  revoked: { sessionId: string; expiresAt: string }[];
  /** The server's time of this answer; the next call asks from a little before it. */
  asOf: string;
}

/** JWT claims every service checks (issuer, audience; ES256 from svc-auth's JWKS). */
export const JWT_ISSUER = 'vton-studio/svc-auth';
export const JWT_AUDIENCE = 'vton-studio';
export const JWT_ALGORITHM = 'ES256';
export const JWKS_PATH = '/api/auth/.well-known/jwks.json';
