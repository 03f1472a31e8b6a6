/**
 * A payout's story in the console (docs/decisions.md §27): its amounts and the rates they were
 * computed with, the account it goes to (masked until revealed with a reason, audited as an
 * employee's account is), its timeline (created, payment files, the bank's answers, paid or
 * failed, who did what), its events and their webhook deliveries, and its audit entries. Each
 * section is one read; nothing here reads another partner's data than the payout's own.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database, PayoutRow } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { parseId } from '../../ids.js';
import { revealReason, type AuditEntryPayload, type AuditService } from '../audit/index.js';
import type { BankFiles } from '../bank/index.js';
import type { EventPayload, EventService } from '../events/index.js';
import { can, requirePermission, type ConsoleOperator } from '../operators/index.js';
import type { PartnerService } from '../partners/index.js';
import { fromMinorUnits, payoutRowToPayload, type PayoutService } from '../payouts/index.js';
import type { Directory } from '../users/index.js';
import type { WebhookService } from '../webhooks/index.js';
import { employeeNamesOf, mask, REVEAL_SHOWN_MS, type Guarded } from './money.actions.js';

export interface PayoutStoryDeps {
  /** Only handed to the audit module's `record` (the console owns no table). */
  db: Kysely<Database>;
  clock: Clock;
  payouts: Pick<PayoutService, 'byId'>;
  files: Pick<BankFiles, 'attemptsOfPayout' | 'history'>;
  events: Pick<EventService, 'about'>;
  webhooks: Pick<WebhookService, 'deliveriesOf'>;
  directory: Pick<Directory, 'linkNames' | 'erased'>;
  partners: Pick<PartnerService, 'partnerNames'>;
  audit: Pick<AuditService, 'record' | 'list'>;
}

/** The account fields a payout carries (copied from the link when it was created) and the page can reveal. */
export const PAYOUT_REVEALABLE = ['bank_account_number', 'bank_iban_number'] as const;

/** The most events, deliveries and audit entries a payout's page lists (a payout has a handful). */
export const STORY_ROWS = 100;

/** One line of the payout's amounts: what it is, the amount, and how it was computed. */
export interface AmountLine {
  label: string;
  amount: string;
  how: string;
}

/** One moment of the timeline, oldest first. */
export interface TimelineEntry {
  at: string;
  what: string;
  /** Who or what did it: a partner's token, an operator, the bank, the system. */
  who: string;
  detail: string | null;
  /** A page that tells more (a payment file). */
  link: string | null;
}

export type WebhookDeliveryView = Awaited<ReturnType<WebhookService['deliveriesOf']>>[number];

const percent = (rate: string | undefined) =>
  rate === undefined ? '?' : `${(Number(rate) * 100).toFixed(3).replace(/\.?0+$/, '')} %`;

/** The rates stored with the payout (the ones the calculator applied), as `payroll.ts` names them. */
function ratesOf(row: PayoutRow): Record<string, string> {
  try {
    const parsed = JSON.parse(row.rates) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** The payout's amounts with the arithmetic of docs/decisions.md §9, from its stored rates. */
export function amountLines(row: PayoutRow): { lines: AmountLine[]; rates: Record<string, string> } {
  const r = ratesOf(row);
  const m = (minor: number) => fromMinorUnits(minor);
  let products: Array<{ quantity: string; price: string; description?: string }> = [];
  try {
    products = JSON.parse(row.products) as typeof products;
  } catch {
    products = [];
  }
  const productText = products.map((p) => `${p.quantity} × ${p.price}${p.description ? ` (${p.description})` : ''}`);
  const lines: AmountLine[] = [
    {
      label: 'Salary',
      amount: m(row.salary),
      how: productText.length ? `Σ quantity × price: ${productText.join(' + ')}` : 'Σ quantity × price',
    },
    { label: 'Vacation pay', amount: m(row.vacation), how: `salary × ${percent(r.vacationRate)}` },
    { label: 'Pension', amount: m(row.pension), how: `salary × ${percent(r.pensionRate)}` },
    {
      label: 'Tax withheld',
      amount: m(row.withholding_salary + row.withholding_vacation),
      how: `${percent(r.withholdingRate)} of salary and vacation pay${row.free_card_used > 0 ? `, after ${m(row.free_card_used)} under the tax-free card` : ''} (salary ${m(row.withholding_salary)}, vacation pay ${m(row.withholding_vacation)})`,
    },
    { label: 'Net salary', amount: m(row.net_salary), how: 'salary − its tax withheld' },
    { label: 'Net vacation pay', amount: m(row.net_vacation), how: 'vacation pay − its tax withheld' },
    { label: 'To pay out (net)', amount: m(row.net_salary + row.net_vacation), how: 'net salary + net vacation pay' },
    {
      label: "Employer's contribution",
      amount: m(row.employer_contribution),
      how: `(salary + vacation pay) × ${percent(r.employerContributionRate)}`,
    },
    {
      label: 'Service fee',
      amount: m(row.service_fee),
      how: `(salary + vacation pay + pension + employer's contribution) × ${percent(r.feeRate)}, the partner's rate`,
    },
    {
      label: 'Invoiced excl. VAT',
      amount: m(row.invoice_excl),
      how: 'salary + vacation pay + pension + contribution + fee',
    },
    { label: 'VAT', amount: m(row.vat), how: `invoiced excl. VAT × ${percent(r.vatRate)}` },
    { label: 'Invoiced incl. VAT', amount: m(row.invoice_incl), how: 'invoiced excl. VAT + VAT' },
  ];
  return { lines, rates: r };
}

/** Who an audit entry's actor is, in words. */
const actorText = (entry: AuditEntryPayload) => entry.actor.label || entry.actor.type;

/** The audit actions that are the payout's own moves, in words. */
const MOVE_WORDS: Record<string, string> = {
  'payout.paid': 'Paid',
  'payout.failed': 'Failed',
  'payout.cancelled': 'Cancelled',
  'payout.processing': 'Sent to the bank (processing)',
  'payout.retried': 'Pending again (retried, or its payment file was voided)',
  'pii.revealed': 'Account revealed to an operator',
};

function timelineOf(
  row: PayoutRow,
  audit: AuditEntryPayload[],
  created: AuditEntryPayload | undefined,
  attempts: Awaited<ReturnType<BankFiles['attemptsOfPayout']>>,
  history: Awaited<ReturnType<BankFiles['history']>>,
): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  entries.push({
    at: row.created_at,
    what: 'Created',
    who: created ? actorText(created) : `partner ${row.partner_id}`,
    detail: `on invoice ${row.invoice_id}${created?.request_id ? `, request ${created.request_id}` : ''}`,
    link: `/console/invoices/${row.invoice_id}`,
  });
  for (const a of attempts)
    entries.push({
      at: a.created_at,
      what: `In payment file ${a.file_id}${a.status === 'voided' ? ' (voided since)' : ''}`,
      who: 'operator export',
      detail: `trace id ${a.trace_id}, message ${a.message_id}`,
      link: `/console/bank/files/${a.file_id}`,
    });
  for (const h of history)
    entries.push({
      at: h.recorded_at,
      what: `The bank said ${h.bank_status}: ${h.outcome}`,
      who: `bank report ${h.report_message_id ?? ''}`.trim(),
      detail: [h.code, h.text, h.date ? `on ${h.date}` : null].filter(Boolean).join(' · ') || null,
      link: null,
    });
  for (const e of audit)
    entries.push({
      at: e.at,
      what: MOVE_WORDS[e.action] ?? e.action,
      who: actorText(e),
      detail: [e.fields.length ? `fields ${e.fields.join(', ')}` : null, e.reason].filter(Boolean).join(' · ') || null,
      link: null,
    });
  if (row.status === 'paid' && row.paid_at)
    entries.push({ at: row.paid_at, what: 'Paid', who: 'status now', detail: null, link: null });
  if (row.status === 'failed')
    entries.push({
      at: row.updated_at,
      what: 'Failed',
      who: 'status now',
      detail: [row.failure_code, row.failure_message].filter(Boolean).join(': ') || null,
      link: null,
    });
  // Stable: entries at the same moment keep the order above (created, file, bank, moves, outcome).
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.at.localeCompare(b.e.at) || a.i - b.i)
    .map(({ e }) => e);
}

export function createPayoutStoryActions(deps: PayoutStoryDeps) {
  async function payoutOf(rawId: string): Promise<PayoutRow> {
    const id = parseId(rawId);
    if (id === null) throw new AppError('payout_not_found', `There is no payout ${rawId}.`);
    try {
      return await deps.payouts.byId(id);
    } catch (error) {
      if (error instanceof AppError && error.code === 'payout_not_found')
        throw new AppError('payout_not_found', `There is no payout ${rawId}.`);
      throw error;
    }
  }

  /** The account fields this operator revealed on this payout in the last few minutes (the reveal's own audit entry). */
  async function revealedBy(operator: ConsoleOperator, payoutId: number): Promise<Set<string>> {
    if (!can(operator.role, 'reveal_personal_data')) return new Set();
    const since = new Date(deps.clock.now().getTime() - REVEAL_SHOWN_MS).toISOString();
    const entries = await deps.audit.list({
      object: `payout:${payoutId}`,
      actor: `operator:${operator.id}`,
      action: 'pii.revealed',
      since,
      limit: 100,
    });
    return new Set(entries.flatMap((entry) => entry.fields));
  }

  return {
    /** Everything the payout's page shows; 404 for a payout that does not exist. */
    async story(operator: ConsoleOperator, rawId: string) {
      requirePermission(operator, 'view');
      const row = await payoutOf(rawId);
      // The batch that created it is an event (and an audit entry) about its invoice.
      const subjects = [
        { type: 'invoice' as const, id: String(row.invoice_id) },
        { type: 'payout' as const, id: String(row.id) },
      ];
      const [attempts, history, events, audit, created, partnerNames, employeeNames, revealed] = await Promise.all([
        deps.files.attemptsOfPayout(row.id),
        deps.files.history(row.id),
        deps.events.about(row.partner_id, subjects, STORY_ROWS),
        deps.audit.list({ object: `payout:${row.id}`, limit: STORY_ROWS }),
        deps.audit.list({ object: `invoice:${row.invoice_id}`, action: 'payout.batch.created', limit: 1 }),
        deps.partners.partnerNames([row.partner_id]),
        employeeNamesOf(deps.directory, [{ partnerId: row.partner_id, userId: row.user_id }]),
        revealedBy(operator, row.id),
      ]);
      const deliveries: WebhookDeliveryView[] = await deps.webhooks.deliveriesOf(
        row.partner_id,
        events.map((e: EventPayload) => e.id),
      );
      const guard = (field: (typeof PAYOUT_REVEALABLE)[number], value: string | null): Guarded | null => {
        if (value === null || value === '') return null;
        const shown = revealed.has(field);
        return { field, partnerId: row.partner_id, value: shown ? value : (mask(value) as string), revealed: shown };
      };
      const auditOldestFirst = [...audit].reverse();
      return {
        payout: payoutRowToPayload(row),
        partnerId: row.partner_id,
        partnerName: partnerNames.get(row.partner_id) ?? `partner ${row.partner_id}`,
        employeeName: employeeNames.get(`${row.partner_id}:${row.user_id}`) || `Employee ${row.user_id}`,
        /** The failure as stored (decrypted by the repository), whatever the status now. */
        failure:
          row.failure_code || row.failure_message ? { code: row.failure_code, message: row.failure_message } : null,
        amounts: amountLines(row),
        account: {
          account: guard('bank_account_number', row.bank_account_number),
          iban: guard('bank_iban_number', row.bank_iban_number),
          bic: row.bank_bic_number,
        },
        timeline: timelineOf(row, auditOldestFirst, created[0], attempts, history),
        attempts,
        history,
        events,
        deliveries,
        audit,
      };
    },

    /** Reveals the payout's account to this operator: operator or admin, with a reason; audited as `pii.revealed` on the payout. */
    async reveal(operator: ConsoleOperator, rawId: string, input: { field: string; reason: string }): Promise<void> {
      requirePermission(operator, 'reveal_personal_data');
      const reason = revealReason(input.reason);
      if (!(PAYOUT_REVEALABLE as readonly string[]).includes(input.field))
        throw AppError.field('field', 'Choose a value to reveal.');
      const row = await payoutOf(rawId);
      await deps.audit.record(deps.db, {
        action: 'pii.revealed',
        object: { type: 'payout', id: row.id },
        partnerId: row.partner_id,
        fields: [input.field],
        reason,
      });
    },
  };
}

export type PayoutStoryActions = ReturnType<typeof createPayoutStoryActions>;
