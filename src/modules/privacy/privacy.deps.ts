import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/database.js';
import type { FlushOptions } from '../../db/erasure.js';
import type { AuditService } from '../audit/index.js';
import type { BankRights } from '../bank/index.js';
import type { EventRights, EventService } from '../events/index.js';
import type { LoginLinkRights } from '../login-links/index.js';
import type { MailRights } from '../mail/index.js';
import type { PartnerService } from '../partners/index.js';
import type { PayoutRights } from '../payouts/index.js';
import type { PortalRights } from '../portal/index.js';
import type { PersonRights } from '../users/index.js';
import type { SessionRights } from '../verification/index.js';
import type { WebhookRights } from '../webhooks/index.js';

/** Each owning module's part of the person's rights: the privacy module holds no table of its own. */
export interface PrivacyDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** Live erasures wait for the `user.erased` notice to partners to run out (LIVE_ERASURE_FROM). */
  environment: 'sandbox' | 'live';
  people: PersonRights;
  sessions: SessionRights;
  payouts: PayoutRights;
  bank: BankRights;
  loginLinks: LoginLinkRights;
  portal: PortalRights;
  mail: MailRights;
  events: Pick<EventService, 'emit'>;
  eventRights: EventRights;
  webhooks: WebhookRights;
  audit: Pick<AuditService, 'record' | 'list'>;
  partners: Pick<PartnerService, 'partnerNames'>;
  /** Options for the SQLite checkpoint after an erasure (tests make its waits instant). */
  flush?: FlushOptions;
}
