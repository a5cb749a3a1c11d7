import type { ToastOptions } from '@vton/shell-sdk';

/** An error of apiRequest, "<status>: <body>" (spec §8), taken apart. */
export interface ParsedApiError {
  status: number | null;
  /** The whole error text, as the spec's substring rules read it. */
  text: string;
  /** The server's `message` when the body is the product's error shape. */
  serverMessage: string | null;
  issues: { path: string[]; message: string }[];
}

export function parseApiError(error: unknown): ParsedApiError {
  const text = error instanceof Error ? error.message : String(error);
  const match = /^(\d{3}): ([\s\S]*)$/.exec(text);
  const status = match ? Number(match[1]) : null;
  const body = match ? match[2] : text;
  let serverMessage: string | null = null;
  let issues: ParsedApiError['issues'] = [];
  try {
    const json = JSON.parse(body) as { message?: unknown; issues?: unknown };
    if (typeof json.message === 'string') serverMessage = json.message;
    if (Array.isArray(json.issues)) issues = json.issues.filter((i) => typeof i?.message === 'string');
  } catch {
    if (match && body) serverMessage = body;
  }
  return { status, text, serverMessage, issues };
}

const destructive = (title: string, description: string): ToastOptions => ({ title, description, variant: 'destructive' });

/** Spec §8 login errors, in the spec's order. */
export function loginErrorToast(error: unknown): ToastOptions {
  const { status, text, serverMessage } = parseApiError(error);
  if (status === 403) {
    return destructive('Email verification required', 'Please check your email and click the verification link before signing in.');
  }
  if (status === 401) return destructive('Invalid credentials', 'The email or password you entered is incorrect.');
  if (text.includes('email verification')) return destructive('Email verification required', serverMessage ?? text);
  // Beyond the spec: the throttle's answer says how to go on.
  if (status === 429 && serverMessage) return destructive('Too many attempts', serverMessage);
  return destructive('Sign in failed', 'Please check your credentials and try again.');
}

/** Spec §8 register errors, in the spec's order. */
export function registerErrorToast(error: unknown): ToastOptions {
  const { status, text, issues } = parseApiError(error);
  if (text.includes('User already exists')) {
    return destructive('Account already exists', 'An account with this email already exists. Try signing in instead.');
  }
  if (text.includes('Password must contain')) {
    return destructive('Password requirements not met', 'Password must contain uppercase, lowercase, and a number.');
  }
  if (text.includes('validation') || text.includes('Required')) {
    return destructive('Please check your information', 'Make sure all fields are filled correctly and passwords match.');
  }
  if (status === 400 && issues.length > 0) return destructive('Registration failed', issues[0].message);
  // Beyond the spec: the throttle's answer says how to go on.
  const { serverMessage } = parseApiError(error);
  if (status === 429 && serverMessage) return destructive('Too many attempts', serverMessage);
  return destructive('Registration failed', 'Please try again.');
}

/** Resend, forgot and reset: the server's own message (it names expiry or the mail limit), else a retry hint. */
export function requestErrorToast(title: string, error: unknown): ToastOptions {
  const { status, serverMessage, issues } = parseApiError(error);
  if (status === 400 && issues.length > 0) return destructive(title, issues[0].message);
  if (status !== null && status < 500 && serverMessage) return destructive(title, serverMessage);
  return destructive(title, 'Please try again.');
}
