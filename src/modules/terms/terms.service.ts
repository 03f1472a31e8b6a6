import type { Kysely } from 'kysely';
import { isoNow, type Clock } from '../../clock.js';
import type { Database, TermsRow } from '../../db/database.js';
import { AppError, type FieldErrors } from '../../errors.js';
import * as repo from './terms.repository.js';
import type { TermsMetadata } from './terms.schemas.js';

export interface TermsServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
}

export function termsRowToMetadata(row: TermsRow): TermsMetadata {
  return { code: row.code, title: row.title, url: row.url };
}

function validatePublish(input: { code: string; title: string; url: string }): FieldErrors {
  const errors: FieldErrors = {};
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(input.code)) {
    errors.code = ['code must be 1 to 64 letters, digits, dots, dashes or underscores.'];
  }
  if (input.title.trim() === '' || input.title.length > 255) errors.title = ['title must be 1 to 255 characters.'];
  let url: URL | null = null;
  try {
    url = new URL(input.url);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || input.url.length > 2048) {
    errors.url = ['url must be an absolute http(s) URL of at most 2048 characters.'];
  }
  return errors;
}

export function createTermsService({ db, clock }: TermsServiceDeps) {
  return {
    /**
     * The current terms. Inside a transaction pass the transaction: on SQLite a query on `db` would
     * wait for the connection the transaction holds, forever.
     */
    async current(executor: Kysely<Database> = db): Promise<TermsRow> {
      const row = await repo.findCurrentTerms(executor);
      // The first migration publishes a version, so this only fails on a damaged database.
      if (!row) throw new AppError('internal', 'No terms have been published.');
      return row;
    },

    /** Makes these terms current. Publishing an existing code again makes that version current. */
    async publish(input: { code: string; title: string; url: string }): Promise<TermsMetadata> {
      const errors = validatePublish(input);
      if (Object.keys(errors).length > 0) throw AppError.fields(errors);
      const values = { ...input, title: input.title.trim(), publishedAt: isoNow(clock) };
      await db.transaction().execute(async (trx) => {
        if (await repo.findTermsByCode(trx, input.code)) await repo.republishTerms(trx, values);
        else await repo.insertTerms(trx, values);
      });
      return { code: values.code, title: values.title, url: values.url };
    },
  };
}

export type TermsService = ReturnType<typeof createTermsService>;
