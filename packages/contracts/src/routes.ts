/**
 * The one routing table of the product's single origin. The local gateway
 * (packages/local-stack) and the Kubernetes HTTPRoutes (deploy/base/gateway.yaml) are both built from it;
 * deploy's tests fail if the two differ. Paths are forwarded unchanged.
 */
export type AppName =
  | 'shell'
  | 'mfe-marketing'
  | 'mfe-studio'
  | 'mfe-gallery'
  | 'mfe-docs'
  | 'svc-auth'
  | 'svc-media'
  | 'svc-generation';

export interface ServiceRoute {
  prefix: string;
  app: Extract<AppName, `svc-${string}`>;
}

export interface RemoteRoute {
  prefix: string;
  app: Extract<AppName, `mfe-${string}`>;
  /** The federation name the remote is built and loaded under. */
  scope: 'marketing' | 'studio' | 'gallery' | 'docs';
}

export const SERVICE_ROUTES: readonly ServiceRoute[] = [
  { prefix: '/api/auth', app: 'svc-auth' },
  { prefix: '/api/garments', app: 'svc-media' },
  { prefix: '/api/models', app: 'svc-media' },
  { prefix: '/api/generated-images', app: 'svc-media' },
  { prefix: '/api/media', app: 'svc-media' },
  { prefix: '/api/try-on', app: 'svc-generation' },
  // The one OpenAPI document of the public API (all three services), served by svc-auth.
  { prefix: '/api/openapi.json', app: 'svc-auth' },
];

/** Where the merged OpenAPI 3.1 document of the public API is served. */
export const PUBLIC_OPENAPI_PATH = '/api/openapi.json';

export const REMOTE_ROUTES: readonly RemoteRoute[] = [
  { prefix: '/mfe/marketing', app: 'mfe-marketing', scope: 'marketing' },
  { prefix: '/mfe/studio', app: 'mfe-studio', scope: 'studio' },
  { prefix: '/mfe/gallery', app: 'mfe-gallery', scope: 'gallery' },
  { prefix: '/mfe/docs', app: 'mfe-docs', scope: 'docs' },
];

/** Everything no other route claims goes to the shell, which falls back to index.html. */
export const FALLBACK_ROUTE = { prefix: '/', app: 'shell' } as const;

/** Health (readiness) path of each service, reachable through the gateway. */
export const SERVICE_HEALTH_PATHS = {
  'svc-auth': '/api/auth/health',
  'svc-media': '/api/media/health',
  'svc-generation': '/api/try-on/health',
} as const;

/** Liveness path of each service: answers while the process runs, whatever its dependencies do. */
export const SERVICE_LIVENESS_PATHS = {
  'svc-auth': '/api/auth/health/live',
  'svc-media': '/api/media/health/live',
  'svc-generation': '/api/try-on/health/live',
} as const;

/** OpenAPI UI and JSON of each service, reachable through the gateway. */
export const SERVICE_DOCS_PATHS = {
  'svc-auth': '/api/auth/docs',
  'svc-media': '/api/media/docs',
  'svc-generation': '/api/try-on/docs',
} as const;

/** Which app answers a path: the longest matching prefix wins. */
export function routeFor(path: string): AppName {
  const matches = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`);
  const all: { prefix: string; app: AppName }[] = [...SERVICE_ROUTES, ...REMOTE_ROUTES];
  const hit = all.filter((r) => matches(r.prefix)).sort((a, b) => b.prefix.length - a.prefix.length)[0];
  return hit ? hit.app : FALLBACK_ROUTE.app;
}
