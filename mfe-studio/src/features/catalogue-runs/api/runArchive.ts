import { getAuthToken } from '@vton/shell-sdk';

/**
 * GET /api/try-on/runs/:id/archive as a plain link, so the browser streams the ZIP to disk (a run's
 * results can be gigabytes: never held in the page). A link cannot send a header, so the token goes
 * as `access_token`, which the API moves into the Authorization header and strips from its logs.
 */
export function runArchiveUrl(runId: string): string {
  const token = getAuthToken();
  return `/api/try-on/runs/${encodeURIComponent(runId)}/archive${token ? `?access_token=${encodeURIComponent(token)}` : ''}`;
}
