/**
 * The partner API's exports (docs/decisions.md §20): `GET /users/export` and `GET /payouts/export`
 * stream every row of the lists, as NDJSON or CSV, and audit each export. The rows come from the
 * users and payouts modules' own export reads (the lists' mapping); this module owns no table.
 */
import type { AuditService } from '../audit/index.js';
import type { PayoutService } from '../payouts/index.js';
import type { UserService } from '../users/index.js';
import { exportRoutes } from './exports.routes.js';

/** Test seam: rows per read (EXPORT_CHUNK_ROWS without it), and a call after each chunk read. */
export interface ExportTuning {
  chunkRows?: number;
  afterChunk?: (rowsSoFar: number) => void | Promise<void>;
}

export interface ExportsModuleDeps {
  users: Pick<UserService, 'exportChunks'>;
  payouts: Pick<PayoutService, 'exportChunks'>;
  audit: Pick<AuditService, 'recordExport'>;
  tuning?: ExportTuning;
}

export function createExportsModule(deps: ExportsModuleDeps) {
  return { routes: exportRoutes(deps) };
}
