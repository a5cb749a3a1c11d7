import type { GenerationConfig } from '../config/generation.config.js';

/**
 * A class a provider's variables are composed onto: svc-generation's own config, with the other
 * providers' variables already on it. Each provider folder has `with<Name>Config(Base)`, which adds
 * its variables with their defaults and rules; the registry composes every provider's (ProviderConfigs).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin's base takes any constructor arguments
export type ConfigClass = new (...args: any[]) => GenerationConfig;

/** What a provider is chosen for: garments (`tryOn`, VTON_PROVIDER) or products (`placement`, PLACEMENT_PROVIDER). */
export type ProviderUse = 'tryOn' | 'placement';
