/**
 * The privacy module: the person's rights, export and erasure (docs/data-protection.md, "Export
 * and erasure"). It owns no table: every module that stores something about a person offers its
 * part through its own door (`rights`), and this module puts them together in one document or one
 * transaction. Operators only: the command line and the console's admin role.
 */
import { createErasure } from './erasure.service.js';
import { createPersonExport } from './export.service.js';
import type { PrivacyDeps } from './privacy.deps.js';

export function createPrivacyModule(deps: PrivacyDeps) {
  return { ...createPersonExport(deps), ...createErasure(deps) };
}

export type PrivacyService = ReturnType<typeof createPrivacyModule>;
export type { PrivacyDeps } from './privacy.deps.js';
export { erasureReason, type ErasureResult, type ErasureReview } from './erasure.service.js';
export type { PersonExport } from './export.service.js';
