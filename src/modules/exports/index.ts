/**
 * The partner API's exports (docs/decisions.md §21): `GET /users/export` and `GET /payouts/export`
 * stream every row of the lists, as NDJSON or CSV, and audit each export. The rows come from the
 * users and payouts modules' own export reads (the lists' mapping); this module owns no table.
 */
import { exportRoutes, type ExportsModuleDeps } from './exports.routes.js';

export type { ExportsModuleDeps, ExportTuning } from './exports.routes.js';

export function createExportsModule(deps: ExportsModuleDeps) {
  return { routes: exportRoutes(deps) };
}
