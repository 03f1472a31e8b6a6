import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Timestamps are ISO 8601 UTC strings with milliseconds, generated in code: they sort as text on both engines. */
export type Timestamp = string;

export interface PartnersTable {
  id: Generated<number>;
  name: string;
  /** Service fee rate as an exact decimal string, e.g. "0.05" (decisions §9). */
  fee_rate: string;
  created_at: Timestamp;
}

export interface ApiKeysTable {
  id: Generated<number>;
  partner_id: number;
  /** SHA-256 (hex) of the UUID handed to the partner; the key itself is never stored. */
  key_hash: string;
  created_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface AccessTokensTable {
  id: Generated<number>;
  partner_id: number;
  /** SHA-256 (hex) of the token; the token itself is shown once and never stored. */
  token_hash: string;
  /** First characters of the token, for recognising it in listings. */
  token_prefix: string;
  created_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface IdempotencyKeysTable {
  partner_id: number;
  key: string;
  method: string;
  path: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface TermsTable {
  id: Generated<number>;
  code: string;
  title: string;
  url: string;
  published_at: Timestamp;
}

export interface SettingsTable {
  name: string;
  value: string;
}

export interface Database {
  partners: PartnersTable;
  api_keys: ApiKeysTable;
  access_tokens: AccessTokensTable;
  idempotency_keys: IdempotencyKeysTable;
  terms: TermsTable;
  settings: SettingsTable;
}

export type PartnerRow = Selectable<PartnersTable>;
export type AccessTokenRow = Selectable<AccessTokensTable>;
export type TermsRow = Selectable<TermsTable>;
export type NewTerms = Insertable<TermsTable>;
export type { ColumnType };
