import type { Config } from '../../../config.js';
import type { VerificationProvider } from '../../../db/database.js';
import { createSandboxProvider } from './sandbox.js';
import type { ProviderAdapter } from './types.js';

/**
 * The adapters this environment can use: a configured real provider always wins; in sandbox an
 * unconfigured provider is simulated by the service's own page; in live it is unavailable.
 */
export function createProviderAdapters(config: Config, sandboxPageUrl: (startToken: string) => string): Map<VerificationProvider, ProviderAdapter> {
  const adapters = new Map<VerificationProvider, ProviderAdapter>();
  for (const provider of ['provider_eid', 'provider_doc'] as const) {
    if (config.env === 'sandbox') adapters.set(provider, createSandboxProvider(provider, sandboxPageUrl));
  }
  return adapters;
}
