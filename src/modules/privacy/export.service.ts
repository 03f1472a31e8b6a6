/**
 * `onpay user export`: one JSON document of everything onpay stores about a person, gathered
 * through each owning module's door (docs/data-protection.md, "Export and erasure", documents the
 * shape). Secrets are left out: token and cookie hashes, provider state, sign-in tokens in mail.
 */
import type { PartnerUserRow, PayoutRow } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { fromMinorUnits } from '../payouts/index.js';
import type { PrivacyDeps } from './privacy.deps.js';

/** The money columns of a payout (integer minor units in storage), shown as decimal strings. */
const MONEY = [
  'salary',
  'vacation',
  'pension',
  'net_salary',
  'net_vacation',
  'withholding_salary',
  'withholding_vacation',
  'employer_contribution',
  'service_fee',
  'invoice_excl',
  'vat',
  'invoice_incl',
  'free_card_used',
] as const;

function payoutOf(row: PayoutRow) {
  const { products, rates, ...rest } = row;
  const money = Object.fromEntries(MONEY.map((field) => [field, fromMinorUnits(Number(row[field]))]));
  return { ...rest, ...money, products: JSON.parse(products) as unknown, rates: JSON.parse(rates) as unknown };
}

function linkOf(
  link: PartnerUserRow,
  partnerName: string,
  approvals: Array<{ terms_code: string; approved_at: string }>,
) {
  return {
    partner: { id: link.partner_id, name: partnerName },
    internal_id: link.internal_id,
    note: link.note,
    profile: {
      first_name: link.first_name,
      last_name: link.last_name,
      address: link.address,
      postal_code: link.postal_code,
      city: link.city,
      dial_code: link.dial_code,
      phone: link.phone,
      main_work: link.main_work === null ? null : link.main_work === 1,
      completed_at: link.profile_completed_at,
    },
    bank_account: {
      account_number: link.bank_account_number,
      iban: link.bank_iban_number,
      bic: link.bank_bic_number,
    },
    registered_identity: {
      identification: link.identification,
      country_code: link.identity_country_code,
      birthday: link.birthday,
      document_id: link.document_id,
    },
    verified_identity: link.identity_verified_at
      ? {
          identification: link.verified_identification,
          country_code: link.verified_country_code,
          birthday: link.verified_birthday,
          document_id: link.verified_document_id,
          name: link.verified_name,
          verified_at: link.identity_verified_at,
        }
      : null,
    terms_approvals: approvals.map((a) => ({ code: a.terms_code, approved_at: a.approved_at })),
    created_at: link.created_at,
    updated_at: link.updated_at,
  };
}

export function createPersonExport(deps: PrivacyDeps) {
  return {
    /** The person's document; user_not_found when there is no such person. Audited as `user.exported`. */
    async exportOf(userId: number) {
      const record = await deps.people.record(userId);
      if (!record) throw new AppError('user_not_found', `There is no user ${userId}.`);
      const { user, links, approvals } = record;
      const [partnerNames, sessions, payouts, mail, loginLinks, employeeSessions] = await Promise.all([
        deps.partners.partnerNames(links.map((l) => l.partner_id)),
        deps.sessions.exportOf(userId),
        deps.payouts.exportOf(userId),
        user.erased_at ? Promise.resolve([]) : deps.mail.exportOf(user.email),
        deps.loginLinks.exportOf(userId),
        deps.portal.exportOf(userId),
      ]);
      const payoutIds = payouts.map((p) => p.id);
      const bank = await deps.bank.exportOf(payoutIds);
      const audit = (
        await Promise.all(
          [`user:${userId}`, ...payoutIds.map((id) => `payout:${id}`)].map((object) =>
            deps.audit.list({ object, limit: 1000 }),
          ),
        )
      )
        .flat()
        .sort((a, b) => a.id - b.id);
      // Who looked is recorded like a reveal: an export hands out everything.
      await deps.audit.record(deps.db, { action: 'user.exported', object: { type: 'user', id: userId } });
      return {
        exported_at: deps.clock.now().toISOString(),
        user: {
          id: user.id,
          email: user.erased_at ? null : user.email,
          email_verified_at: user.email_verified_at,
          tax: {
            percent: user.tax_percent,
            type: user.tax_type,
            table: user.tax_table,
            start: user.tax_start,
            free_card: user.tax_free_card,
          },
          identity_review_since: user.identity_review_since,
          created_at: user.created_at,
          updated_at: user.updated_at,
          erased_at: user.erased_at,
        },
        links: links.map((link) =>
          linkOf(
            link,
            partnerNames.get(link.partner_id) ?? `partner ${link.partner_id}`,
            approvals.filter((a) => a.partner_id === link.partner_id),
          ),
        ),
        verification_sessions: sessions,
        payouts: payouts.map(payoutOf),
        bank,
        mail,
        login_links: loginLinks,
        employee_sessions: employeeSessions,
        audit,
      };
    },
  };
}

export type PersonExport = Awaited<ReturnType<ReturnType<typeof createPersonExport>['exportOf']>>;
