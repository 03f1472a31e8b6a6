import type { Config } from '../../../config.js';
import type { VerificationProvider } from '../../../db/database.js';
import { createDocProvider } from './doc.js';
import { createEidProvider } from './eid.js';
import { createSandboxProvider } from './sandbox.js';
import type { ProviderAdapter } from './types.js';

/**
 * The adapters this environment can use: a configured real provider always wins (sandbox and
 * live); in sandbox an unconfigured provider is simulated by the service's own page; in live it is
 * unavailable.
 */
export function createProviderAdapters(
  config: Config,
  sandboxPageUrl: (startToken: string) => string,
): Map<VerificationProvider, ProviderAdapter> {
  const adapters = new Map<VerificationProvider, ProviderAdapter>();
  if (config.eid) adapters.set('provider_eid', createEidProvider(config.eid));
  if (config.docVendor) adapters.set('provider_doc', createDocProvider(config.docVendor));
  for (const provider of ['provider_eid', 'provider_doc'] as const) {
    if (!adapters.has(provider) && config.env === 'sandbox')
      adapters.set(provider, createSandboxProvider(provider, sandboxPageUrl));
  }
  return adapters;
}
