import type { Migration } from 'kysely';
import * as foundation from './2026-11-21-0001-foundation.js';

/** Every migration, in the order they apply. Names are timestamps: never rename one that shipped. */
export const migrations: Record<string, Migration> = {
  '2026-11-21-0001-foundation': foundation,
};
