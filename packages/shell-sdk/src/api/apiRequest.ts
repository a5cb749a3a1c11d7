import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { AUTH_ERRORS } from '@vton/contracts';
import { getAuthToken, reportSessionEnded } from '../auth/authToken.js';
import { newTraceparent } from './traceparent.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Spec §8: the Error of a non-OK answer, "<status>: <body text or status text>". */
export function httpError(status: number, bodyText: string, statusText: string): Error {
  return new Error(`${status}: ${bodyText || statusText}`);
}

/** The 401 messages that mean "this token no longer works" (not "wrong password"). */
const ENDED_SESSION_MESSAGES = [AUTH_ERRORS.sessionEnded, 'Token expired'];

/** Throws httpError for a non-OK response; a 401 for an ended session signs this tab out. */
export async function throwIfNotOk(response: Response, sentToken = false): Promise<void> {
  if (response.ok) return;
  const bodyText = await response.text().catch(() => '');
  if (sentToken && response.status === 401 && ENDED_SESSION_MESSAGES.some((m) => bodyText.includes(m))) reportSessionEnded();
  throw httpError(response.status, bodyText, response.statusText);
}

/**
 * The headers of an API call: a new `traceparent`, the Bearer token when one is stored, and the JSON
 * content type when a JSON body goes along. Exported for the calls that cannot go through apiRequest
 * (an upload with progress, an event stream, a keepalive request while the page closes), so they
 * start their trace and send their token the same way.
 */
export function apiHeaders({ json = false }: { json?: boolean } = {}): Record<string, string> {
  const headers: Record<string, string> = { traceparent: newTraceparent() };
  if (json) headers['Content-Type'] = 'application/json';
  const token = getAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/**
 * Spec §7 shared request behaviour: JSON body only when present, Bearer token when one is
 * stored, cookies always included, a new `traceparent`; throws on a non-OK response.
 */
export async function apiRequest(method: HttpMethod, path: string, body?: unknown): Promise<Response> {
  const hasBody = body !== undefined;
  const headers = apiHeaders({ json: hasBody });
  const response = await fetch(path, {
    method,
    headers,
    body: hasBody ? JSON.stringify(body) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(response, 'Authorization' in headers);
  return response;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** Default data query: GET the path the query key spells, parsed as JSON. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const path = queryKey.filter((part) => typeof part === 'string' || typeof part === 'number').join('/');
    const headers = apiHeaders();
    const response = await fetch(path, { headers, credentials: 'include' });
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response, 'Authorization' in headers);
    return (await response.json()) as T;
  };
}

/** Spec §9 query defaults: no interval refetch, no refetch on focus, never stale, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
