import type { RemoteRoute } from './routes.js';

/**
 * The runtime configuration the shell fetches from /config/remotes.json. Entries are
 * same-origin paths, so one build runs behind any host; a team rolls out a new remote
 * version by changing only its entry (in Kubernetes, the shell's ConfigMap).
 */
export interface RemotesConfig {
  remotes: { name: RemoteRoute['scope']; entry: string }[];
}

export const REMOTES_CONFIG_PATH = '/config/remotes.json';
