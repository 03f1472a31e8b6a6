/**
 * Every event type, with when it happens (the guide and the OpenAPI document show these). A partner
 * receives an event only about its own employees, payouts, sessions and return URLs, and its
 * `data.object` is that partner's view (docs/decisions.md §14, §16).
 */
export const EVENT_TYPES = {
  'user.created': 'You created a new employee (`POST /users` with an e-mail address onpay did not know)',
  'user.linked':
    'You linked an employee who already had an onboarding with another partner (`POST /users`); your view starts empty',
  'user.updated':
    'Fields of your view of an employee changed: your `PUT`/`PATCH` of the employee, profile or identity, a verified identity, or tax facts the operator set. `previous_attributes` holds the changed fields before',
  'user.onboarding.updated':
    'The employee’s `onboarding.is_onboarded` or `onboarding.missing_steps` changed for you; `previous_attributes.onboarding` holds the state before',
  'user.terms.updated':
    'The employee’s approval of the terms changed (`POST /users/{id}/terms`); the object is the terms status',
  'user.erased':
    'The operator erased the employee at their request (their right to erasure): the object is `{"id", "erased_at"}`; every lookup of them answers 404 from now on, their payouts stay readable, and your earlier `user.*` events about them are redacted to `{"id", "erased": true}`. Delete what you hold about them too',
  'terms.published':
    'The operator published new terms: every employee must approve the new `code` (one event per partner, not one per employee)',
  'verification.session.created': 'You started a verification flow',
  'verification.session.approved': 'A verification ended approved',
  'verification.session.declined': 'A verification ended declined',
  'verification.session.cancelled':
    'A verification was cancelled (the employee cancelled, or a newer flow replaced it)',
  'verification.session.expired': 'A verification was not finished within its lifetime',
  'verification.session.error': 'A verification ended in an error (the provider failed, or the identity conflicts)',
  'payout.batch.created':
    'You created payouts (`POST /payouts`): one event per request; the object is the response (the invoice id and every payout id)',
  'payout.processing':
    'A payout went to the bank in a payment file (`processing`); `trace_id` is the reference the bank reports it by',
  'payout.paid':
    'A payout was paid: the bank booked it, or the operator marked it paid (a payment made another way); `paid_at` says when',
  'payout.failed':
    'The bank rejected or returned a payout (also after it was paid), or the operator marked it failed; `failure_code` and `failure_message` say why',
  'payout.cancelled': 'A payout was cancelled',
  'payout.retried':
    'A payout is `pending` again: a failed payout was retried, or the payment file it was in was voided; it goes into a later file',
  'return_url.approved': 'The operator approved one of your verification return URLs',
  'return_url.rejected': 'The operator rejected (or withdrew) one of your verification return URLs',
} as const;

export type EventType = keyof typeof EVENT_TYPES;

export const EVENT_TYPE_NAMES = Object.keys(EVENT_TYPES) as EventType[];

/**
 * The concrete types a `type` filter names: comma-separated exact types or prefixes ending in `.*`
 * (`payout.*`, `verification.*`). Null when a part names no type at all (the caller answers 422).
 */
export function typesMatching(filter: string): EventType[] | null {
  const matched = new Set<EventType>();
  for (const raw of filter.split(',')) {
    const part = raw.trim();
    const hits = part.endsWith('.*')
      ? EVENT_TYPE_NAMES.filter((type) => type.startsWith(part.slice(0, -1)))
      : EVENT_TYPE_NAMES.filter((type) => type === part);
    if (hits.length === 0) return null;
    for (const hit of hits) matched.add(hit);
  }
  return EVENT_TYPE_NAMES.filter((type) => matched.has(type));
}
