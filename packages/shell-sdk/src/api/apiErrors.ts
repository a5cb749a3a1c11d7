import { TEMPORARILY_UNAVAILABLE } from '@vton/contracts';
import type { ToastOptions } from '../toasts/toastStore.js';

/** An API error ("<status>: <body>", spec §8) taken apart: its status and the server's message. */
export function parseApiError(error: unknown): { status: number | null; message: string } {
  const text = error instanceof Error ? error.message : String(error);
  const match = /^(\d{3}): ([\s\S]*)$/.exec(text);
  if (!match) return { status: null, message: text };
  try {
    const body = JSON.parse(match[2]) as { message?: unknown };
    if (typeof body.message === 'string') return { status: Number(match[1]), message: body.message };
  } catch {
    /* not the error shape */
  }
  return { status: Number(match[1]), message: match[2] };
}

/**
 * A dependency of the API is down for the moment (503, or the gateway's 502/504), or the
 * request never reached it (the browser's network error): trying again later will work.
 */
export function isTemporarilyUnavailable(error: unknown): boolean {
  const { status, message } = parseApiError(error);
  if (status !== null) return status === 502 || status === 503 || status === 504;
  // fetch's TypeError ("Failed to fetch", "NetworkError …", "Load failed") and the upload's XHR error.
  return error instanceof TypeError || /^Network error/.test(message);
}

/** What to tell the seller about an API error: "temporarily unavailable, try again", or the server's own message. */
export function apiErrorMessage(error: unknown): string {
  return isTemporarilyUnavailable(error) ? TEMPORARILY_UNAVAILABLE.description : parseApiError(error).message;
}

/**
 * The toast of a failed API call: the feature's own toast (spec §8 texts), except when the
 * service is temporarily unavailable, when it says so and that trying again will work.
 */
export function apiErrorToast(error: unknown, toast: ToastOptions): ToastOptions {
  if (!isTemporarilyUnavailable(error)) return toast;
  return { ...toast, description: TEMPORARILY_UNAVAILABLE.description, variant: 'destructive' };
}
