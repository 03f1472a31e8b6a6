import type { Expression, ExpressionBuilder, JoinBuilder } from 'kysely';
import type { Database, Executor, PartnerUserRow, PartnerUsersTable, TermsApprovalsTable } from './database.js';
import { forUpdate } from './dialect.js';

/**
 * A link's onboarding (docs/decisions.md §14, §28): the rule, and the state stored on the link
 * (`partner_users.onboarded`) so that "not onboarded" is an indexed list. The rule sits here, below
 * the modules, so that the users module (which evaluates it on every read and keeps the stored
 * state in its writers' transactions) and the migration that filled the column run the same code.
 */

export const ONBOARDING_STEPS = [
  'email_verified',
  'terms_approved',
  'profile',
  'id_verification',
  'bank_account',
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export interface OnboardingFacts {
  emailVerified: boolean;
  /** Approved the *current* terms code. */
  termsApproved: boolean;
  profileComplete: boolean;
  identityVerified: boolean;
  bankAccount: boolean;
}

/** Each step done or not. */
export function stepsOf(facts: OnboardingFacts): Record<OnboardingStep, boolean> {
  return {
    email_verified: facts.emailVerified,
    terms_approved: facts.termsApproved,
    profile: facts.profileComplete,
    id_verification: facts.identityVerified,
    bank_account: facts.bankAccount,
  };
}

/** The steps not done, in the spec's order; onboarded when there is none. */
export function missingStepsOf(facts: OnboardingFacts): OnboardingStep[] {
  const steps = stepsOf(facts);
  return ONBOARDING_STEPS.filter((step) => !steps[step]);
}

export function hasBankAccount(
  link: Pick<PartnerUserRow, 'bank_account_number' | 'bank_iban_number' | 'bank_bic_number'>,
): boolean {
  return Boolean(link.bank_account_number) || (Boolean(link.bank_iban_number) && Boolean(link.bank_bic_number));
}

/**
 * A partner's `id_verification` step (docs/decisions.md §14): satisfied by a verification this
 * partner started, or by any partner's verification that confirmed exactly the identity this
 * partner registered. Another partner's verification of another identity never counts.
 */
export function isIdentityVerifiedFor(
  link: Pick<PartnerUserRow, 'identity_verified_at'> & { identity_matched: boolean },
): boolean {
  return link.identity_verified_at !== null || link.identity_matched;
}

/** What a link's onboarding steps read of the link. */
export type OnboardingLink = Pick<
  PartnerUserRow,
  'profile_completed_at' | 'identity_verified_at' | 'bank_account_number' | 'bank_iban_number' | 'bank_bic_number'
> & { identity_matched: boolean };

/**
 * The facts of one partner's onboarding: the e-mail is the person's; terms, profile, bank account
 * and identity verification are this partner's link's. The bank columns may be read sealed: an
 * empty value is stored as it is and any other is sealed to a non-empty text (src/db/sealed-columns.ts),
 * so whether one is given reads the same either way.
 */
export function onboardingFactsOf(
  user: { email_verified_at: string | null },
  link: OnboardingLink,
  termsApproved: boolean,
): OnboardingFacts {
  return {
    emailVerified: user.email_verified_at !== null,
    termsApproved,
    profileComplete: link.profile_completed_at !== null,
    identityVerified: isIdentityVerifiedFor(link),
    bankAccount: hasBankAccount(link),
  };
}

/**
 * True (1 on SQLite) when some partner's own verification of the person confirmed exactly the
 * identity the link `pu` registered: number, country and birthday (compared by their blind
 * indexes, under the same index key). One indexed probe of the person's few links
 * (partner_users_user_idx).
 */
export function identityMatched(eb: ExpressionBuilder<Database & { pu: PartnerUsersTable }, 'pu'>) {
  return eb.exists(
    eb
      .selectFrom('partner_users as vo')
      .select('vo.user_id')
      .whereRef('vo.user_id', '=', 'pu.user_id')
      .where('vo.identity_verified_at', 'is not', null)
      .whereRef('vo.verified_identification_index', '=', 'pu.identification_index')
      .whereRef('vo.verified_country_code', '=', 'pu.identity_country_code')
      .whereRef('vo.verified_birthday_index', '=', 'pu.birthday_index')
      // No change to what EXISTS answers; it keeps PostgreSQL from turning the probe into a hashed
      // subplan, which reads every verified link of every partner (a sequential scan) to answer a
      // page of 25 or an export's chunk (docs/performance.md, "The identity probe in lists").
      .limit(1)
      .offset(0),
  );
}

/**
 * The join condition of "the link's approval of these terms": `terms_approvals as ta` to the link
 * `pu` (same partner, same person) for one terms code. `terms` is the code as a value, or an
 * expression that gives it in the statement (a key table's column, the current terms' subquery).
 * Without a matching approval the left join leaves `ta`'s columns null.
 */
export function approvalOfLink(terms: string | Expression<string | null>) {
  return (join: JoinBuilder<Database & { pu: PartnerUsersTable; ta: TermsApprovalsTable }, 'pu' | 'ta'>) =>
    join
      .onRef('ta.partner_id', '=', 'pu.partner_id')
      .onRef('ta.user_id', '=', 'pu.user_id')
      .on('ta.terms_code', '=', terms);
}

/**
 * What the rule reads of the person (`u`) and the link (`pu`), besides the terms approval and
 * `identity_matched`: every query that evaluates onboarding selects these.
 */
export const ONBOARDING_INPUT_COLUMNS = [
  'u.email_verified_at',
  'pu.profile_completed_at',
  'pu.identity_verified_at',
  'pu.bank_account_number',
  'pu.bank_iban_number',
  'pu.bank_bic_number',
] as const;

/**
 * The links' onboarding facts, with the terms approval of the terms current when the statement
 * runs (read here, in the statement, not from a cache: a writer that waited for a publication
 * sees the new code).
 */
function factsOfLinks(db: Executor) {
  return db
    .selectFrom('partner_users as pu')
    .innerJoin('users as u', 'u.id', 'pu.user_id')
    .leftJoin(
      'terms_approvals as ta',
      approvalOfLink(
        db
          .selectFrom('terms')
          .select('code')
          .orderBy('published_at', 'desc')
          .orderBy('id', 'desc')
          .limit(1)
          .$asScalar(),
      ),
    )
    .select([
      'pu.partner_id',
      'pu.user_id',
      'pu.onboarded',
      ...ONBOARDING_INPUT_COLUMNS,
      'ta.approved_at as terms_approved_at',
    ])
    .select((eb) => identityMatched(eb).as('identity_matched'));
}

type FactsRow = Awaited<ReturnType<ReturnType<typeof factsOfLinks>['execute']>>[number];

/** Writes each link's state where it differs from the rule's answer; one statement per partner and value. */
async function storeStates(db: Executor, rows: FactsRow[]): Promise<number> {
  const changes = new Map<string, { partnerId: number; value: 0 | 1; userIds: number[] }>();
  for (const row of rows) {
    const facts = onboardingFactsOf(
      row,
      { ...row, identity_matched: Boolean(row.identity_matched) },
      row.terms_approved_at !== null,
    );
    const value = missingStepsOf(facts).length === 0 ? 1 : 0;
    if (Number(row.onboarded) === value) continue;
    const key = `${row.partner_id}:${value}`;
    const change = changes.get(key) ?? { partnerId: row.partner_id, value, userIds: [] };
    change.userIds.push(row.user_id);
    changes.set(key, change);
  }
  let changed = 0;
  for (const { partnerId, value, userIds } of changes.values()) {
    // The state is derived, not entered: `updated_at` (the stuck list's last change) stays.
    await db
      .updateTable('partner_users')
      .set({ onboarded: value })
      .where('partner_id', '=', partnerId)
      .where('user_id', 'in', userIds)
      .execute();
    changed += userIds.length;
  }
  return changed;
}

/**
 * Locks the people's rows until the transaction ends (PostgreSQL; SQLite has one writer at a
 * time), in id order. Every writer of an onboarding input takes its person's lock first, so two
 * writers of one person, or a writer and a publication of terms, see each other's facts.
 */
export async function lockPeople(db: Executor, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await forUpdate(
    db,
    db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', [...userIds])
      .orderBy('id'),
  ).execute();
}

/**
 * Recomputes and stores the onboarding state of every link of these people, in the writer's
 * transaction after its change: a person's e-mail, and a verification's match with another
 * partner's registered identity, are inputs of all their links. Answers how many links changed.
 */
export async function storeOnboarding(db: Executor, userIds: readonly number[]): Promise<number> {
  if (userIds.length === 0) return 0;
  return storeStates(
    db,
    await factsOfLinks(db)
      .where('pu.user_id', 'in', [...userIds])
      .execute(),
  );
}

/** People per batch of the walk over every link (publishing terms, the migration's fill). */
export const ONBOARDING_BATCH = 500;

/**
 * Recomputes every link's state, the people in id order a batch at a time, each batch's people
 * locked first: publishing terms (which changes which approval counts) and the migration's fill.
 * Answers how many links changed.
 */
export async function storeEveryOnboarding(db: Executor, batch = ONBOARDING_BATCH): Promise<number> {
  let after = 0;
  let changed = 0;
  for (;;) {
    const people = await db
      .selectFrom('users')
      .select('id')
      .where('id', '>', after)
      .orderBy('id')
      .limit(batch)
      .execute();
    if (people.length === 0) return changed;
    const ids = people.map((p) => p.id);
    await lockPeople(db, ids);
    changed += await storeOnboarding(db, ids);
    after = ids[ids.length - 1] as number;
  }
}
