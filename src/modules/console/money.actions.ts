/**
 * The console's money side: employees (search, detail with personal data masked until revealed
 * with a reason, tax facts), payouts (filtered lists, bulk moves all or nothing) and invoices. Each
 * action checks the operator's role first (docs/decisions.md §18); the work is done by the owning
 * modules' doors, the same ones the command line calls, so both behave and audit alike.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database, PayoutRow, PayoutStatus } from '../../db/database.js';
import type { ListOrder } from '../../db/list-order.js';
import { AppError } from '../../errors.js';
import { parseId } from '../../ids.js';
import { revealReason, type AuditService } from '../audit/index.js';
import { can, requirePermission, type ConsoleOperator } from '../operators/index.js';
import type { PartnerService } from '../partners/index.js';
import {
  PAYOUT_STATUSES,
  TRANSITIONS,
  type OperationsFilter,
  type PayoutMove,
  type PayoutOperations,
  type PayoutService,
} from '../payouts/index.js';
import {
  distinctVerifiedIdentities,
  type Directory,
  type Employees,
  type Onboarding,
  type TaxInput,
  type TaxService,
} from '../users/index.js';
import type { SessionService } from '../verification/index.js';
import {
  checkRange,
  choiceFilter,
  dateFilter,
  type FilterText,
  idFilter,
  orderFilter,
  pageFilter,
  readFilters,
  textFilter,
} from './filters.js';

export interface MoneyActionsDeps {
  /** Only handed to the audit module's `record` (the console owns no table). */
  db: Kysely<Database>;
  clock: Clock;
  operations: PayoutOperations;
  payouts: Pick<PayoutService, 'ofEmployee'>;
  directory: Pick<
    Directory,
    'search' | 'linkNames' | 'erased' | 'identityReviews' | 'countIdentityReviews' | 'exportChunks'
  >;
  employees: Pick<Employees, 'personView'>;
  tax: Pick<TaxService, 'setTax'>;
  sessions: Pick<SessionService, 'ofUser'>;
  partners: Pick<PartnerService, 'partnerNames' | 'listPartners'>;
  audit: Pick<AuditService, 'record' | 'list' | 'recordExport'>;
  /** Test seam: rows per read of the CSV downloads (EXPORT_CHUNK_ROWS without it). */
  exportChunkRows?: number;
}

/** Personal data the console masks until an operator reveals it: per link the registered identity, the identity that partner's verification confirmed, and the bank account. */
export const REVEALABLE = [
  'identification',
  'verified_identification',
  'bank_account_number',
  'bank_iban_number',
] as const;
export type Revealable = (typeof REVEALABLE)[number];

/** How long a reveal stays shown to the operator who made it (then it is masked again; revealing again is audited again). */
export const REVEAL_SHOWN_MS = 5 * 60_000;

/**
 * Seven bullets and the last 4 characters: `•••••••8903`, whatever the value's length (the length
 * would tell an identity number from an account number or an IBAN's country). A value of 4
 * characters or fewer shows none of them.
 */
export function mask(value: string | null): string | null {
  if (value === null || value === '') return value;
  return '•••••••' + (value.length > 4 ? value.slice(-4) : '');
}

/** A personal value as a page may show it: masked, or revealed (with when and why). */
export interface Guarded {
  field: Revealable;
  /** null: the person's own (verified) value; else the partner whose link holds it. */
  partnerId: number | null;
  value: string;
  revealed: boolean;
}

export interface EmployeeLinkView {
  partnerId: number;
  partnerName: string;
  internalId: number | null;
  name: string;
  phone: string | null;
  address: string | null;
  note: string | null;
  createdAt: string;
  onboarding: Onboarding;
  identification: Guarded | null;
  /** What this partner's own verification confirmed (docs/decisions.md §14), when it ran one. */
  verified: { at: string; name: string | null; identification: Guarded | null; country: string | null } | null;
  bankAccount: Guarded | null;
  iban: Guarded | null;
  bic: string | null;
}

export interface EmployeeView {
  id: number;
  /** Empty once the person was erased. */
  email: string;
  /** When the person was erased (docs/data-protection.md): nothing personal is left, the payouts stay. */
  erasedAt: string | null;
  emailVerifiedAt: string | null;
  /** How many different identities the partners' verifications confirmed: more than one is for review. */
  verifiedIdentities: number;
  tax: { percent: string | null; type: string; table: string; start: string; freeCard: string };
  links: EmployeeLinkView[];
  sessions: Awaited<ReturnType<SessionService['ofUser']>>;
  payouts: PayoutRow[];
  partnerNames: Map<number, string>;
}

const PER_PAGE = 50;
/** The page sizes the payouts and employees lists offer (docs/decisions.md §29, "Tables"). */
export const PAGE_SIZES = [25, 50, 100] as const;
const sizeOf = (perPage: number | undefined) =>
  perPage !== undefined && (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : PER_PAGE;
const offsetOf = (page: number, perPage = PER_PAGE) => (Math.max(1, Math.min(page, 1_000_000)) - 1) * perPage;

/**
 * The orders each list offers (`sort`; a leading minus is descending), the first its default: only
 * orders an index serves, whatever the filter (docs/decisions.md §29, "Tables").
 */
export const PAYOUT_ORDERS = ['-id', 'id'] as const;
export const INVOICE_ORDERS = ['-id', 'id', 'due_date', '-due_date', 'amount', '-amount'] as const;
export const EMPLOYEE_ORDERS = ['-id', 'id'] as const;

/** The payouts list's filter fields (`due` sets both ends of the due range). */
const PAYOUT_FILTERS = {
  status: choiceFilter('Status', PAYOUT_STATUSES),
  partner: idFilter('Partner', 'partner id'),
  due: dateFilter('Due'),
  due_from: dateFilter('Due from'),
  due_to: dateFilter('Due to'),
  invoice: idFilter('Invoice', 'invoice number'),
  page: pageFilter,
  sort: orderFilter(PAYOUT_ORDERS, '-id'),
};

/**
 * The payouts list's filter and page, read from their text: an unreadable field is a 422 naming it,
 * never dropped (dropped, it would widen the list and "select all matching" with it).
 */
export function readPayoutFilter(text: FilterText): { filter: OperationsFilter; page: number; order: ListOrder<'id'> } {
  const read = readFilters(PAYOUT_FILTERS, text);
  const dueFrom = read.due ?? read.due_from;
  const dueTo = read.due ?? read.due_to;
  checkRange(
    { name: 'due_from', label: 'Due from', value: dueFrom },
    { name: 'due_to', label: 'Due to', value: dueTo },
  );
  return {
    filter: { status: read.status, partnerId: read.partner, dueFrom, dueTo, invoiceId: read.invoice },
    page: read.page,
    order: read.sort,
  };
}

/** Selected payout ids as the form sent them: every one readable, or a 422 naming those that are not. */
function readPayoutIds(texts: readonly string[]): number[] {
  const rule = idFilter('Payout', 'payout number');
  const ids: number[] = [];
  const problems: string[] = [];
  for (const text of texts) {
    const read = rule.read(text.trim());
    if ('problem' in read) problems.push(`${rule.label}: ${read.problem}`);
    else if (read.value !== undefined) ids.push(read.value);
  }
  if (problems.length > 0)
    throw AppError.fields({
      id: problems.length > 5 ? [...problems.slice(0, 5), `and ${problems.length - 5} more.`] : problems,
    });
  return ids;
}

export function userIdOf(raw: string): number {
  const id = parseId(raw);
  if (id === null) throw new AppError('user_not_found', `There is no employee ${raw}.`);
  return id;
}

const MOVE_MISSING = 'Choose what to do with the selected payouts.';

/** How the payout lists name a person who was erased (their payouts stay, their name does not). */
export const ERASED_NAME = 'Erased employee';

/** The name each paying partner entered, keyed `partnerId:userId`; an erased person is named as such. */
export async function employeeNamesOf(
  directory: Pick<Directory, 'linkNames' | 'erased'>,
  rows: ReadonlyArray<{ partnerId: number; userId: number }>,
) {
  const userIds = rows.map((r) => r.userId);
  const [names, erased] = await Promise.all([directory.linkNames(userIds), directory.erased(userIds)]);
  for (const row of rows) if (erased.has(row.userId)) names.set(`${row.partnerId}:${row.userId}`, ERASED_NAME);
  return names;
}

export function createMoneyActions(deps: MoneyActionsDeps) {
  const key = (field: string, partnerId: number | null) => `${partnerId ?? 'person'}:${field}`;
  const namesOf = (rows: ReadonlyArray<{ partnerId: number; userId: number }>) => employeeNamesOf(deps.directory, rows);

  /** What this operator revealed of this person in the last few minutes (from the audit log: the reveal's own record). */
  async function revealedBy(operator: ConsoleOperator, userId: number): Promise<Set<string>> {
    const since = new Date(deps.clock.now().getTime() - REVEAL_SHOWN_MS).toISOString();
    const entries = await deps.audit.list({
      object: `user:${userId}`,
      actor: `operator:${operator.id}`,
      action: 'pii.revealed',
      since,
      limit: 100,
    });
    return new Set(entries.flatMap((entry) => entry.fields.map((field) => key(field, entry.partner_id))));
  }

  return {
    perPage: PER_PAGE,

    /** Whether a payout in this status can make this move (the pages warn before the action refuses). */
    canMove: (status: PayoutStatus, to: PayoutMove) => TRANSITIONS[to].includes(status),

    /** People matching the search `q` (e-mail, name, phone or internal id), a page (`page`) at a time, in the order `sort`. */
    async searchEmployees(operator: ConsoleOperator, query: FilterText, pageSize?: number) {
      requirePermission(operator, 'view');
      const { q, page, sort } = readFilters(
        { q: textFilter('Search', 200), page: pageFilter, sort: orderFilter(EMPLOYEE_ORDERS, '-id') },
        query,
      );
      const perPage = sizeOf(pageSize);
      const found = await deps.directory.search(q ?? '', perPage, offsetOf(page, perPage), sort);
      const names = await deps.partners.partnerNames(found.people.flatMap((p) => p.links.map((l) => l.partnerId)));
      return { ...found, page, perPage, partnerNames: names };
    },

    /** People whose partners' verifications confirmed different identities (docs/decisions.md §14). */
    async identityReviews(operator: ConsoleOperator, query: FilterText) {
      requirePermission(operator, 'view');
      const { page } = readFilters({ page: pageFilter }, query);
      const found = await deps.directory.identityReviews(PER_PAGE, offsetOf(page));
      const names = await deps.partners.partnerNames(found.people.flatMap((p) => p.links.map((l) => l.partnerId)));
      return { ...found, page, partnerNames: names };
    },

    /** One person with every partner's link; personal numbers masked unless this operator just revealed them. */
    async employee(operator: ConsoleOperator, rawId: string): Promise<EmployeeView> {
      requirePermission(operator, 'view');
      const userId = userIdOf(rawId);
      const person = await deps.employees.personView(userId);
      if (!person) throw new AppError('user_not_found', `There is no employee ${rawId}.`);
      const [revealed, sessions, payouts] = await Promise.all([
        // A role that may not reveal sees nothing revealed, even what it revealed before a downgrade.
        can(operator.role, 'reveal_personal_data') ? revealedBy(operator, userId) : new Set<string>(),
        deps.sessions.ofUser(userId, 20),
        deps.payouts.ofEmployee(userId, null, 50),
      ]);
      const guard = (field: Revealable, partnerId: number | null, value: string | null): Guarded | null => {
        if (value === null || value === '') return null;
        const shown = revealed.has(key(field, partnerId));
        return { field, partnerId, value: shown ? value : (mask(value) as string), revealed: shown };
      };
      const partnerNames = await deps.partners.partnerNames([
        ...person.links.map((l) => l.link.partner_id),
        ...payouts.map((p) => p.partner_id),
        ...sessions.map((s) => s.partner_id),
      ]);
      const { user } = person;
      return {
        id: user.id,
        email: user.erased_at ? '' : user.email,
        erasedAt: user.erased_at,
        emailVerifiedAt: user.email_verified_at,
        verifiedIdentities: distinctVerifiedIdentities(person.links.map((l) => l.link)),
        tax: {
          percent: user.tax_percent,
          type: user.tax_type ?? '',
          table: user.tax_table ?? '',
          start: user.tax_start ?? '',
          freeCard: user.tax_free_card ?? '',
        },
        links: person.links.map(({ link, onboarding }) => ({
          partnerId: link.partner_id,
          partnerName: partnerNames.get(link.partner_id) ?? `partner ${link.partner_id}`,
          internalId: link.internal_id,
          name: [link.first_name, link.last_name].filter(Boolean).join(' '),
          phone: link.phone ? `${link.dial_code ?? ''} ${link.phone}`.trim() : null,
          address:
            [link.address, [link.postal_code, link.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') || null,
          note: link.note,
          createdAt: link.created_at,
          onboarding,
          identification: guard('identification', link.partner_id, link.identification),
          verified: link.identity_verified_at
            ? {
                at: link.identity_verified_at,
                name: link.verified_name,
                identification: guard('verified_identification', link.partner_id, link.verified_identification),
                country: link.verified_country_code,
              }
            : null,
          bankAccount: guard('bank_account_number', link.partner_id, link.bank_account_number),
          iban: guard('bank_iban_number', link.partner_id, link.bank_iban_number),
          bic: link.bank_bic_number,
        })),
        sessions,
        payouts,
        partnerNames,
      };
    },

    /** Reveals one personal value: operator or admin, with a reason; audited as `pii.revealed` with the reason. */
    async reveal(
      operator: ConsoleOperator,
      rawId: string,
      input: { field: string; partnerId: string; reason: string },
    ): Promise<void> {
      requirePermission(operator, 'reveal_personal_data');
      const userId = userIdOf(rawId);
      const reason = revealReason(input.reason);
      if (!(REVEALABLE as readonly string[]).includes(input.field))
        throw AppError.field('field', 'Choose a value to reveal.');
      const partnerId = input.partnerId === '' ? null : parseId(input.partnerId);
      if (input.partnerId !== '' && partnerId === null) throw AppError.field('field', 'Choose a value to reveal.');
      const person = await deps.employees.personView(userId);
      if (!person) throw new AppError('user_not_found', `There is no employee ${rawId}.`);
      if (partnerId !== null && !person.links.some((l) => l.link.partner_id === partnerId))
        throw new AppError('user_not_found', 'That partner has no link to this employee.');
      await deps.audit.record(deps.db, {
        action: 'pii.revealed',
        object: { type: 'user', id: userId },
        partnerId,
        fields: [input.field],
        reason,
      });
    },

    /** What `onpay user set-tax` does: operator or admin; the users module emits `user.updated` (audited) to each partner. */
    async setTax(operator: ConsoleOperator, rawId: string, input: TaxInput) {
      requirePermission(operator, 'set_tax');
      return deps.tax.setTax(userIdOf(rawId), input);
    },

    /** Payouts matching the list's filter (its text: status, partner, due_from, due_to, invoice, page, sort), with the employees' names. */
    async payouts(operator: ConsoleOperator, text: FilterText, pageSize?: number) {
      requirePermission(operator, 'view');
      const { filter, page, order } = readPayoutFilter(text);
      const perPage = sizeOf(pageSize);
      const listed = await deps.operations.list(filter, perPage, offsetOf(page, perPage), order);
      const [partnerNames, employeeNames] = await Promise.all([
        deps.partners.partnerNames(listed.rows.map((r) => r.partnerId)),
        namesOf(listed.rows),
      ]);
      return { ...listed, filter, page, perPage, partnerNames, employeeNames };
    },

    /** Every partner by id and name: the payouts filter's choices (shown also while a filter cannot be read). */
    async partnerChoices(operator: ConsoleOperator): Promise<Array<{ id: number; name: string }>> {
      requirePermission(operator, 'view');
      return (await deps.partners.listPartners()).map((p) => ({ id: p.partner_id, name: p.name }));
    },

    /**
     * The review step: the selected payouts (ticked, or all matching the list's filter), their count
     * and totals, the filter they were chosen under and the employees they pay. The filter is read as
     * strictly as the list reads it: an unreadable one selects nothing (422).
     */
    async confirmMove(
      operator: ConsoleOperator,
      selection: { all: boolean; ids: readonly string[]; filter: FilterText },
      to: PayoutMove | undefined,
    ) {
      requirePermission(operator, 'move_payouts');
      if (to === undefined) throw AppError.field('move', MOVE_MISSING);
      const { filter } = readPayoutFilter(selection.filter);
      const ids = selection.all ? await deps.operations.idsMatching(filter) : readPayoutIds(selection.ids);
      if (ids.length === 0)
        throw AppError.field('ids', selection.all ? 'No payout matches the filter.' : 'Select at least one payout.');
      const chosen = await deps.operations.selection(ids);
      const [partnerNames, employeeNames] = await Promise.all([
        deps.partners.partnerNames([
          ...chosen.rows.map((r) => r.partnerId),
          ...(filter.partnerId ? [filter.partnerId] : []),
        ]),
        namesOf(chosen.rows),
      ]);
      return { ...chosen, all: selection.all, filter, partnerNames, employeeNames };
    },

    /** Mark paid, fail, cancel or retry many payouts in one transaction, all or nothing. */
    async movePayouts(operator: ConsoleOperator, rawIds: readonly string[], to: PayoutMove | undefined) {
      requirePermission(operator, 'move_payouts');
      if (to === undefined) throw AppError.field('move', MOVE_MISSING);
      return deps.operations.transitionMany(readPayoutIds(rawIds), to);
    },

    /** Invoices matching the list's filter (its text: partner, due_from, due_to, page, sort). */
    async invoices(operator: ConsoleOperator, text: FilterText) {
      requirePermission(operator, 'view');
      const read = readFilters(
        {
          partner: idFilter('Partner id', 'partner id'),
          due_from: dateFilter('Due from'),
          due_to: dateFilter('Due to'),
          page: pageFilter,
          sort: orderFilter(INVOICE_ORDERS, '-id'),
        },
        text,
      );
      checkRange(
        { name: 'due_from', label: 'Due from', value: read.due_from },
        { name: 'due_to', label: 'Due to', value: read.due_to },
      );
      const filter = { partnerId: read.partner, dueFrom: read.due_from, dueTo: read.due_to };
      const listed = await deps.operations.invoices(filter, PER_PAGE, offsetOf(read.page), read.sort);
      return {
        ...listed,
        page: read.page,
        partnerNames: await deps.partners.partnerNames(listed.rows.map((r) => r.partnerId)),
      };
    },

    /** One invoice and a page of its lines (its text: page, sort). */
    async invoice(operator: ConsoleOperator, rawId: string, text: FilterText) {
      requirePermission(operator, 'view');
      // Its lines are its payouts: they sort as the payouts list does.
      const { page, sort } = readFilters({ page: pageFilter, sort: orderFilter(PAYOUT_ORDERS, '-id') }, text);
      const id = parseId(rawId);
      const found = id === null ? null : await deps.operations.invoice(id);
      if (!found || id === null) throw new AppError('route_not_found', `There is no invoice ${rawId}.`);
      const lines = await deps.operations.list({ invoiceId: id }, PER_PAGE, offsetOf(page), sort);
      return {
        ...found,
        lines,
        page,
        employeeNames: await namesOf(lines.rows),
        partnerName: (await deps.partners.partnerNames([found.invoice.partnerId])).get(found.invoice.partnerId) ?? '',
      };
    },
  };
}

export type MoneyActions = ReturnType<typeof createMoneyActions>;
export type { PayoutStatus };
