/**
 * The path the server answered with the 404 page (the static server sends it, status 404, for a
 * path no page claims — e.g. /docs/<unknown article>). The browser shows the 404 page there too,
 * instead of the route's remote making something of it (issue 32), and hydrates the server's HTML as it is.
 */
let servedNotFound: string | null = null;

export function markServedNotFound(pathname: string): void {
  servedNotFound = pathname;
}

export function isServedNotFound(pathname: string): boolean {
  return servedNotFound === pathname;
}

/** Where the 404 page is rendered (scripts/prerender.mjs renders this path as 404.html). */
export const NOT_FOUND_PATH = '/404';
