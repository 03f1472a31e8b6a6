import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/database.js';
import type { Idempotency } from '../../platform/idempotency.js';
import type { TermsService } from '../terms/terms.service.js';
import { createPayoutBatchService } from './payout-batch.service.js';
import { payoutRoutes } from './payouts.routes.js';
import { createPayoutService } from './payouts.service.js';

export interface PayoutsModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  idempotency: Pick<Idempotency, 'reserve'>;
  terms: Pick<TermsService, 'current'>;
  publicBaseUrl: string;
  afterChunk?: (insertedSoFar: number) => void;
}

export function createPayoutsModule(deps: PayoutsModuleDeps) {
  const batches = createPayoutBatchService(deps);
  const payouts = createPayoutService(deps);
  return { batches, payouts, routes: payoutRoutes({ batches, payouts, publicBaseUrl: deps.publicBaseUrl }) };
}

export type PayoutsModule = ReturnType<typeof createPayoutsModule>;
