import type { ColumnType, Generated, Insertable, Kysely, Selectable } from 'kysely';

/** Timestamps are ISO 8601 UTC strings with milliseconds, generated in code: they sort as text on both engines. */
export type Timestamp = string;

export interface PartnersTable {
  id: Generated<number>;
  name: string;
  /** Service fee rate as an exact decimal string, e.g. "0.05" (docs/decisions.md §9). */
  fee_rate: string;
  created_at: Timestamp;
  /** The buyer on its invoices (docs/decisions.md §24): legal name, organisation number, postal address; null until set. */
  legal_name: string | null;
  org_number: string | null;
  address: string | null;
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
  /** When a request last used it, to the minute (written at most once a minute, off the request path); null: none recorded. */
  last_used_at: Timestamp | null;
}

export interface IdempotencyKeysTable {
  partner_id: number;
  key: string;
  method: string;
  path: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** What the request answered; null until recorded (just after the write committed). */
  response_status: number | null;
  /** JSON: the ids the request created or named (see idempotency.ts), never a secret. */
  resource: string | null;
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

/**
 * One person, global by e-mail. Only what is the person's own lives here: the e-mail and the tax
 * facts the operator sets (an identity a provider verified belongs to the link of the partner that
 * ran the verification). Everything a partner enters lives on
 * its link (partner_users): see docs/decisions.md, "One person, many partners".
 */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  /** Lower-cased e-mail: the unique key (e-mail is compared case-insensitively). */
  email_normalized: string;
  email_verified_at: Timestamp | null;
  tax_percent: string | null;
  tax_type: string | null;
  tax_start: string | null;
  tax_table: string | null;
  tax_free_card: string | null;
  /**
   * Since when two partners' own verifications confirmed different identities for this person:
   * an operator matter, listed in the console for review (docs/decisions.md §14); null otherwise.
   */
  identity_review_since: Timestamp | null;
  /** When the person was erased (`onpay user erase`): the e-mail is then a placeholder and nothing personal is left. */
  erased_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * A partner's link to a person, and everything that partner entered about them: its internal_id
 * and note, the profile, the bank account its payouts go to, the identity it registered, and the
 * identity its own verification confirmed. No other partner reads or changes these.
 */
export interface PartnerUsersTable {
  partner_id: number;
  user_id: number;
  internal_id: number | null;
  note: string | null;
  first_name: string | null;
  last_name: string | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  dial_code: string | null;
  phone: string | null;
  /** 1 or 0; null when never given. */
  main_work: number | null;
  /** Set when this partner registered a full profile (profile endpoint, or every profile field on PUT /users/{id}). */
  profile_completed_at: Timestamp | null;
  bank_account_number: string | null;
  bank_iban_number: string | null;
  bank_bic_number: string | null;
  /** The identity this partner registered (PUT /users/{id}/identity); not verified by it. */
  identification: string | null;
  identity_country_code: string | null;
  birthday: string | null;
  document_id: string | null;
  /**
   * The identity a provider confirmed in a verification this partner started (docs/decisions.md
   * §14); set only by an approved session, never by a partner, and never by another partner's flow.
   */
  verified_identification: string | null;
  verified_country_code: string | null;
  verified_birthday: string | null;
  verified_document_id: string | null;
  /** The name the identity provider reported, when it did. */
  verified_name: string | null;
  /** Set when this partner's verification session was approved with a complete identity. */
  identity_verified_at: Timestamp | null;
  /** The link's place in the partner's list, 1 = the oldest, dense (src/db/list-counters.ts). */
  list_position: number | null;
  /** 1 when this partner's onboarding is complete, else 0: kept by the writers (src/db/link-onboarding.ts). */
  onboarded: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Blind indexes (docs/data-protection.md): HMAC of the clear value, for exact lookups; written by the repository only. */
  identification_index: string | null;
  verified_identification_index: string | null;
  birthday_index: string | null;
  verified_birthday_index: string | null;
  phone_index: string | null;
}

/** The blind-index columns of a link: never leave the repository. */
export type LinkIndexColumn =
  | 'identification_index'
  | 'verified_identification_index'
  | 'birthday_index'
  | 'verified_birthday_index'
  | 'phone_index';

/** The keys the database holds encrypted values or indexes under, each with a check value (src/platform/field-keys.ts). */
export interface DataKeysTable {
  kind: 'data' | 'index';
  id: string;
  check_value: string;
  created_at: Timestamp;
}

/** A partner's record that the person approved a terms version (approvals belong to the link). */
export interface TermsApprovalsTable {
  partner_id: number;
  user_id: number;
  terms_code: string;
  approved_at: Timestamp;
}

export type ReturnUrlStatus = 'pending' | 'approved' | 'rejected';

export interface ReturnUrlsTable {
  id: Generated<number>;
  partner_id: number;
  requested_url: string;
  normalized_scheme: string;
  normalized_host: string;
  normalized_path_prefix: string;
  status: ReturnUrlStatus;
  requested_at: Timestamp;
  decided_at: Timestamp | null;
}

export type VerificationProvider = 'provider_doc' | 'provider_eid';
export type VerificationStatus = 'pending' | 'approved' | 'declined' | 'cancelled' | 'expired' | 'error';

export interface VerificationSessionsTable {
  id: string;
  partner_id: number;
  user_id: number;
  provider: VerificationProvider;
  id_type: 'local' | 'international' | null;
  status: VerificationStatus;
  /** Equals user_id while pending, null once terminal: unique with partner_id, one pending session per partner and person. */
  pending_user_id: number | null;
  partner_return_url: string;
  start_token_hash: string;
  browser_binding_hash: string | null;
  provider_ref: string | null;
  /** Provider-private JSON (PKCE verifier, nonce, ...). */
  provider_state: string | null;
  outcome_reason: string | null;
  expires_at: Timestamp;
  verified_at: Timestamp | null;
  last_polled_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebhookReceiptsTable {
  digest: string;
  provider: string;
  received_at: Timestamp;
}

export interface InvoicesTable {
  id: Generated<number>;
  partner_id: number;
  due_date: string;
  payout_count: number;
  total_salary: number;
  total_vacation: number;
  total_pension: number;
  total_employer_contribution: number;
  total_service_fee: number;
  total_excl: number;
  total_vat: number;
  total_incl: number;
  created_at: Timestamp;
  /** The seller's gapless invoice number (docs/decisions.md §24). */
  number: number;
  /** The day it was issued in Europe/Oslo (YYYY-MM-DD). */
  issue_date: string;
}

/** The last invoice number given (one row, id 1). */
export interface InvoiceNumbersTable {
  id: number;
  last: number | string;
}

/** The lifecycle: src/modules/payouts/lifecycle.ts. */
export type PayoutStatus = 'pending' | 'processing' | 'paid' | 'cancelled' | 'failed';

/** Amounts are integer minor units (1234.50 is 123450). */
export interface PayoutsTable {
  id: Generated<number>;
  partner_id: number;
  invoice_id: number;
  user_id: number;
  status: PayoutStatus;
  type: 'salary';
  date: string;
  tax_year: number;
  hours: string | null;
  description: string | null;
  /** JSON: [{quantity, price, description}] as sent (decimal strings). */
  products: string;
  /** JSON: the rates used, including the withholding rate. */
  rates: string;
  salary: number;
  vacation: number;
  pension: number;
  net_salary: number;
  net_vacation: number;
  withholding_salary: number;
  withholding_vacation: number;
  employer_contribution: number;
  service_fee: number;
  invoice_excl: number;
  vat: number;
  invoice_incl: number;
  /** How much of the tax-free card this payout used, in its tax year. */
  free_card_used: number;
  /** The paying partner's bank account for the employee, copied when the payout was created. */
  bank_account_number: string | null;
  bank_iban_number: string | null;
  bank_bic_number: string | null;
  /** The EndToEndId of its latest attempt sent to the bank; null before its first payment file. */
  trace_id: string | null;
  /** The bank's reason code and text while failed (or the operator's reason); null otherwise. */
  failure_code: string | null;
  failure_message: string | null;
  paid_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The payout's place in its partner's list, 1 = the oldest, dense (src/db/list-counters.ts). */
  list_position: number | null;
}

/** Per-partner row counts of the lists (docs/decisions.md §22). */
export interface PartnerCountersTable {
  partner_id: number;
  what: 'links' | 'payouts';
  value: number;
}

export type BankFileFormat = 'pain.001.001.03' | 'pain.001.001.09';

/** A payment file onpay exported: its bytes are kept as the bookkeeping record. */
export interface BankFilesTable {
  id: Generated<number>;
  message_id: string;
  format: BankFileFormat;
  payouts: number;
  /** Minor units. */
  control_sum: number;
  sha256: string;
  content: string;
  status: 'live' | 'voided';
  created_by: string;
  created_at: Timestamp;
  voided_by: string | null;
  voided_at: Timestamp | null;
}

/** A payout's attempt in a payment file. */
export interface BankFilePayoutsTable {
  file_id: number;
  payout_id: number;
  trace_id: string;
  pmt_inf_id: string;
  amount: number;
  execution_date: string;
}

export interface BankReportsTable {
  id: Generated<number>;
  message_id: string;
  message_type: string;
  sha256: string;
  applied: number;
  unchanged: number;
  problems: number;
  created_by: string;
  created_at: Timestamp;
}

export interface BankReportFilesTable {
  report_id: number;
  file_id: number;
}

export interface BankPayoutHistoryTable {
  id: Generated<number>;
  payout_id: number;
  file_id: number;
  report_id: number;
  trace_id: string;
  bank_status: string;
  outcome: 'paid' | 'failed';
  code: string | null;
  text: string | null;
  date: string | null;
  created_at: Timestamp;
}

export interface LoginLinksTable {
  id: Generated<number>;
  /** The partner that issued the link; null for the person's own sign-in from /login. */
  partner_id: number | null;
  user_id: number;
  payout_id: number | null;
  nonce_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
  /** The mail that carries the link (`send_email`, the person's own sign-in): its body goes when the link is used. */
  mail_id: number | null;
}

export interface EmployeeSessionsTable {
  /** SHA-256 of the session cookie value. */
  id_hash: string;
  user_id: number;
  /** The partner whose link opened the session (it shows only that partner's records); null for the person's own sign-in (everything). */
  partner_id: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  ended_at: Timestamp | null;
}

export type MailStatus = 'pending' | 'sent' | 'failed';

export interface MailOutboxTable {
  id: Generated<number>;
  /** The partner whose request caused the mail (its sandbox mailbox shows it); null for mail the person asked for. */
  partner_id: number | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: MailStatus;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_by: string | null;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  /** The body is removed by then at the latest (a login link's mail: the link's expiry); always set. */
  body_expires_at: Timestamp;
  /** When the bodies were emptied (the row stays: the record that the mail was sent); null while kept. */
  body_removed_at: Timestamp | null;
}

export interface EventsTable {
  /** `evt_` and 26 random characters. */
  id: string;
  partner_id: number;
  /** The partner's own counter: gapless and increasing in commit order. */
  sequence: number;
  type: string;
  /** JSON: the resource as the API returned it to this partner at that moment. */
  object: string;
  /** JSON: the changed fields' values before the change, for `*.updated` events. */
  previous_attributes: string | null;
  /** What the event is about, as the audit log names it (`payout:12`); null before 2026-11-26-0038. */
  subject: string | null;
  created_at: Timestamp;
}

export interface EventSequencesTable {
  partner_id: number;
  last_sequence: number;
  purged_through: Generated<number>;
}

export interface EventJobsTable {
  id: Generated<number>;
  type: string;
  object: string;
  done_through_partner: Generated<number>;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: Timestamp;
  actor_type: string;
  actor_id: string | null;
  actor_label: string;
  action: string;
  object_type: string;
  object_id: string;
  partner_id: number | null;
  request_id: string | null;
  /** JSON array of the changed fields' names. */
  fields: string | null;
  reason: string | null;
}

export type OperatorRole = 'admin' | 'operator' | 'viewer';
export type OperatorStatus = 'pending' | 'active' | 'disabled';

export interface OperatorsTable {
  id: Generated<number>;
  email: string;
  email_normalized: string;
  role: OperatorRole;
  status: OperatorStatus;
  password_hash: string | null;
  totp_secret: string | null;
  totp_last_step: number | null;
  recovery_codes: string | null;
  setup_token_hash: string | null;
  setup_expires_at: Timestamp | null;
  failed_sign_ins: Generated<number>;
  locked_until: Timestamp | null;
  last_sign_in_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OperatorSessionsTable {
  id_hash: string;
  operator_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  ended_at: Timestamp | null;
}

export interface WebhookEndpointsTable {
  id: Generated<number>;
  partner_id: number;
  url: string;
  description: Generated<string>;
  /** JSON array of exact types and `prefix.*` patterns. */
  event_types: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Timestamp | null;
  /** The last sequence of the partner's feed enqueued for this endpoint. */
  cursor: Generated<number>;
  disabled_at: Timestamp | null;
  disabled_reason: 'partner' | 'failing' | 'operator' | null;
  failing_since: Timestamp | null;
  locked_by: string | null;
  locked_until: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpoint_id: number;
  event_id: string;
  event_type: string;
  sequence: number;
  payload: string;
  status: WebhookDeliveryStatus;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  endpoint_id: number;
  attempted_at: Timestamp;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  next_retry_at: Timestamp | null;
}

/** What a repository runs its SQL on: the database, or a transaction (a Transaction is a Kysely). */
/**
 * What the console's people search matches (docs/decisions.md §23): one row per person, the folded
 * forms of the e-mail and of each link's name, one per line. Indexed by trigrams (src/db/people-search.ts);
 * written in the same transaction as the e-mail or a name, deleted at erasure.
 */
export interface PeopleSearchTable {
  user_id: number;
  folded: string;
}

/** One partner API request (docs/decisions.md §25): no body, no query value, no address. */
export interface RequestLogTable {
  id: Generated<number>;
  partner_id: number;
  /** When the request arrived. */
  at: Timestamp;
  method: string;
  /** The route template (`/api/v1/users/:id`), never the raw URL. */
  route: string;
  /** JSON object of the path's parameters (the partner's own ids), or null without any. */
  path_ids: string | null;
  status: number;
  duration_us: number;
  request_id: string;
  idempotency_key: string | null;
}

export type Executor = Kysely<Database>;

export interface Database {
  partners: PartnersTable;
  api_keys: ApiKeysTable;
  access_tokens: AccessTokensTable;
  idempotency_keys: IdempotencyKeysTable;
  terms: TermsTable;
  settings: SettingsTable;
  data_keys: DataKeysTable;
  users: UsersTable;
  partner_users: PartnerUsersTable;
  people_search: PeopleSearchTable;
  terms_approvals: TermsApprovalsTable;
  return_urls: ReturnUrlsTable;
  verification_sessions: VerificationSessionsTable;
  webhook_receipts: WebhookReceiptsTable;
  invoices: InvoicesTable;
  invoice_numbers: InvoiceNumbersTable;
  payouts: PayoutsTable;
  login_links: LoginLinksTable;
  employee_sessions: EmployeeSessionsTable;
  mail_outbox: MailOutboxTable;
  events: EventsTable;
  event_sequences: EventSequencesTable;
  event_jobs: EventJobsTable;
  audit_log: AuditLogTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  bank_files: BankFilesTable;
  bank_file_payouts: BankFilePayoutsTable;
  bank_reports: BankReportsTable;
  bank_report_files: BankReportFilesTable;
  bank_payout_history: BankPayoutHistoryTable;
  partner_counters: PartnerCountersTable;
  request_log: RequestLogTable;
}

export type LoginLinkRow = Selectable<LoginLinksTable>;
export type MailRow = Selectable<MailOutboxTable>;

export type EventRow = Selectable<EventsTable>;
export type AuditRow = Selectable<AuditLogTable>;
export type OperatorRow = Selectable<OperatorsTable>;
export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type WebhookAttemptRow = Selectable<WebhookAttemptsTable>;

export type PayoutRow = Selectable<PayoutsTable>;
export type BankFileRow = Selectable<BankFilesTable>;
export type NewPayout = Insertable<PayoutsTable>;

export type ReturnUrlRow = Selectable<ReturnUrlsTable>;
export type VerificationSessionRow = Selectable<VerificationSessionsTable>;

export type UserRow = Selectable<UsersTable>;
export type UserUpdate = Partial<Omit<Selectable<UsersTable>, 'id'>>;
export type LinkUpdate = Partial<
  Omit<Selectable<PartnerUsersTable>, 'partner_id' | 'user_id' | 'created_at' | LinkIndexColumn>
>;
export type PartnerUserRow = Omit<Selectable<PartnerUsersTable>, LinkIndexColumn>;

export type TermsRow = Selectable<TermsTable>;
export type { ColumnType };
