/**
 * The benchmark's people (bench/seed.ts): who the n-th employee is, what the bench partner entered
 * about them (their link, sealed as the service stores it) and their search text. Pure: the same
 * n gives the same person in the seed's thread and in its sealing worker (bench/seed-worker.ts).
 */
import type { Insertable } from 'kysely';
import type { PartnerUsersTable, UsersTable } from '../src/db/database.js';
import { missingStepsOf, onboardingFactsOf } from '../src/db/link-onboarding.js';
import { sealValues } from '../src/db/sealed-columns.js';
import type { FieldCrypto } from '../src/platform/field-crypto.js';
import { foldedForms, searchTextOf } from '../src/platform/search-text.js';

const DAY_MS = 86_400_000;

const FIRST = [
  'Kari',
  'Ola',
  'Ingrid',
  'Lars',
  'Sofie',
  'Jonas',
  'Nora',
  'Emil',
  'Ella',
  'Jakob',
  'Maja',
  'Filip',
  'Søren',
  'Åse',
  'Bjørn',
  'Kåre',
];
/** Surnames, some with æ, ø and å (the console's search folds them: docs/decisions.md §23). */
const LAST = [
  'Nordmann',
  'Hansen',
  'Johansen',
  'Olsen',
  'Larsen',
  'Andersen',
  'Pedersen',
  'Nilsen',
  'Kristiansen',
  'Jensen',
  'Sæther',
  'Håland',
  'Bråten',
  'Løvås',
  'Berg',
  'Haugen',
  'Hagen',
  'Eriksen',
  'Dahl',
  'Strøm',
  'Lie',
  'Moe',
  'Ødegård',
  'Aasen',
];
const CITIES: [string, string][] = [
  ['0150', 'Oslo'],
  ['5003', 'Bergen'],
  ['7010', 'Trondheim'],
  ['4006', 'Stavanger'],
  ['9008', 'Tromsø'],
];

/** What fixes every person: the seed's clock, its size and the bench partner. */
export interface PeopleContext {
  now: number;
  users: number;
  partnerId: number;
}

/** Onboarding state by position: 70 % onboarded, 15 % awaiting verification, 10 % no profile yet, 5 % only invited. */
export function stateOf(n: number): 'onboarded' | 'verifying' | 'no_profile' | 'invited' {
  const bucket = n % 20;
  if (bucket < 14) return 'onboarded';
  if (bucket < 17) return 'verifying';
  if (bucket < 19) return 'no_profile';
  return 'invited';
}

/** Employees joined over the last two years, oldest first (ids and link times ascend together). */
export function createdAtOf(context: PeopleContext, n: number): string {
  const span = 730 * DAY_MS;
  return new Date(context.now - span + Math.floor((n * span) / context.users)).toISOString();
}

function namesOf(n: number) {
  const first = FIRST[n % FIRST.length] as string;
  const last = LAST[Math.floor(n / FIRST.length) % LAST.length] as string;
  // An address in plain letters, as most are: the name's short folded spelling.
  return { first, last, email: `${foldedForms(first)[0]}.${foldedForms(last)[0]}.${n}@employee.example` };
}

/** The n-th person's record. */
export function userOf(context: PeopleContext, n: number): Insertable<UsersTable> {
  const state = stateOf(n);
  const at = createdAtOf(context, n);
  const { email } = namesOf(n);
  return {
    email,
    email_normalized: email,
    email_verified_at: at,
    tax_percent: state === 'onboarded' && n % 2 === 0 ? '32' : null,
    tax_type: state === 'onboarded' && n % 2 === 0 ? 'percent' : null,
    tax_start: null,
    tax_table: null,
    tax_free_card: null,
    created_at: at,
    updated_at: at,
  };
}

/** What the bench partner entered about the n-th person (their link, in clear), and the names the console searches. */
function linkOf(context: PeopleContext, n: number) {
  const state = stateOf(n);
  const at = createdAtOf(context, n);
  const profile = state === 'onboarded' || state === 'verifying';
  const [postal, city] = CITIES[n % CITIES.length] as [string, string];
  const { first, last, email } = namesOf(n);
  const link: Omit<Insertable<PartnerUsersTable>, 'partner_id' | 'user_id'> = {
    internal_id: n % 2 === 0 ? 500_000 + n : null,
    note: n % 10 === 0 ? 'Seasonal staff' : null,
    first_name: profile ? first : null,
    last_name: profile ? last : null,
    address: profile ? `Storgata ${(n % 200) + 1}` : null,
    postal_code: profile ? postal : null,
    city: profile ? city : null,
    dial_code: profile ? '+47' : null,
    phone: profile ? String(40_000_000 + n) : null,
    main_work: profile ? (n % 3 === 0 ? 1 : 0) : null,
    profile_completed_at: profile ? at : null,
    bank_account_number: state === 'invited' ? null : '12345678903',
    bank_iban_number: null,
    bank_bic_number: null,
    // The bench partner verified its onboarded employees itself (docs/decisions.md §14).
    verified_identification: state === 'onboarded' ? String(10_000_000_000 + n * 7) : null,
    verified_country_code: state === 'onboarded' ? 'NO' : null,
    verified_birthday: state === 'onboarded' ? '1990-05-17' : null,
    verified_document_id: null,
    verified_name: state === 'onboarded' ? `${first} ${last}` : null,
    identity_verified_at: state === 'onboarded' ? at : null,
    created_at: at,
    updated_at: at,
  };
  // Stored as the service's writers store it (src/db/link-onboarding.ts): the rule over the
  // facts loaded here (terms approved by the onboarded and the verifying; no identity registered).
  const facts = onboardingFactsOf(
    { email_verified_at: at },
    { ...(link as Omit<Parameters<typeof onboardingFactsOf>[1], 'identity_matched'>), identity_matched: false },
    state === 'onboarded' || state === 'verifying',
  );
  link.onboarded = missingStepsOf(facts).length === 0 ? 1 : 0;
  return { link, email, names: profile ? [`${first} ${last}`] : [] };
}

/** Rows of one shape as the inserts take them: the columns once, then every row's values in that order. */
export interface FlatRows {
  columns: string[];
  values: unknown[];
}

function flatten(rows: readonly Record<string, unknown>[]): FlatRows {
  const columns = Object.keys(rows[0] ?? {});
  const values: unknown[] = [];
  for (const row of rows) for (const column of columns) values.push(row[column] ?? null);
  return { columns, values };
}

/** A batch's links to the bench partner, sealed, and its people's search texts. */
export interface SealedBatch {
  links: FlatRows;
  texts: FlatRows;
}

/**
 * The links of the people from `start` on (the i-th the person `ids[i]`), encrypted with their
 * blind indexes as the service stores them (fresh nonces per value), each at its place in the
 * partner's list (docs/decisions.md §22: creation time and id both grow with n), and their folded
 * search texts. The seed's costliest work per person: done in a worker beside the inserts.
 */
export function sealedBatch(
  context: PeopleContext,
  crypto: FieldCrypto,
  start: number,
  ids: readonly number[],
): SealedBatch {
  const links: Record<string, unknown>[] = [];
  const texts: Record<string, unknown>[] = [];
  ids.forEach((userId, i) => {
    const { link, email, names } = linkOf(context, start + i);
    const row = { ...link, partner_id: context.partnerId, user_id: userId, list_position: start + i + 1 };
    links.push(sealValues(crypto, 'partner_users', row, row));
    texts.push({ user_id: userId, folded: searchTextOf(email, names) });
  });
  return { links: flatten(links), texts: flatten(texts) };
}
