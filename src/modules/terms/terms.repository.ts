import type { Executor } from '../../db/database.js';

/** The current terms: the most recently published version. */
export async function findCurrentTerms(db: Executor) {
  return db
    .selectFrom('terms')
    .selectAll()
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function findTermsByCode(db: Executor, code: string) {
  return db.selectFrom('terms').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function insertTerms(
  db: Executor,
  values: { code: string; title: string; url: string; publishedAt: string },
) {
  await db
    .insertInto('terms')
    .values({ code: values.code, title: values.title, url: values.url, published_at: values.publishedAt })
    .execute();
}

export async function republishTerms(
  db: Executor,
  values: { code: string; title: string; url: string; publishedAt: string },
) {
  await db
    .updateTable('terms')
    .set({ title: values.title, url: values.url, published_at: values.publishedAt })
    .where('code', '=', values.code)
    .execute();
}

/** Published versions, newest first, one page (`limit + 1` rows tell whether more follow). */
export async function listTerms(db: Executor, offset: number, limit: number) {
  return db
    .selectFrom('terms')
    .selectAll()
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}
