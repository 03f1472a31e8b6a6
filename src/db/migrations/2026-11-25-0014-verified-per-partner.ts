/**
 * A verification counts for the partner that ran it (docs/decisions.md §14). Until now the identity
 * a provider verified lived on the person, so the first partner to complete a flow decided what
 * every other partner's employee was "verified" as, and blocked their own flows. It moves to the
 * link of each partner whose session was approved: every approved session confirmed exactly the
 * person's verified identity (a different one ended in `error`), so each of those partners gets it,
 * dated by its own first approved session. A verified person with no approved session left to show
 * who ran it is noted for review and stays unverified for every partner: a partner's own flow, or
 * registering the same identity as a verification of it, satisfies the step again.
 */
import type { Kysely } from 'kysely';

export const NAME = '2026-11-25-0014-verified-per-partner';

const VERIFIED_COLUMNS: Array<
  [name: string, type: 'varchar(64)' | 'varchar(2)' | 'varchar(10)' | 'varchar(32)' | 'text']
> = [
  ['verified_identification', 'varchar(64)'],
  ['verified_country_code', 'varchar(2)'],
  ['verified_birthday', 'varchar(10)'],
  ['verified_document_id', 'varchar(64)'],
  ['verified_name', 'text'],
  ['identity_verified_at', 'varchar(32)'],
];

const PERSON_IDENTITY = [
  'identification',
  'identity_country_code',
  'birthday',
  'document_id',
  'verified_name',
  'identity_verified_at',
] as const;

interface VerifiedPerson {
  id: number;
  identification: string | null;
  identity_country_code: string | null;
  birthday: string | null;
  document_id: string | null;
  verified_name: string | null;
  identity_verified_at: string;
}

export async function up(db: Kysely<any>): Promise<void> {
  const now = new Date().toISOString();
  for (const [name, type] of VERIFIED_COLUMNS)
    await db.schema.alterTable('partner_users').addColumn(name, type).execute();

  const people = (await db
    .selectFrom('users')
    .select([...PERSON_IDENTITY, 'id'])
    .where('identity_verified_at', 'is not', null)
    .orderBy('id')
    .execute()) as VerifiedPerson[];
  for (const person of people) {
    // Each linked partner whose own session was approved, with the first time it was.
    const runs = (await db
      .selectFrom('verification_sessions as s')
      .innerJoin('partner_users as pu', (join) =>
        join.onRef('pu.partner_id', '=', 's.partner_id').onRef('pu.user_id', '=', 's.user_id'),
      )
      .select(['s.partner_id', (eb) => eb.fn.min('s.verified_at').as('first_verified_at')])
      .where('s.user_id', '=', person.id)
      .where('s.status', '=', 'approved')
      .groupBy('s.partner_id')
      .execute()) as Array<{ partner_id: number; first_verified_at: string | null }>;
    for (const run of runs) {
      await db
        .updateTable('partner_users')
        .set({
          verified_identification: person.identification,
          verified_country_code: person.identity_country_code,
          verified_birthday: person.birthday,
          verified_document_id: person.document_id,
          verified_name: person.verified_name,
          identity_verified_at: run.first_verified_at ?? person.identity_verified_at,
        })
        .where('partner_id', '=', run.partner_id)
        .where('user_id', '=', person.id)
        .execute();
    }
    if (runs.length === 0) {
      await db
        .insertInto('migration_notes')
        .values({
          migration: NAME,
          note: `user ${person.id}: a verified identity with no approved session of a linked partner to attribute it to; it counts for no partner now (a partner that registers the same identity is not satisfied by it either) — a new verification flow is needed`,
          created_at: now,
        })
        .execute();
    }
  }

  await db.schema
    .createIndex('partner_users_verified_identification_idx')
    .on('partner_users')
    .columns(['partner_id', 'verified_identification'])
    .execute();
  // Set when two partners' verifications of one person confirmed different identities: the console lists them for review.
  await db.schema.alterTable('users').addColumn('identity_review_since', 'varchar(32)').execute();
  await db.schema.createIndex('users_identity_review_idx').on('users').column('identity_review_since').execute();
  await db.schema.dropIndex('users_identification_idx').execute();
  for (const column of PERSON_IDENTITY) await db.schema.alterTable('users').dropColumn(column).execute();
}

export async function down(): Promise<void> {
  throw new Error(
    'the per-partner verification migration cannot be undone: partners may have verified different identities',
  );
}
