import type { Clock } from '../../clock.js';
import type { Outbox } from '../mail/index.js';
import { requirePermission, type ConsoleOperator } from '../operators/index.js';
import type { PayoutService } from '../payouts/index.js';
import type { ReturnUrlService, SessionService } from '../verification/index.js';
import type { WebhookService } from '../webhooks/index.js';
import { createAdminActions, type AdminActionsDeps } from './admin.actions.js';
import { createInvoiceActions, type InvoiceActionsDeps } from './invoices.actions.js';
import { createMoneyActions, type MoneyActionsDeps } from './money.actions.js';
import { createBankActions, type BankActionsDeps } from './bank.actions.js';
import { createExportActions } from './exports.actions.js';
import { createMailHistoryActions, type MailHistoryDeps } from './mail-history.actions.js';
import { createStuckActions, type StuckActionsDeps } from './stuck.actions.js';
import { createPrivacyActions, type PrivacyActionsDeps } from './privacy.actions.js';
import { createWebhookActions, type WebhookActionsDeps } from './webhooks.actions.js';
import { createPayoutStoryActions, type PayoutStoryDeps } from './payout-story.actions.js';
import { createPartnerPageActions, type PartnerPageDeps } from './partner-page.actions.js';

export interface ConsoleServiceDeps {
  clock: Clock;
  returnUrls: Pick<ReturnUrlService, 'count'>;
  payouts: Pick<PayoutService, 'pendingByDueDate'>;
  sessions: Pick<SessionService, 'countInState'>;
  outbox: Pick<Outbox, 'counts'>;
  webhooks: Pick<WebhookService, 'failingCounts'>;
  /** Partners, tokens, return URLs, terms, the audit log and mail (admin.actions.ts). */
  admin: AdminActionsDeps;
  /** Employees, payouts and invoices (money.actions.ts). */
  money: MoneyActionsDeps;
  /** Invoice PDFs and the partners' invoice details (invoices.actions.ts). */
  invoices: InvoiceActionsDeps;
  /** Payment files (bank.actions.ts). */
  bank: BankActionsDeps;
  /** The mail and login links sent to one person (mail-history.actions.ts). */
  mailHistory: MailHistoryDeps;
  /** What is stuck (stuck.actions.ts). */
  stuck: StuckActionsDeps;
  /** A person's erasure (privacy.actions.ts). */
  privacy: PrivacyActionsDeps['privacy'];
  /** Partners' webhook endpoints and deliveries (webhooks.actions.ts). */
  webhookConsole: WebhookActionsDeps;
  /** A payout's story (payout-story.actions.ts). */
  story: PayoutStoryDeps;
  /** A partner's payouts by month and request log (partner-page.actions.ts). */
  partnerPage: PartnerPageDeps;
}

export interface Dashboard {
  /** The day the "today" cards count (UTC, YYYY-MM-DD): their lists filter by it. */
  today: string;
  returnUrlsAwaiting: number;
  payoutsPending: Array<{ due_date: string; count: number; net: string }>;
  verificationErrorsToday: number;
  /** People whose partners' verifications confirmed different identities (docs/decisions.md §14). */
  identitiesToReview: number;
  /** Failed payouts: the bank rejected or returned them, or an operator marked them failed. */
  payoutsFailed: { count: number; net: string };
  /** Payouts in payment files the bank has not answered for yet. */
  payoutsAtTheBank: { count: number; net: string };
  mail: { pending: number; retrying: number; failed: number; sent: number };
  /** Webhook endpoints whose deliveries fail now, and those disabled after failing for 5 days. */
  webhooks: { failing: number; disabled: number };
}

/**
 * What the console does, with the role check in front of each action: a form posted by a role
 * that may not do it is refused here (403), whatever the page showed.
 */
export function createConsoleService(deps: ConsoleServiceDeps) {
  return {
    money: createMoneyActions(deps.money),
    invoices: createInvoiceActions(deps.invoices),
    exports: createExportActions(deps.money),
    bank: createBankActions(deps.bank),
    privacy: createPrivacyActions({ privacy: deps.privacy }),
    webhooks: createWebhookActions(deps.webhookConsole),
    story: createPayoutStoryActions(deps.story),
    stuck: createStuckActions(deps.stuck),
    mailHistory: createMailHistoryActions(deps.mailHistory),
    partnerPage: createPartnerPageActions(deps.partnerPage),

    async dashboard(operator: ConsoleOperator): Promise<Dashboard> {
      requirePermission(operator, 'view');
      const startOfDay = `${deps.clock.now().toISOString().slice(0, 10)}T00:00:00.000Z`;
      const [
        returnUrlsAwaiting,
        payoutsPending,
        verificationErrorsToday,
        mail,
        failed,
        webhooks,
        identitiesToReview,
        processing,
      ] = await Promise.all([
        deps.returnUrls.count('pending'),
        deps.payouts.pendingByDueDate(),
        // The same count as the list the card links to (stuck.actions.ts, docs/decisions.md §28).
        deps.sessions.countInState({ status: 'error', changedFrom: startOfDay }),
        deps.outbox.counts(),
        deps.money.operations.totals({ status: 'failed' }),
        deps.webhooks.failingCounts(),
        deps.money.directory.countIdentityReviews(),
        deps.money.operations.totals({ status: 'processing' }),
      ]);
      const payoutsFailed = { count: failed.count, net: failed.net };
      return {
        today: startOfDay.slice(0, 10),
        returnUrlsAwaiting,
        payoutsPending,
        verificationErrorsToday,
        identitiesToReview,
        mail,
        payoutsFailed,
        payoutsAtTheBank: { count: processing.count, net: processing.net },
        webhooks,
      };
    },
    admin: createAdminActions(deps.admin),
  };
}

export type ConsoleService = ReturnType<typeof createConsoleService>;
