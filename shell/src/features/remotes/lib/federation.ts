import type { ComponentType } from 'react';
import { createInstance, getInstance, type ModuleFederation } from '@module-federation/enhanced/runtime';
import { REMOTE_ROUTES, REMOTES_CONFIG_PATH, type RemotesConfig } from '@vton/contracts';
import type { RemoteComponentModule } from '@vton/shell-sdk';

export type RemoteScope = RemotesConfig['remotes'][number]['name'];
export type ExposedModule = './App' | './NotFound';

/** Same-origin entries, as shipped in public/config/remotes.json; used if that file cannot be read. */
const DEFAULT_REMOTES: RemotesConfig = {
  remotes: REMOTE_ROUTES.map((route) => ({ name: route.scope, entry: `${route.prefix}/remoteEntry.js` })),
};

const entries = new Map<string, string>();
let federation: ModuleFederation | null = null;
let started: Promise<void> | null = null;

// The build plugin already created the shell's federation instance; reuse it so the shared
// singletons it negotiated are the ones remotes get.
function instance(): ModuleFederation {
  federation ??= getInstance() ?? createInstance({ name: 'shell', remotes: [] });
  return federation;
}

async function fetchRemotesConfig(): Promise<RemotesConfig> {
  try {
    const response = await fetch(REMOTES_CONFIG_PATH, { cache: 'no-cache' });
    if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
    const config = (await response.json()) as RemotesConfig;
    if (!Array.isArray(config.remotes)) throw new Error('no "remotes" list');
    return config;
  } catch (error) {
    console.warn(`Could not read ${REMOTES_CONFIG_PATH}; using the default same-origin remotes.`, error);
    return DEFAULT_REMOTES;
  }
}

/** Reads the runtime remotes configuration once and registers every remote. */
export function startRemotes(): Promise<void> {
  started ??= fetchRemotesConfig().then((config) => {
    for (const remote of config.remotes) entries.set(remote.name, remote.entry);
    instance().registerRemotes(config.remotes.map(({ name, entry }) => ({ name, entry })));
  });
  return started;
}

/**
 * Loads an exposed component. The runtime remembers a failed entry, so a retry (`fresh`)
 * re-registers the remote with `force`, which drops that memory and loads the entry again.
 */
export async function loadRemoteComponent(
  scope: RemoteScope,
  module: ExposedModule,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<ComponentType> {
  await startRemotes();
  const mf = instance();
  const entry = entries.get(scope);
  if (!entry) throw new Error(`No entry configured for remote "${scope}"`);
  if (fresh) mf.registerRemotes([{ name: scope, entry }], { force: true });
  const loaded = await mf.loadRemote<RemoteComponentModule>(`${scope}/${module.slice(2)}`);
  if (!loaded || typeof loaded.default !== 'function') {
    throw new Error(`Remote "${scope}" did not provide ${module}`);
  }
  return loaded.default;
}
