/** The operators' directory of people (the console): search across every partner's links. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import * as repo from './directory.repository.js';

export interface PersonSummary {
  id: number;
  email: string;
  verified: boolean;
  links: Array<{ partnerId: number; name: string; phone: string | null; internalId: number | null }>;
}

export function createDirectory({ db }: { db: Kysely<Database> }) {
  return {
    /** People whose e-mail, name (on any link), phone or internal id matches `text`, newest first. */
    async search(text: string, limit: number, offset: number): Promise<{ total: number; people: PersonSummary[] }> {
      const query = { text: text.slice(0, 200) };
      const [total, rows] = await Promise.all([repo.countPeople(db, query), repo.findPeople(db, query, limit, offset)]);
      const links = await repo.linksOfPeople(
        db,
        rows.map((r) => r.id),
      );
      return {
        total,
        people: rows.map((row) => ({
          id: row.id,
          email: row.email,
          verified: row.identity_verified_at !== null,
          links: links
            .filter((link) => link.user_id === row.id)
            .map((link) => ({
              partnerId: link.partner_id,
              name: [link.first_name, link.last_name].filter(Boolean).join(' '),
              phone: link.phone ? `${link.dial_code ?? ''} ${link.phone}`.trim() : null,
              internalId: link.internal_id,
            })),
        })),
      };
    },

    /** The name each partner entered for these people, keyed `partnerId:userId` ('' when it entered none). */
    async linkNames(userIds: number[]): Promise<Map<string, string>> {
      const links = await repo.linksOfPeople(db, [...new Set(userIds)]);
      return new Map(
        links.map((link) => [
          `${link.partner_id}:${link.user_id}`,
          [link.first_name, link.last_name].filter(Boolean).join(' '),
        ]),
      );
    },
  };
}

export type Directory = ReturnType<typeof createDirectory>;
