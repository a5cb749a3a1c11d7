// Run by `npm start` (packages/local-stack/src/providers.mjs) with svc-generation's environment, after
// the build: prints the start banner's two lines as JSON — the try-on provider and the placement engine,
// each with where it sends work as its folder describes it from the validated config (never a key). A
// child process, so npm start's own process never loads the service's libraries.
import 'reflect-metadata';
import { loadConfig } from '@vton/service-kit';
import { ProviderConfigs, providerSummary } from './registry.js';

try {
  const config = loadConfig(ProviderConfigs);
  process.stdout.write(`${JSON.stringify({ tryOn: providerSummary(config, 'tryOn'), placement: providerSummary(config, 'placement') })}\n`);
} catch (error) {
  // The configuration's message alone (it names variables, never their values), for npm start to show.
  process.stderr.write(`${(error as Error).message}\n`);
  process.exitCode = 1;
}
