// Generated from the onpay OpenAPI document by `npm run client:generate`. Do not edit.

export interface paths {
    "/api/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your events, in order
         * @description Every change to your employees, payouts, verification sessions and return URLs, in the order it committed (`sequence`, gapless and only increasing). Read from `after` (the last sequence you processed), store `next_after`, and ask again: nothing is skipped or repeated, also after downtime. Events are kept 30 days; an `after` older than that answers 410 with `oldest_available`. An extension to the interface specification.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One event
         * @description One of your events, while the feed keeps it (30 days).
         */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/idempotency-keys/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the request that used an Idempotency-key did
         * @description A request whose answer you did not get (a timeout, a dropped connection) may have succeeded. Retrying it with the same `Idempotency-key` answers 400 when it did; this tells you what it answered: its status and the ids it created (`payout_ids` and `invoice_id` of a batch, the employee `id`, the `verification_id`). 404 when you never used the key successfully (a failed request stores no key: retry it), when it expired (30 days), or for a key that is not a UUID.
         */
        get: operations["getIdempotencyKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your invoices, newest first
         * @description One invoice per payout batch (`POST /payouts`), newest first (by `id`). `next` and `previous` are absolute URLs, or "" when there is no such page. `GET /payouts?invoice_id=` lists an invoice’s payouts.
         */
        get: operations["listInvoices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invoices/{invoice}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One invoice, as JSON or as a PDF
         * @description The invoice of one payout batch. `Accept: application/pdf` answers it as a PDF (seller with its organisation number and "MVA", you as buyer with the details onpay holds, the invoice number, issue and due date, one line per payout with the employee’s name, VAT and totals); `application/json`, `*\/*` or no `Accept` answers JSON; anything else is a 406. Another partner’s invoice is a 404, as one that does not exist.
         */
        get: operations["getInvoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your payouts, newest first
         * @description All your payouts, of every employee; `user_id` narrows to one employee, `invoice_id` to one invoice (another partner's invoice lists nothing, as a foreign `user_id` does). Newest first (`created_at`, then `id`). Filters: `status`, and `from` / `to` on the payout `date` (inclusive). `next` and `previous` are absolute URLs keeping your filters, or "" when there is no such page.
         */
        get: operations["listPayouts"];
        put?: never;
        /**
         * Create payouts on one shared invoice
         * @description Validates the whole batch first; any invalid item rejects the request with 422 naming it (`payouts.3.products.0.price`), and nothing is stored. Every employee must be linked to you and onboarded. All payouts of the request share one invoice. Amounts are decimal strings with two decimals, computed exactly (see the payouts guide). Send an `Idempotency-key` so a retry cannot pay anyone twice: a key already used answers 400.
         */
        post: operations["createPayouts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payouts/{payout}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One payout
         * @description The payout with its amounts and status: `pending` until the operator marks it `paid` (`paid_at` set), or `cancelled`, or `failed` (the bank rejected it; it may be retried).
         */
        get: operations["getPayout"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payouts/{payout}/login-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A login link that lands on the payout's page (24 hours)
         * @description Like the employee's login link, but after Continue the employee lands on this payout's page. The link works once, for 24 hours. With `send_email: true` the link is also e-mailed to the employee.
         */
        post: operations["createPayoutLoginLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payouts/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All your payouts, streamed as NDJSON or CSV
         * @description Every payout of yours matching the filters of `GET /payouts` (`status`, `user_id`, `from`, `to`), each the Payout of that list. Streams every row, in id order, at the pace you read (a read of 500 rows at a time); counts once against the rate limit. `Accept: application/x-ndjson` (also for none, `*\/*` or `application/json`) gives one JSON object per line; `Accept: text/csv` gives RFC 4180 CSV (UTF-8, CRLF, a header row, nested values as dotted columns, a cell a spreadsheet would run as a formula prefixed with `'`); anything else is a 406. Rows added or changed during the export appear at most once. A failure half-way cuts the connection before the end of the chunked body: a stream that did not end cleanly is incomplete (see the basics guide, "Exports").
         */
        get: operations["exportPayouts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/terms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Current terms (global)
         * @description The terms every employee must approve (`POST /users/{id}/terms`) before they are onboarded. One version is current at a time; publishing a new one makes `terms_approved` false for everyone until they approve its `code`.
         */
        get: operations["getTerms"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/test-helpers/mailbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sandbox only: the mail your requests caused
         * @description The sandbox sends no e-mail: it keeps it in an outbox. This answers the last 100 messages your own requests caused (login links with `send_email: true`), newest first, and the address of your mailbox page. You never see mail another partner caused. Absent in live (404).
         */
        get: operations["getSandboxMailbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/test-helpers/verification/{verificationSession}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox only: end a pending session with the given status
         * @description For your automated tests: ends a pending session as if the end user had finished at the provider. Approving confirms `identity` when you send one, otherwise the identity you registered with `PUT /users/{id}/identity` when it is complete, otherwise a synthetic test identity. An approval whose identity differs from the one already verified for the person ends in `error` and changes nothing. 409 when the session is no longer pending. Absent in live (404).
         */
        post: operations["completeVerificationForTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your employees, newest link first
         * @description A page of your employees (full User payloads), newest link first. `next` and `previous` are absolute URLs, or "" when there is no such page.
         */
        get: operations["listUsers"];
        put?: never;
        /**
         * Create or link an employee by e-mail
         * @description Creates the employee, or links an existing one (same e-mail, in any letter case) to you; then only `email` and `internal_id` apply, and the other fields are checked as for a new employee (422 when one is invalid) and then ignored. Answers 200 in both cases. Bank fields are optional: exactly one style, domestic (`bank_account_number`) or international (`bank_iban_number` with `bank_bic_number`). Employees created here have `email_verified` true at once.
         */
        post: operations["createOrLinkUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One employee
         * @description The employee with their `onboarding` status. Poll it after verification until `onboarding.is_onboarded` is true.
         */
        get: operations["getUser"];
        /**
         * Partial update: bank account, note, internal_id, profile fields
         * @description Only supplied fields change (null counts as not supplied). Mainly for setting or changing the bank account: exactly one style, domestic or international; switching style clears the other. When the employee has no profile yet, sending any profile field requires all of them (422 naming the missing ones); use `PUT /users/{id}/profile` for a full profile. `PUT` and `PATCH` behave the same.
         */
        put: operations["updateUser"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Partial update: bank account, note, internal_id, profile fields
         * @description Only supplied fields change (null counts as not supplied). Mainly for setting or changing the bank account: exactly one style, domestic or international; switching style clears the other. When the employee has no profile yet, sending any profile field requires all of them (422 naming the missing ones); use `PUT /users/{id}/profile` for a full profile. `PUT` and `PATCH` behave the same.
         */
        patch: operations["patchUser"];
        trace?: never;
    };
    "/api/v1/users/{id}/identity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Create or update the identity
         * @description Records the identity you register for the employee (it does not verify it; a verification session does). `identification` (national identity number), `country_code` (ISO 3166-1 alpha-2) and `birthday` are required; `document_id` is optional. Numbers are checked by country where a rule is known (Norway, Sweden, Denmark, Finland). What you register is yours: another partner linked to the same person never sees it. Once a provider verified the person's identity, sending that identity again is accepted and changes nothing, and a different one is a 409: it changes only through a new verification.
         */
        put: operations["setIdentity"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/login-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A signed, single-use login link for the employee (24 hours)
         * @description Returns a magic link to the employee's onpay pages. Opening it shows a Continue button (so mail scanners that prefetch links do not use it up); pressing it signs the employee in. The link works once, for 24 hours. With `send_email: true` the link is also e-mailed to the employee.
         */
        post: operations["createUserLoginLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/payouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One employee's payouts, newest first
         * @description The payouts you made to one of your employees. Newest first (`created_at`, then `id`). Filters: `status`, and `from` / `to` on the payout `date` (inclusive). `next` and `previous` are absolute URLs keeping your filters, or "" when there is no such page.
         */
        get: operations["listUserPayouts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Replace the full profile (completes the profile step)
         * @description Every field is required; the dial code is checked against the country calling codes in use. Completes the `profile` onboarding step. `PUT` and `PATCH` behave the same.
         */
        put: operations["updateProfile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Replace the full profile (completes the profile step)
         * @description Every field is required; the dial code is checked against the country calling codes in use. Completes the `profile` onboarding step. `PUT` and `PATCH` behave the same.
         */
        patch: operations["patchProfile"];
        trace?: never;
    };
    "/api/v1/users/{id}/terms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The employee's approval of the current terms
         * @description `terms_approved` is true when the employee approved the current terms version; `approved_at` is null otherwise.
         */
        get: operations["getUserTerms"];
        put?: never;
        /**
         * Approve (true) or withdraw (false) the current terms
         * @description Records or withdraws approval of the current terms version and updates the `terms_approved` onboarding step. `changed` is true when the stored value was updated.
         */
        post: operations["setUserTerms"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/verification/flows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a verification session
         * @description Starts a session of 60 minutes, replacing a pending one of the same employee (that one becomes `cancelled`). Open `verification_url` in the end user’s browser; after the provider step the browser is sent to `partner_return_url` with `verification_id` and `status` added to its query. Poll `GET /verification/status/{verificationSession}` with `verification_id`. 422 when the return URL does not match one of your approved URLs.
         */
        post: operations["startVerificationFlow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All your employees, streamed as NDJSON or CSV
         * @description Every employee linked to you, each the User payload of `GET /users`. Streams every row, in id order, at the pace you read (a read of 500 rows at a time); counts once against the rate limit. `Accept: application/x-ndjson` (also for none, `*\/*` or `application/json`) gives one JSON object per line; `Accept: text/csv` gives RFC 4180 CSV (UTF-8, CRLF, a header row, nested values as dotted columns, a cell a spreadsheet would run as a formula prefixed with `'`); anything else is a 406. Rows added or changed during the export appear at most once. A failure half-way cuts the connection before the end of the chunked body: a stream that did not end cleanly is incomplete (see the basics guide, "Exports").
         */
        get: operations["exportUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/lookup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Find one of your employees by user_id, phone or ssn
         * @description Send exactly one of `user_id`, `phone` (the profile phone; spaces and dashes ignored) or `ssn` (the identity number). Only your own employees are searched. A phone or ssn shared by several of your employees is a 422: look them up by `user_id`.
         */
        post: operations["lookupUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/terms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Current terms (same as GET /terms)
         * @description Same answer as `GET /terms`. The terms every employee must approve (`POST /users/{id}/terms`) before they are onboarded. One version is current at a time; publishing a new one makes `terms_approved` false for everyone until they approve its `code`.
         */
        get: operations["getUsersTerms"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/verification-return-urls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a return URL for approval
         * @description Creates a request in `pending`; an operator approves or rejects it, and only an approved URL can be used to start a verification flow. `requested_url` is the canonical form used for matching: trimmed, scheme and host lower-cased, default port, trailing slash, query and fragment dropped. Registering the same URL again returns the existing request (201). Sandbox also accepts `http`.
         */
        post: operations["registerReturnUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/verification/status/{verificationSession}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Poll a verification session
         * @description Poll every 2 to 5 seconds while `pending`; a pending session read after `expires_at` is `expired`. Terminal states (`approved`, `declined`, `cancelled`, `expired`, `error`) are final. `next_action`: `continue_verification` while pending, `redirect_to_partner` after approved, `show_error` after declined, `retry` (start a new flow) otherwise. `onboarding` shows the steps left.
         */
        get: operations["getVerificationStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your webhook endpoints
         * @description Your endpoints, oldest first (secrets are never shown again). An extension to the interface specification (the Events and webhooks guide).
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Register a webhook endpoint
         * @description Your events of the given types are POSTed to `url` from now on, signed per Standard Webhooks. The answer holds the signing `secret`: it is shown only here (and after a rotation). An extension to the interface specification (the Events and webhooks guide).
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One webhook endpoint
         * @description One of your endpoints. An extension to the interface specification (the Events and webhooks guide).
         */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Nothing more is delivered to it; its deliveries and attempts are deleted with it. An extension to the interface specification (the Events and webhooks guide).
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /**
         * Change a webhook endpoint
         * @description Change the URL, the event types or the description, or disable (`disabled: true`) and re-enable it; a re-enabled endpoint resumes where it stopped. An extension to the interface specification (the Events and webhooks guide).
         */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Delivery attempts of an endpoint
         * @description Every attempt to deliver to the endpoint, newest first: the event, when, your answer's status, how long it took, the error, and when it is tried again. An extension to the interface specification (the Events and webhooks guide).
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Re-send events from a sequence
         * @description Queues your events after `after` (of the endpoint's types, still in the feed) again, in order, up to the last one already queued; later events come as usual. One replay covers at most 10 000 sequences after `after`: when more are left, `next_after` is the `after` of the next replay. A replayed event has its original `webhook-id`. An extension to the interface specification (the Events and webhooks guide).
         */
        post: operations["replayWebhookEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing secret
         * @description A new secret signs from now on; for 24 hours the old one signs too (two signatures in `webhook-signature`), so you can switch your receiver without losing a delivery. An extension to the interface specification (the Events and webhooks guide).
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description Queues a `webhook.test` event (sequence 0, not part of your feed) for the endpoint, signed like every delivery. An extension to the interface specification (the Events and webhooks guide).
         */
        post: operations["testWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * Event
         * @example {
         *       "id": "evt_3k9q0d2m7x1c5v8b4n6z0a2s4f",
         *       "type": "payout.paid",
         *       "sequence": 42,
         *       "created_at": "2026-11-23T10:15:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": 501,
         *           "user_id": 42,
         *           "status": "paid",
         *           "paid_at": "2026-11-23T10:15:00.000Z"
         *         }
         *       },
         *       "previous_attributes": {
         *         "status": "pending",
         *         "paid_at": null
         *       }
         *     }
         */
        Event: {
            /** Format: date-time */
            created_at: string;
            data: {
                /** @description The resource exactly as the API returned it to you at that moment (a user, payout, verification status, return URL, terms or payout batch) */
                object: unknown;
            };
            /**
             * @description Unique; use it to recognise a repeated webhook delivery
             * @example evt_3k9q0d2m7x1c5v8b4n6z0a2s4f
             */
            id: string;
            /** @description For `user.updated` and `user.onboarding.updated`: the changed fields before the change */
            previous_attributes?: {
                [key: string]: unknown;
            };
            /** @description Your own counter: every event of yours has the next number, in the order the changes committed, with no gaps */
            sequence: number;
            /**
             * @description `user.created`: You created a new employee (`POST /users` with an e-mail address onpay did not know). `user.linked`: You linked an employee who already had an onboarding with another partner (`POST /users`); your view starts empty. `user.updated`: Fields of your view of an employee changed: your `PUT`/`PATCH` of the employee, profile or identity, a verified identity, or tax facts the operator set. `previous_attributes` holds the changed fields before. `user.onboarding.updated`: The employee’s `onboarding.is_onboarded` or `onboarding.missing_steps` changed for you; `previous_attributes.onboarding` holds the state before. `user.terms.updated`: The employee’s approval of the terms changed (`POST /users/{id}/terms`); the object is the terms status. `user.erased`: The operator erased the employee at their request (their right to erasure): the object is `{"id", "erased_at"}`; every lookup of them answers 404 from now on, their payouts stay readable, and your earlier `user.*` events about them are redacted to `{"id", "erased": true}`. Delete what you hold about them too. `terms.published`: The operator published new terms: every employee must approve the new `code` (one event per partner, not one per employee). `verification.session.created`: You started a verification flow. `verification.session.approved`: A verification ended approved. `verification.session.declined`: A verification ended declined. `verification.session.cancelled`: A verification was cancelled (the employee cancelled, or a newer flow replaced it). `verification.session.expired`: A verification was not finished within its lifetime. `verification.session.error`: A verification ended in an error (the provider failed, or the identity conflicts). `payout.batch.created`: You created payouts (`POST /payouts`): one event per request; the object is the response (the invoice id and every payout id). `payout.processing`: A payout went to the bank in a payment file (`processing`); `trace_id` is the reference the bank reports it by. `payout.paid`: A payout was paid: the bank booked it, or the operator marked it paid (a payment made another way); `paid_at` says when. `payout.failed`: The bank rejected or returned a payout (also after it was paid), or the operator marked it failed; `failure_code` and `failure_message` say why. `payout.cancelled`: A payout was cancelled. `payout.retried`: A payout is `pending` again: a failed payout was retried, or the payment file it was in was voided; it goes into a later file. `return_url.approved`: The operator approved one of your verification return URLs. `return_url.rejected`: The operator rejected (or withdrew) one of your verification return URLs.
             * @enum {string}
             */
            type: "user.created" | "user.linked" | "user.updated" | "user.onboarding.updated" | "user.terms.updated" | "user.erased" | "terms.published" | "verification.session.created" | "verification.session.approved" | "verification.session.declined" | "verification.session.cancelled" | "verification.session.expired" | "verification.session.error" | "payout.batch.created" | "payout.processing" | "payout.paid" | "payout.failed" | "payout.cancelled" | "payout.retried" | "return_url.approved" | "return_url.rejected";
        };
        /**
         * Invoice
         * @description The invoice of one payout batch. With `Accept: application/pdf`, `GET /invoices/{id}` answers the invoice as a PDF.
         * @example {
         *       "id": 77,
         *       "number": 1042,
         *       "issue_date": "2026-11-21",
         *       "due_date": "2026-12-01",
         *       "currency": "NOK",
         *       "total_excl": "4497.30",
         *       "vat": "1124.33",
         *       "total_incl": "5621.63",
         *       "status": "pending",
         *       "payout_count": 2,
         *       "created_at": "2026-11-21T10:10:00.000Z"
         *     }
         */
        Invoice: {
            /** Format: date-time */
            created_at: string;
            /** @enum {string} */
            currency: "NOK";
            /**
             * Format: date
             * @description When it is due: the `due_date` of the batch
             */
            due_date: string;
            /** @description The payouts’ `invoice_id` */
            id: number;
            /**
             * Format: date
             * @description The day it was issued (Europe/Oslo)
             */
            issue_date: string;
            /** @description The invoice number: gapless and increasing over every invoice onpay issues (not only yours) */
            number: number;
            /** @description Its payouts (`GET /payouts?invoice_id=` lists them) */
            payout_count: number;
            /** @description Where its payouts are (not whether you paid the invoice): `pending` while none has gone to the bank; `processing` while some are on their way, failed (awaiting a retry or cancellation) or still pending beside settled ones; `paid` when every payout that was not cancelled is paid; `cancelled` when every payout was cancelled. Treat an unknown status as not final. */
            status: "pending" | "processing" | "paid" | "cancelled";
            /** @description Σ the payouts’ `invoice_excl` */
            total_excl: string;
            /** @description Σ the payouts’ `invoice_incl` */
            total_incl: string;
            /** @description Σ the payouts’ `vat` (25 %) */
            vat: string;
        };
        /**
         * Onboarding
         * @description Onboarding status (status_version v2)
         * @example {
         *       "is_onboarded": false,
         *       "missing_steps": [
         *         "id_verification"
         *       ],
         *       "steps": {
         *         "email_verified": true,
         *         "terms_approved": true,
         *         "profile": true,
         *         "id_verification": false,
         *         "bank_account": true
         *       },
         *       "status_version": "v2",
         *       "evaluated_at": "2026-11-21T10:05:00.000Z"
         *     }
         */
        Onboarding: {
            /** Format: date-time */
            evaluated_at: string;
            is_onboarded: boolean;
            missing_steps: ("email_verified" | "terms_approved" | "profile" | "id_verification" | "bank_account")[];
            /** @enum {string} */
            status_version: "v2";
            steps: {
                bank_account: boolean;
                email_verified: boolean;
                id_verification: boolean;
                profile: boolean;
                terms_approved: boolean;
            };
        };
        /**
         * Payout
         * @description One payout (tax card 35 % in the example)
         * @example {
         *       "id": 501,
         *       "user_id": 42,
         *       "invoice_id": 77,
         *       "status": "pending",
         *       "type": "salary",
         *       "salary": "1650.00",
         *       "vacation": "198.00",
         *       "pension": "33.00",
         *       "net_salary": "1072.50",
         *       "net_vacation": "128.70",
         *       "invoice_excl": "2248.65",
         *       "invoice_incl": "2810.81",
         *       "paid_at": null,
         *       "created_at": "2026-11-21T10:10:00.000Z",
         *       "updated_at": "2026-11-21T10:10:00.000Z",
         *       "date": "2026-11-20",
         *       "hours": "7.5",
         *       "description": "Warehouse, Friday",
         *       "tax_withheld": "646.80",
         *       "employer_contribution": "260.57",
         *       "service_fee": "107.08",
         *       "vat": "562.16",
         *       "trace_id": null,
         *       "failure_code": null,
         *       "failure_message": null
         *     }
         */
        Payout: {
            /** Format: date-time */
            created_at: string;
            /** Format: date */
            date: string;
            description: string;
            /** @description Employer's national insurance contribution, 14.1 % of salary + holiday pay */
            employer_contribution: string;
            /** @description While `failed`: the bank’s reason code (ISO 20022, e.g. AC01 wrong account, AC04 closed account, AM04 insufficient funds), or `MANUAL` when the operator marked it failed; null otherwise */
            failure_code: string | null;
            /** @description While `failed`: what went wrong, in words; null otherwise */
            failure_message: string | null;
            hours: string | null;
            id: number;
            /** @description What you are invoiced for this payout, excluding VAT */
            invoice_excl: string;
            invoice_id: number;
            /** @description Including 25 % VAT */
            invoice_incl: string;
            /** @description Salary after tax withheld */
            net_salary: string;
            /** @description Holiday pay after tax withheld */
            net_vacation: string;
            /** @description null until paid */
            paid_at: string | null;
            /** @description Employer's occupational pension, 2 % of salary */
            pension: string;
            /** @description Σ round(quantity × price) */
            salary: string;
            /** @description onpay service fee */
            service_fee: string;
            /** @description `pending` until it goes to the bank in a payment file (`processing`); then `paid` when the bank booked it or `failed` when it rejected or returned it. A failed payout is retried (`pending` again) or `cancelled`. `processing` is new (2026-11-25): treat an unknown status as not final. */
            status: "pending" | "processing" | "paid" | "cancelled" | "failed";
            /** @description Withholding on salary plus holiday pay */
            tax_withheld: string;
            /** @description The reference of its latest attempt sent to the bank (the payment file’s EndToEndId): null before its first payment file; a retried payout gets a new one in its next file */
            trace_id: string | null;
            /** @enum {string} */
            type: "salary";
            /** Format: date-time */
            updated_at: string;
            user_id: number;
            /** @description Holiday pay, 12 % of salary */
            vacation: string;
            vat: string;
        };
        /**
         * TermsMetadata
         * @description One version of the terms
         * @example {
         *       "code": "onpay-terms-2026-01",
         *       "title": "onpay terms of service",
         *       "url": "https://onpay.example/terms/2026-01"
         *     }
         */
        TermsMetadata: {
            /** @description Identifier of this terms version; approvals are recorded per code. */
            code: string;
            title: string;
            /** @description Where the full text of the terms can be read. */
            url: string;
        };
        /**
         * User
         * @description An employee (the same shape from every user operation)
         * @example {
         *       "id": "42",
         *       "email": "kari.nordmann@example.com",
         *       "internal_id": "1001",
         *       "name": "Kari Nordmann",
         *       "phone": "41234567",
         *       "address": "Storgata 1",
         *       "postal_code": "0155",
         *       "city": "Oslo",
         *       "main_work": "true",
         *       "nationality": "NO",
         *       "note": "",
         *       "bank_account_number": "12345678903",
         *       "bank_iban_number": null,
         *       "bank_bic_number": null,
         *       "tax_percent": null,
         *       "tax_type": "",
         *       "tax_start": "",
         *       "tax_table": "",
         *       "tax_free_card": "",
         *       "onboarding": {
         *         "is_onboarded": false,
         *         "missing_steps": [
         *           "id_verification"
         *         ],
         *         "steps": {
         *           "email_verified": true,
         *           "terms_approved": true,
         *           "profile": true,
         *           "id_verification": false,
         *           "bank_account": true
         *         },
         *         "status_version": "v2",
         *         "evaluated_at": "2026-11-21T10:05:00.000Z"
         *       },
         *       "created_at": "2026-11-21T10:00:00.000Z"
         *     }
         */
        User: {
            address: string;
            bank_account_number: string | null;
            bank_bic_number: string | null;
            bank_iban_number: string | null;
            city: string;
            /** Format: date-time */
            created_at: string;
            email: string;
            /** @description Employee id (a number, as a string) */
            id: string;
            /** @description Your id for the employee; "" when none */
            internal_id: string;
            main_work: "true" | "false";
            name: string;
            nationality: string;
            note: string;
            onboarding: components["schemas"]["Onboarding"];
            phone: string;
            postal_code: string;
            tax_free_card: string;
            tax_percent: string | null;
            tax_start: string;
            tax_table: string;
            tax_type: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listEvents: {
        parameters: {
            query?: {
                /** @description Events after this sequence; omitted or 0: from the oldest event the feed keeps */
                after?: number;
                /** @description At most this many events, 1 to 500 */
                limit?: number;
                /** @description Only these types: exact types or prefixes ending in `.*`, separated by commas (`payout.*,user.onboarding.updated`) */
                type?: string;
            };
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your events after `after` */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "results": [
                     *         {
                     *           "id": "evt_3k9q0d2m7x1c5v8b4n6z0a2s4f",
                     *           "type": "payout.paid",
                     *           "sequence": 42,
                     *           "created_at": "2026-11-23T10:15:00.000Z",
                     *           "data": {
                     *             "object": {
                     *               "id": 501,
                     *               "user_id": 42,
                     *               "status": "paid",
                     *               "paid_at": "2026-11-23T10:15:00.000Z"
                     *             }
                     *           },
                     *           "previous_attributes": {
                     *             "status": "pending",
                     *             "paid_at": null
                     *           }
                     *         }
                     *       ],
                     *       "next_after": 42,
                     *       "has_more": false
                     *     }
                     */
                    "application/json": {
                        /** @description More events are ready now; false: poll again later with `next_after` */
                        has_more: boolean;
                        /** @description Send as `after` for the next page; store it to resume after downtime */
                        next_after: number;
                        results: components["schemas"]["Event"][];
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The events after `after` have aged out of the feed (kept 30 days); start again from `oldest_available` */
            410: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        /** @description The oldest sequence still in the feed: ask again with `after` one below it */
                        oldest_available: number;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path: {
                /**
                 * @description Event id
                 * @example evt_3k9q0d2m7x1c5v8b4n6z0a2s4f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "evt_3k9q0d2m7x1c5v8b4n6z0a2s4f",
                     *       "type": "payout.paid",
                     *       "sequence": 42,
                     *       "created_at": "2026-11-23T10:15:00.000Z",
                     *       "data": {
                     *         "object": {
                     *           "id": 501,
                     *           "user_id": 42,
                     *           "status": "paid",
                     *           "paid_at": "2026-11-23T10:15:00.000Z"
                     *         }
                     *       },
                     *       "previous_attributes": {
                     *         "status": "pending",
                     *         "paid_at": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        data: {
                            /** @description The resource exactly as the API returned it to you at that moment (a user, payout, verification status, return URL, terms or payout batch) */
                            object: unknown;
                        };
                        /**
                         * @description Unique; use it to recognise a repeated webhook delivery
                         * @example evt_3k9q0d2m7x1c5v8b4n6z0a2s4f
                         */
                        id: string;
                        /** @description For `user.updated` and `user.onboarding.updated`: the changed fields before the change */
                        previous_attributes?: {
                            [key: string]: unknown;
                        };
                        /** @description Your own counter: every event of yours has the next number, in the order the changes committed, with no gaps */
                        sequence: number;
                        /**
                         * @description `user.created`: You created a new employee (`POST /users` with an e-mail address onpay did not know). `user.linked`: You linked an employee who already had an onboarding with another partner (`POST /users`); your view starts empty. `user.updated`: Fields of your view of an employee changed: your `PUT`/`PATCH` of the employee, profile or identity, a verified identity, or tax facts the operator set. `previous_attributes` holds the changed fields before. `user.onboarding.updated`: The employee’s `onboarding.is_onboarded` or `onboarding.missing_steps` changed for you; `previous_attributes.onboarding` holds the state before. `user.terms.updated`: The employee’s approval of the terms changed (`POST /users/{id}/terms`); the object is the terms status. `user.erased`: The operator erased the employee at their request (their right to erasure): the object is `{"id", "erased_at"}`; every lookup of them answers 404 from now on, their payouts stay readable, and your earlier `user.*` events about them are redacted to `{"id", "erased": true}`. Delete what you hold about them too. `terms.published`: The operator published new terms: every employee must approve the new `code` (one event per partner, not one per employee). `verification.session.created`: You started a verification flow. `verification.session.approved`: A verification ended approved. `verification.session.declined`: A verification ended declined. `verification.session.cancelled`: A verification was cancelled (the employee cancelled, or a newer flow replaced it). `verification.session.expired`: A verification was not finished within its lifetime. `verification.session.error`: A verification ended in an error (the provider failed, or the identity conflicts). `payout.batch.created`: You created payouts (`POST /payouts`): one event per request; the object is the response (the invoice id and every payout id). `payout.processing`: A payout went to the bank in a payment file (`processing`); `trace_id` is the reference the bank reports it by. `payout.paid`: A payout was paid: the bank booked it, or the operator marked it paid (a payment made another way); `paid_at` says when. `payout.failed`: The bank rejected or returned a payout (also after it was paid), or the operator marked it failed; `failure_code` and `failure_message` say why. `payout.cancelled`: A payout was cancelled. `payout.retried`: A payout is `pending` again: a failed payout was retried, or the payment file it was in was voided; it goes into a later file. `return_url.approved`: The operator approved one of your verification return URLs. `return_url.rejected`: The operator rejected (or withdrew) one of your verification return URLs.
                         * @enum {string}
                         */
                        type: "user.created" | "user.linked" | "user.updated" | "user.onboarding.updated" | "user.terms.updated" | "user.erased" | "terms.published" | "verification.session.created" | "verification.session.approved" | "verification.session.declined" | "verification.session.cancelled" | "verification.session.expired" | "verification.session.error" | "payout.batch.created" | "payout.processing" | "payout.paid" | "payout.failed" | "payout.cancelled" | "payout.retried" | "return_url.approved" | "return_url.rejected";
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did. Or: The URL holds a malformed percent-encoding */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description No event of yours has this id (events of other partners are never shown) */
            404: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A segment of the URL (a path id) is longer than 100 characters */
            414: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    getIdempotencyKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path: {
                /**
                 * @description The Idempotency-key you sent
                 * @example 6f1c1f8e-7c53-4b8e-9a51-3f0c4f3d2a10
                 */
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stored key and what its request answered */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "key": "6f1c1f8e-7c53-4b8e-9a51-3f0c4f3d2a10",
                     *       "method": "POST",
                     *       "path": "/api/v1/payouts",
                     *       "status": 201,
                     *       "resource": {
                     *         "count": 2,
                     *         "invoice_id": 77,
                     *         "payout_ids": [
                     *           501,
                     *           502
                     *         ]
                     *       },
                     *       "created_at": "2026-11-21T10:10:00.000Z",
                     *       "expires_at": "2026-12-21T10:10:00.000Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description Until then the key cannot be used again (30 days)
                         */
                        expires_at: string;
                        /** Format: uuid */
                        key: string;
                        /** @description The method of the request that used the key */
                        method: string;
                        /** @description Its path */
                        path: string;
                        /** @description The ids in its answer: `id` (an employee or a return URL), `verification_id`, `invoice_id` and `payout_ids`, `count` */
                        resource: {
                            [key: string]: unknown;
                        } | null;
                        /** @description What it answered (a key is stored only for a success); null when the answer was not recorded (a crash right after the write) */
                        status: number | null;
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did. Or: The URL holds a malformed percent-encoding */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description You have no stored, unexpired key by this value */
            404: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A segment of the URL (a path id) is longer than 100 characters */
            414: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    listInvoices: {
        parameters: {
            query?: {
                /** @description 1-based page number; a page past the end is empty */
                page?: number;
                /** @description Rows per page, 1 to 100 */
                per_page?: number;
            };
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of your invoices */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "total": 12,
                     *       "next": "https://onpay.example/api/v1/invoices?page=2&per_page=1",
                     *       "previous": "",
                     *       "count": 1,
                     *       "results": [
                     *         {
                     *           "id": 77,
                     *           "number": 1042,
                     *           "issue_date": "2026-11-21",
                     *           "due_date": "2026-12-01",
                     *           "currency": "NOK",
                     *           "total_excl": "4497.30",
                     *           "vat": "1124.33",
                     *           "total_incl": "5621.63",
                     *           "status": "pending",
                     *           "payout_count": 2,
                     *           "created_at": "2026-11-21T10:10:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description Rows in this page */
                        count: number;
                        /** @description Absolute URL of the next page, or "" on the last page */
                        next: string;
                        /** @description Absolute URL of the previous page, or "" on the first page */
                        previous: string;
                        results: components["schemas"]["Invoice"][];
                        /** @description Rows matching the query, over all pages */
                        total: number;
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    getInvoice: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path: {
                /**
                 * @description Invoice id
                 * @example 77
                 */
                invoice: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invoice */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 77,
                     *       "number": 1042,
                     *       "issue_date": "2026-11-21",
                     *       "due_date": "2026-12-01",
                     *       "currency": "NOK",
                     *       "total_excl": "4497.30",
                     *       "vat": "1124.33",
                     *       "total_incl": "5621.63",
                     *       "status": "pending",
                     *       "payout_count": 2,
                     *       "created_at": "2026-11-21T10:10:00.000Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** @enum {string} */
                        currency: "NOK";
                        /**
                         * Format: date
                         * @description When it is due: the `due_date` of the batch
                         */
                        due_date: string;
                        /** @description The payouts’ `invoice_id` */
                        id: number;
                        /**
                         * Format: date
                         * @description The day it was issued (Europe/Oslo)
                         */
                        issue_date: string;
                        /** @description The invoice number: gapless and increasing over every invoice onpay issues (not only yours) */
                        number: number;
                        /** @description Its payouts (`GET /payouts?invoice_id=` lists them) */
                        payout_count: number;
                        /** @description Where its payouts are (not whether you paid the invoice): `pending` while none has gone to the bank; `processing` while some are on their way, failed (awaiting a retry or cancellation) or still pending beside settled ones; `paid` when every payout that was not cancelled is paid; `cancelled` when every payout was cancelled. Treat an unknown status as not final. */
                        status: "pending" | "processing" | "paid" | "cancelled";
                        /** @description Σ the payouts’ `invoice_excl` */
                        total_excl: string;
                        /** @description Σ the payouts’ `invoice_incl` */
                        total_incl: string;
                        /** @description Σ the payouts’ `vat` (25 %) */
                        vat: string;
                    };
                    "application/pdf": string;
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did. Or: The URL holds a malformed percent-encoding */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description No invoice with this id is yours (invoices of other partners are never shown) */
            404: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description The `Accept` header allows none of the formats the operation answers in (exports: `application/x-ndjson`, `application/json`, `*\/*` or `text/csv`; an invoice: `application/json`, `*\/*` or `application/pdf`) */
            406: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A segment of the URL (a path id) is longer than 100 characters */
            414: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    listPayouts: {
        parameters: {
            query?: {
                /** @description Payout date on or after */
                from?: string;
                /** @description One invoice’s payouts; another partner’s invoice lists nothing */
                invoice_id?: number;
                /** @description 1-based page number; a page past the end is empty */
                page?: number;
                /** @description Rows per page, 1 to 100 */
                per_page?: number;
                status?: "pending" | "processing" | "paid" | "cancelled" | "failed";
                /** @description Payout date on or before */
                to?: string;
                user_id?: number;
            };
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of your payouts */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "total": 31,
                     *       "next": "https://onpay.example/api/v1/payouts?status=pending&page=2&per_page=1",
                     *       "previous": "",
                     *       "count": 1,
                     *       "results": [
                     *         {
                     *           "id": 501,
                     *           "user_id": 42,
                     *           "invoice_id": 77,
                     *           "status": "pending",
                     *           "type": "salary",
                     *           "salary": "1650.00",
                     *           "vacation": "198.00",
                     *           "pension": "33.00",
                     *           "net_salary": "1072.50",
                     *           "net_vacation": "128.70",
                     *           "invoice_excl": "2248.65",
                     *           "invoice_incl": "2810.81",
                     *           "paid_at": null,
                     *           "created_at": "2026-11-21T10:10:00.000Z",
                     *           "updated_at": "2026-11-21T10:10:00.000Z",
                     *           "date": "2026-11-20",
                     *           "hours": "7.5",
                     *           "description": "Warehouse, Friday",
                     *           "tax_withheld": "646.80",
                     *           "employer_contribution": "260.57",
                     *           "service_fee": "107.08",
                     *           "vat": "562.16",
                     *           "trace_id": null,
                     *           "failure_code": null,
                     *           "failure_message": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description Rows in this page */
                        count: number;
                        /** @description Absolute URL of the next page, or "" on the last page */
                        next: string;
                        /** @description Absolute URL of the previous page, or "" on the first page */
                        previous: string;
                        results: components["schemas"]["Payout"][];
                        /** @description Rows matching the query, over all pages */
                        total: number;
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    createPayouts: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "due_date": "2026-12-01",
                 *       "payouts": [
                 *         {
                 *           "user_id": 42,
                 *           "date": "2026-11-20",
                 *           "hours": 7.5,
                 *           "description": "Warehouse, Friday",
                 *           "products": [
                 *             {
                 *               "quantity": 7.5,
                 *               "price": 220,
                 *               "description": "Hours"
                 *             }
                 *           ]
                 *         },
                 *         {
                 *           "phone": "41234567",
                 *           "date": "2026-11-21",
                 *           "products": [
                 *             {
                 *               "quantity": 1,
                 *               "price": 950,
                 *               "description": "Event shift"
                 *             }
                 *           ]
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: date
                     * @description When the invoice is due (YYYY-MM-DD), from 2000-01-01 to one year after today
                     */
                    due_date: string;
                    /** @description 1 to 1000 items; each names its employee with exactly one of `user_id`, `phone` or `ssn` */
                    payouts: ({
                        /**
                         * Format: date
                         * @description The work date (YYYY-MM-DD), from 2000-01-01 to one year after today; decides the tax year
                         */
                        date: string;
                        description?: string;
                        /** @description Hours worked (informative), at most 2 decimals */
                        hours?: number;
                        phone?: string;
                        /** @description At most 1 000 000.00 of salary (Σ round(quantity × price)) per item */
                        products: {
                            description: string;
                            /** @description At least 0 (at most 1 000 000), at most 2 decimals */
                            price: number;
                            /** @description Greater than 0 (at most 10 000), at most 4 decimals */
                            quantity: number;
                        }[];
                        ssn?: string;
                        user_id?: number;
                    } & ({
                        user_id: unknown;
                    } | {
                        phone: unknown;
                    } | {
                        ssn: unknown;
                    }))[];
                };
            };
        };
        responses: {
            /** @description The payouts were created on one new invoice */
            201: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "count": 2,
                     *       "results": "2 payouts created on invoice 77",
                     *       "invoice_id": 77,
                     *       "payout_ids": [
                     *         501,
                     *         502
                     *       ]
                     *     }
                     */
                    "application/json": {
                        count: number;
                        invoice_id: number;
                        /** @description The new payouts, in item order */
                        payout_ids: number[];
                        /** @description e.g. "3 payouts created on invoice 12" */
                        results: string;
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did. Or: The body is not valid JSON, or not a JSON object */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The body is larger than 5 MiB */
            413: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A body was sent that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    getPayout: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path: {
                /**
                 * @description Payout id
                 * @example 501
                 */
                payout: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payout */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 501,
                     *       "user_id": 42,
                     *       "invoice_id": 77,
                     *       "status": "pending",
                     *       "type": "salary",
                     *       "salary": "1650.00",
                     *       "vacation": "198.00",
                     *       "pension": "33.00",
                     *       "net_salary": "1072.50",
                     *       "net_vacation": "128.70",
                     *       "invoice_excl": "2248.65",
                     *       "invoice_incl": "2810.81",
                     *       "paid_at": null,
                     *       "created_at": "2026-11-21T10:10:00.000Z",
                     *       "updated_at": "2026-11-21T10:10:00.000Z",
                     *       "date": "2026-11-20",
                     *       "hours": "7.5",
                     *       "description": "Warehouse, Friday",
                     *       "tax_withheld": "646.80",
                     *       "employer_contribution": "260.57",
                     *       "service_fee": "107.08",
                     *       "vat": "562.16",
                     *       "trace_id": null,
                     *       "failure_code": null,
                     *       "failure_message": null
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date */
                        date: string;
                        description: string;
                        /** @description Employer's national insurance contribution, 14.1 % of salary + holiday pay */
                        employer_contribution: string;
                        /** @description While `failed`: the bank’s reason code (ISO 20022, e.g. AC01 wrong account, AC04 closed account, AM04 insufficient funds), or `MANUAL` when the operator marked it failed; null otherwise */
                        failure_code: string | null;
                        /** @description While `failed`: what went wrong, in words; null otherwise */
                        failure_message: string | null;
                        hours: string | null;
                        id: number;
                        /** @description What you are invoiced for this payout, excluding VAT */
                        invoice_excl: string;
                        invoice_id: number;
                        /** @description Including 25 % VAT */
                        invoice_incl: string;
                        /** @description Salary after tax withheld */
                        net_salary: string;
                        /** @description Holiday pay after tax withheld */
                        net_vacation: string;
                        /** @description null until paid */
                        paid_at: string | null;
                        /** @description Employer's occupational pension, 2 % of salary */
                        pension: string;
                        /** @description Σ round(quantity × price) */
                        salary: string;
                        /** @description onpay service fee */
                        service_fee: string;
                        /** @description `pending` until it goes to the bank in a payment file (`processing`); then `paid` when the bank booked it or `failed` when it rejected or returned it. A failed payout is retried (`pending` again) or `cancelled`. `processing` is new (2026-11-25): treat an unknown status as not final. */
                        status: "pending" | "processing" | "paid" | "cancelled" | "failed";
                        /** @description Withholding on salary plus holiday pay */
                        tax_withheld: string;
                        /** @description The reference of its latest attempt sent to the bank (the payment file’s EndToEndId): null before its first payment file; a retried payout gets a new one in its next file */
                        trace_id: string | null;
                        /** @enum {string} */
                        type: "salary";
                        /** Format: date-time */
                        updated_at: string;
                        user_id: number;
                        /** @description Holiday pay, 12 % of salary */
                        vacation: string;
                        vat: string;
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did. Or: The URL holds a malformed percent-encoding */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description No payout with this id is yours */
            404: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description A segment of the URL (a path id) is longer than 100 characters */
            414: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    createPayoutLoginLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path: {
                /**
                 * @description Payout id
                 * @example 501
                 */
                payout: string;
            };
            cookie?: never;
        };
        /** @description Optional: no body, or an empty one, means `{"send_email": false}`; a body that is sent must be a JSON object */
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "send_email": true
                 *     }
                 */
                "application/json": {
                    /** @description true also e-mails the link to the employee */
                    send_email?: boolean;
                };
            };
        };
        responses: {
            /** @description The login link */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "login_url": "https://onpay.example.com/login/42.Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4.3q2-7wAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
                     *       "expires_at": "2026-11-22T10:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description 24 hours after creation
                         */
                        expires_at: string;
                        /** @description Single-use magic link; opens a page with a Continue button */
                        login_url: string;
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did. Or: The body is not valid JSON, or not a JSON object. Or: The URL holds a malformed percent-encoding */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description No payout with this id is yours */
            404: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The body is larger than 5 MiB */
            413: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A segment of the URL (a path id) is longer than 100 characters */
            414: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A body was sent that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    exportPayouts: {
        parameters: {
            query?: {
                /** @description Payout date on or after */
                from?: string;
                status?: "pending" | "processing" | "paid" | "cancelled" | "failed";
                /** @description Payout date on or before */
                to?: string;
                user_id?: number;
            };
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every payout of yours, streamed */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/x-ndjson": {
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date */
                        date: string;
                        description: string;
                        /** @description Employer's national insurance contribution, 14.1 % of salary + holiday pay */
                        employer_contribution: string;
                        /** @description While `failed`: the bank’s reason code (ISO 20022, e.g. AC01 wrong account, AC04 closed account, AM04 insufficient funds), or `MANUAL` when the operator marked it failed; null otherwise */
                        failure_code: string | null;
                        /** @description While `failed`: what went wrong, in words; null otherwise */
                        failure_message: string | null;
                        hours: string | null;
                        id: number;
                        /** @description What you are invoiced for this payout, excluding VAT */
                        invoice_excl: string;
                        invoice_id: number;
                        /** @description Including 25 % VAT */
                        invoice_incl: string;
                        /** @description Salary after tax withheld */
                        net_salary: string;
                        /** @description Holiday pay after tax withheld */
                        net_vacation: string;
                        /** @description null until paid */
                        paid_at: string | null;
                        /** @description Employer's occupational pension, 2 % of salary */
                        pension: string;
                        /** @description Σ round(quantity × price) */
                        salary: string;
                        /** @description onpay service fee */
                        service_fee: string;
                        /** @description `pending` until it goes to the bank in a payment file (`processing`); then `paid` when the bank booked it or `failed` when it rejected or returned it. A failed payout is retried (`pending` again) or `cancelled`. `processing` is new (2026-11-25): treat an unknown status as not final. */
                        status: "pending" | "processing" | "paid" | "cancelled" | "failed";
                        /** @description Withholding on salary plus holiday pay */
                        tax_withheld: string;
                        /** @description The reference of its latest attempt sent to the bank (the payment file’s EndToEndId): null before its first payment file; a retried payout gets a new one in its next file */
                        trace_id: string | null;
                        /** @enum {string} */
                        type: "salary";
                        /** Format: date-time */
                        updated_at: string;
                        user_id: number;
                        /** @description Holiday pay, 12 % of salary */
                        vacation: string;
                        vat: string;
                    };
                    "text/csv": string;
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The `Accept` header allows none of the formats the operation answers in (exports: `application/x-ndjson`, `application/json`, `*\/*` or `text/csv`; an invoice: `application/json`, `*\/*` or `application/pdf`) */
            406: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    getTerms: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The current terms */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "terms": {
                     *         "code": "onpay-terms-2026-01",
                     *         "title": "onpay terms of service",
                     *         "url": "https://onpay.example/terms/2026-01"
                     *       }
                     *     }
                     */
                    "application/json": {
                        terms: components["schemas"]["TermsMetadata"];
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    getSandboxMailbox: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your sandbox mailbox */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "mailbox_url": "https://onpay.example/sandbox/mailbox/3.Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg",
                     *       "messages": [
                     *         {
                     *           "id": 17,
                     *           "to": "kari.nordmann@example.com",
                     *           "subject": "Sign in to onpay (Acme AS)",
                     *           "text": "Hi Kari,\n\nAcme AS sent you a link to see your onpay account and payouts: ...",
                     *           "status": "pending",
                     *           "created_at": "2026-11-21T10:00:00.000Z",
                     *           "page_url": "https://onpay.example/sandbox/mailbox/3.Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg/17"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description Your mailbox page: unguessable, yours only; open it in a browser */
                        mailbox_url: string;
                        /** @description The last 100 messages your requests caused, newest first */
                        messages: {
                            /** Format: date-time */
                            created_at: string;
                            id: number;
                            /** @description The message on your mailbox page */
                            page_url: string;
                            /** @description `pending` in a sandbox without SMTP, until the link in it is used or expires: then `failed` (it will not be sent) */
                            status: "pending" | "sent" | "failed";
                            subject: string;
                            /** @description The plain-text body (with any link in it); once the link in it expired or was used, a note that the body was removed */
                            text: string;
                            to: string;
                        }[];
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    completeVerificationForTest: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path: {
                /**
                 * @description `verification_id` from the flow start
                 * @example 3f2b8c4e-9d1a-4b6f-8e2c-7a5d9f1b3c6e
                 */
                verificationSession: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "approved"
                 *     }
                 */
                "application/json": {
                    /** @description With `approved` only: the identity the simulated provider confirms, e.g. `{"identification": "17059012355", "country_code": "NO", "birthday": "1990-05-17", "name": "Kari Nordmann"}`. Without it, the identity you registered with `PUT /users/{id}/identity` (when complete), otherwise a synthetic test identity. */
                    identity?: {
                        /** Format: date */
                        birthday: string;
                        country_code: string;
                        /** @description National identity number */
                        identification: string;
                        name?: string;
                    };
                    /** @description The terminal state to end the session in */
                    status: "approved" | "declined" | "cancelled" | "expired" | "error";
                };
            };
        };
        responses: {
            /** @description The session after completing it */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "verification_id": "3f2b8c4e-9d1a-4b6f-8e2c-7a5d9f1b3c6e",
                     *       "user_id": 42,
                     *       "provider": "provider_doc",
                     *       "id_type": "local",
                     *       "status": "approved",
                     *       "verified_at": "2026-11-21T10:07:00.000Z",
                     *       "expires_at": "2026-11-21T11:00:00.000Z",
                     *       "next_action": "redirect_to_partner",
                     *       "last_polled_at": "2026-11-21T10:07:03.000Z",
                     *       "onboarding": {
                     *         "is_onboarded": true,
                     *         "missing_steps": [],
                     *         "steps": {
                     *           "email_verified": true,
                     *           "terms_approved": true,
                     *           "profile": true,
                     *           "id_verification": true,
                     *           "bank_account": true
                     *         },
                     *         "status_version": "v2",
                     *         "evaluated_at": "2026-11-21T10:07:03.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        expires_at: string;
                        id_type: "local" | "international" | null;
                        /** Format: date-time */
                        last_polled_at: string;
                        next_action: "continue_verification" | "redirect_to_partner" | "retry" | "show_error";
                        onboarding: components["schemas"]["Onboarding"] | null;
                        provider: string;
                        /** @description pending, or one of the terminal states approved, declined, cancelled, expired, error */
                        status: "pending" | "approved" | "declined" | "cancelled" | "expired" | "error";
                        user_id: number;
                        /** Format: uuid */
                        verification_id: string;
                        verified_at: string | null;
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did. Or: The body is not valid JSON, or not a JSON object. Or: The URL holds a malformed percent-encoding */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The verification session belongs to another partner */
            403: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description No verification session with this id */
            404: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description The resource is not in a state that allows this request */
            409: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description The body is larger than 5 MiB */
            413: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A segment of the URL (a path id) is longer than 100 characters */
            414: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A body was sent that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    listUsers: {
        parameters: {
            query?: {
                /** @description 1-based page number; a page past the end is empty */
                page?: number;
                /** @description Rows per page, 1 to 100 */
                per_page?: number;
            };
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of your employees */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "total": 1,
                     *       "next": "",
                     *       "previous": "",
                     *       "count": 1,
                     *       "results": [
                     *         {
                     *           "id": "42",
                     *           "email": "kari.nordmann@example.com",
                     *           "internal_id": "1001",
                     *           "name": "Kari Nordmann",
                     *           "phone": "41234567",
                     *           "address": "Storgata 1",
                     *           "postal_code": "0155",
                     *           "city": "Oslo",
                     *           "main_work": "true",
                     *           "nationality": "NO",
                     *           "note": "",
                     *           "bank_account_number": "12345678903",
                     *           "bank_iban_number": null,
                     *           "bank_bic_number": null,
                     *           "tax_percent": null,
                     *           "tax_type": "",
                     *           "tax_start": "",
                     *           "tax_table": "",
                     *           "tax_free_card": "",
                     *           "onboarding": {
                     *             "is_onboarded": false,
                     *             "missing_steps": [
                     *               "id_verification"
                     *             ],
                     *             "steps": {
                     *               "email_verified": true,
                     *               "terms_approved": true,
                     *               "profile": true,
                     *               "id_verification": false,
                     *               "bank_account": true
                     *             },
                     *             "status_version": "v2",
                     *             "evaluated_at": "2026-11-21T10:05:00.000Z"
                     *           },
                     *           "created_at": "2026-11-21T10:00:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description Rows in this page */
                        count: number;
                        /** @description Absolute URL of the next page, or "" on the last page */
                        next: string;
                        /** @description Absolute URL of the previous page, or "" on the first page */
                        previous: string;
                        results: components["schemas"]["User"][];
                        /** @description Rows matching the query, over all pages */
                        total: number;
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    createOrLinkUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "kari.nordmann@example.com",
                 *       "internal_id": 1001,
                 *       "bank_account_number": "12345678903"
                 *     }
                 */
                "application/json": {
                    address?: string | null;
                    bank_account_number?: string | null;
                    bank_bic_number?: string | null;
                    bank_iban_number?: string | null;
                    city?: string | null;
                    dial_code?: string | null;
                    /** Format: email */
                    email: string;
                    first_name?: string | null;
                    internal_id?: number | null;
                    last_name?: string | null;
                    main_work?: ("true" | "false" | boolean) | null;
                    note?: string | null;
                    phone?: string | null;
                    postal_code?: string | null;
                } & (unknown & unknown & unknown);
            };
        };
        responses: {
            /** @description The employee, created or linked */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "42",
                     *       "email": "kari.nordmann@example.com",
                     *       "internal_id": "1001",
                     *       "name": "Kari Nordmann",
                     *       "phone": "41234567",
                     *       "address": "Storgata 1",
                     *       "postal_code": "0155",
                     *       "city": "Oslo",
                     *       "main_work": "true",
                     *       "nationality": "NO",
                     *       "note": "",
                     *       "bank_account_number": "12345678903",
                     *       "bank_iban_number": null,
                     *       "bank_bic_number": null,
                     *       "tax_percent": null,
                     *       "tax_type": "",
                     *       "tax_start": "",
                     *       "tax_table": "",
                     *       "tax_free_card": "",
                     *       "onboarding": {
                     *         "is_onboarded": false,
                     *         "missing_steps": [
                     *           "id_verification"
                     *         ],
                     *         "steps": {
                     *           "email_verified": true,
                     *           "terms_approved": true,
                     *           "profile": true,
                     *           "id_verification": false,
                     *           "bank_account": true
                     *         },
                     *         "status_version": "v2",
                     *         "evaluated_at": "2026-11-21T10:05:00.000Z"
                     *       },
                     *       "created_at": "2026-11-21T10:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        address: string;
                        bank_account_number: string | null;
                        bank_bic_number: string | null;
                        bank_iban_number: string | null;
                        city: string;
                        /** Format: date-time */
                        created_at: string;
                        email: string;
                        /** @description Employee id (a number, as a string) */
                        id: string;
                        /** @description Your id for the employee; "" when none */
                        internal_id: string;
                        main_work: "true" | "false";
                        name: string;
                        nationality: string;
                        note: string;
                        onboarding: components["schemas"]["Onboarding"];
                        phone: string;
                        postal_code: string;
                        tax_free_card: string;
                        tax_percent: string | null;
                        tax_start: string;
                        tax_table: string;
                        tax_type: string;
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did. Or: The body is not valid JSON, or not a JSON object */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The body is larger than 5 MiB */
            413: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A body was sent that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path: {
                /**
                 * @description Employee id
                 * @example 42
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The employee */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "42",
                     *       "email": "kari.nordmann@example.com",
                     *       "internal_id": "1001",
                     *       "name": "Kari Nordmann",
                     *       "phone": "41234567",
                     *       "address": "Storgata 1",
                     *       "postal_code": "0155",
                     *       "city": "Oslo",
                     *       "main_work": "true",
                     *       "nationality": "NO",
                     *       "note": "",
                     *       "bank_account_number": "12345678903",
                     *       "bank_iban_number": null,
                     *       "bank_bic_number": null,
                     *       "tax_percent": null,
                     *       "tax_type": "",
                     *       "tax_start": "",
                     *       "tax_table": "",
                     *       "tax_free_card": "",
                     *       "onboarding": {
                     *         "is_onboarded": false,
                     *         "missing_steps": [
                     *           "id_verification"
                     *         ],
                     *         "steps": {
                     *           "email_verified": true,
                     *           "terms_approved": true,
                     *           "profile": true,
                     *           "id_verification": false,
                     *           "bank_account": true
                     *         },
                     *         "status_version": "v2",
                     *         "evaluated_at": "2026-11-21T10:05:00.000Z"
                     *       },
                     *       "created_at": "2026-11-21T10:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        address: string;
                        bank_account_number: string | null;
                        bank_bic_number: string | null;
                        bank_iban_number: string | null;
                        city: string;
                        /** Format: date-time */
                        created_at: string;
                        email: string;
                        /** @description Employee id (a number, as a string) */
                        id: string;
                        /** @description Your id for the employee; "" when none */
                        internal_id: string;
                        main_work: "true" | "false";
                        name: string;
                        nationality: string;
                        note: string;
                        onboarding: components["schemas"]["Onboarding"];
                        phone: string;
                        postal_code: string;
                        tax_free_card: string;
                        tax_percent: string | null;
                        tax_start: string;
                        tax_table: string;
                        tax_type: string;
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did. Or: The URL holds a malformed percent-encoding */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description No employee with this id is linked to you */
            404: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A segment of the URL (a path id) is longer than 100 characters */
            414: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path: {
                /**
                 * @description Employee id
                 * @example 42
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "bank_iban_number": "NO9386011117947",
                 *       "bank_bic_number": "DNBANOKKXXX",
                 *       "note": "Weekend shifts"
                 *     }
                 */
                "application/json": {
                    address?: string | null;
                    bank_account_number?: string | null;
                    bank_bic_number?: string | null;
                    bank_iban_number?: string | null;
                    city?: string | null;
                    dial_code?: string | null;
                    first_name?: string | null;
                    internal_id?: number | null;
                    last_name?: string | null;
                    main_work?: ("true" | "false" | boolean) | null;
                    note?: string | null;
                    phone?: string | null;
                    postal_code?: string | null;
                } & (unknown & unknown & unknown);
            };
        };
        responses: {
            /** @description The employee after the update */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "42",
                     *       "email": "kari.nordmann@example.com",
                     *       "internal_id": "1001",
                     *       "name": "Kari Nordmann",
                     *       "phone": "41234567",
                     *       "address": "Storgata 1",
                     *       "postal_code": "0155",
                     *       "city": "Oslo",
                     *       "main_work": "true",
                     *       "nationality": "NO",
                     *       "note": "",
                     *       "bank_account_number": "12345678903",
                     *       "bank_iban_number": null,
                     *       "bank_bic_number": null,
                     *       "tax_percent": null,
                     *       "tax_type": "",
                     *       "tax_start": "",
                     *       "tax_table": "",
                     *       "tax_free_card": "",
                     *       "onboarding": {
                     *         "is_onboarded": false,
                     *         "missing_steps": [
                     *           "id_verification"
                     *         ],
                     *         "steps": {
                     *           "email_verified": true,
                     *           "terms_approved": true,
                     *           "profile": true,
                     *           "id_verification": false,
                     *           "bank_account": true
                     *         },
                     *         "status_version": "v2",
                     *         "evaluated_at": "2026-11-21T10:05:00.000Z"
                     *       },
                     *       "created_at": "2026-11-21T10:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        address: string;
                        bank_account_number: string | null;
                        bank_bic_number: string | null;
                        bank_iban_number: string | null;
                        city: string;
                        /** Format: date-time */
                        created_at: string;
                        email: string;
                        /** @description Employee id (a number, as a string) */
                        id: string;
                        /** @description Your id for the employee; "" when none */
                        internal_id: string;
                        main_work: "true" | "false";
                        name: string;
                        nationality: string;
                        note: string;
                        onboarding: components["schemas"]["Onboarding"];
                        phone: string;
                        postal_code: string;
                        tax_free_card: string;
                        tax_percent: string | null;
                        tax_start: string;
                        tax_table: string;
                        tax_type: string;
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did. Or: The body is not valid JSON, or not a JSON object. Or: The URL holds a malformed percent-encoding */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description No employee with this id is linked to you */
            404: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description The body is larger than 5 MiB */
            413: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A segment of the URL (a path id) is longer than 100 characters */
            414: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A body was sent that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    patchUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path: {
                /**
                 * @description Employee id
                 * @example 42
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "bank_iban_number": "NO9386011117947",
                 *       "bank_bic_number": "DNBANOKKXXX",
                 *       "note": "Weekend shifts"
                 *     }
                 */
                "application/json": {
                    address?: string | null;
                    bank_account_number?: string | null;
                    bank_bic_number?: string | null;
                    bank_iban_number?: string | null;
                    city?: string | null;
                    dial_code?: string | null;
                    first_name?: string | null;
                    internal_id?: number | null;
                    last_name?: string | null;
                    main_work?: ("true" | "false" | boolean) | null;
                    note?: string | null;
                    phone?: string | null;
                    postal_code?: string | null;
                } & (unknown & unknown & unknown);
            };
        };
        responses: {
            /** @description The employee after the update */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "42",
                     *       "email": "kari.nordmann@example.com",
                     *       "internal_id": "1001",
                     *       "name": "Kari Nordmann",
                     *       "phone": "41234567",
                     *       "address": "Storgata 1",
                     *       "postal_code": "0155",
                     *       "city": "Oslo",
                     *       "main_work": "true",
                     *       "nationality": "NO",
                     *       "note": "",
                     *       "bank_account_number": "12345678903",
                     *       "bank_iban_number": null,
                     *       "bank_bic_number": null,
                     *       "tax_percent": null,
                     *       "tax_type": "",
                     *       "tax_start": "",
                     *       "tax_table": "",
                     *       "tax_free_card": "",
                     *       "onboarding": {
                     *         "is_onboarded": false,
                     *         "missing_steps": [
                     *           "id_verification"
                     *         ],
                     *         "steps": {
                     *           "email_verified": true,
                     *           "terms_approved": true,
                     *           "profile": true,
                     *           "id_verification": false,
                     *           "bank_account": true
                     *         },
                     *         "status_version": "v2",
                     *         "evaluated_at": "2026-11-21T10:05:00.000Z"
                     *       },
                     *       "created_at": "2026-11-21T10:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        address: string;
                        bank_account_number: string | null;
                        bank_bic_number: string | null;
                        bank_iban_number: string | null;
                        city: string;
                        /** Format: date-time */
                        created_at: string;
                        email: string;
                        /** @description Employee id (a number, as a string) */
                        id: string;
                        /** @description Your id for the employee; "" when none */
                        internal_id: string;
                        main_work: "true" | "false";
                        name: string;
                        nationality: string;
                        note: string;
                        onboarding: components["schemas"]["Onboarding"];
                        phone: string;
                        postal_code: string;
                        tax_free_card: string;
                        tax_percent: string | null;
                        tax_start: string;
                        tax_table: string;
                        tax_type: string;
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did. Or: The body is not valid JSON, or not a JSON object. Or: The URL holds a malformed percent-encoding */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description No employee with this id is linked to you */
            404: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description The body is larger than 5 MiB */
            413: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A segment of the URL (a path id) is longer than 100 characters */
            414: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A body was sent that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    setIdentity: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path: {
                /**
                 * @description Employee id
                 * @example 42
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "identification": "17059012355",
                 *       "country_code": "NO",
                 *       "birthday": "1990-05-17",
                 *       "document_id": "FH1234567"
                 *     }
                 */
                "application/json": {
                    /** Format: date */
                    birthday: string;
                    country_code: string;
                    document_id?: string | null;
                    /** @description National identity number */
                    identification: string;
                };
            };
        };
        responses: {
            /** @description The employee with the identity stored */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "42",
                     *       "email": "kari.nordmann@example.com",
                     *       "internal_id": "1001",
                     *       "name": "Kari Nordmann",
                     *       "phone": "41234567",
                     *       "address": "Storgata 1",
                     *       "postal_code": "0155",
                     *       "city": "Oslo",
                     *       "main_work": "true",
                     *       "nationality": "NO",
                     *       "note": "",
                     *       "bank_account_number": "12345678903",
                     *       "bank_iban_number": null,
                     *       "bank_bic_number": null,
                     *       "tax_percent": null,
                     *       "tax_type": "",
                     *       "tax_start": "",
                     *       "tax_table": "",
                     *       "tax_free_card": "",
                     *       "onboarding": {
                     *         "is_onboarded": false,
                     *         "missing_steps": [
                     *           "id_verification"
                     *         ],
                     *         "steps": {
                     *           "email_verified": true,
                     *           "terms_approved": true,
                     *           "profile": true,
                     *           "id_verification": false,
                     *           "bank_account": true
                     *         },
                     *         "status_version": "v2",
                     *         "evaluated_at": "2026-11-21T10:05:00.000Z"
                     *       },
                     *       "created_at": "2026-11-21T10:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        address: string;
                        bank_account_number: string | null;
                        bank_bic_number: string | null;
                        bank_iban_number: string | null;
                        city: string;
                        /** Format: date-time */
                        created_at: string;
                        email: string;
                        /** @description Employee id (a number, as a string) */
                        id: string;
                        /** @description Your id for the employee; "" when none */
                        internal_id: string;
                        main_work: "true" | "false";
                        name: string;
                        nationality: string;
                        note: string;
                        onboarding: components["schemas"]["Onboarding"];
                        phone: string;
                        postal_code: string;
                        tax_free_card: string;
                        tax_percent: string | null;
                        tax_start: string;
                        tax_table: string;
                        tax_type: string;
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did. Or: The body is not valid JSON, or not a JSON object. Or: The URL holds a malformed percent-encoding */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description No employee with this id is linked to you */
            404: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description The employee already has a verified identity and this one differs */
            409: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description The body is larger than 5 MiB */
            413: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A segment of the URL (a path id) is longer than 100 characters */
            414: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A body was sent that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    createUserLoginLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path: {
                /**
                 * @description Employee id
                 * @example 42
                 */
                id: string;
            };
            cookie?: never;
        };
        /** @description Optional: no body, or an empty one, means `{"send_email": false}`; a body that is sent must be a JSON object */
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "send_email": true
                 *     }
                 */
                "application/json": {
                    /** @description true also e-mails the link to the employee */
                    send_email?: boolean;
                };
            };
        };
        responses: {
            /** @description The login link */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "login_url": "https://onpay.example.com/login/42.Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4.3q2-7wAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
                     *       "expires_at": "2026-11-22T10:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description 24 hours after creation
                         */
                        expires_at: string;
                        /** @description Single-use magic link; opens a page with a Continue button */
                        login_url: string;
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did. Or: The body is not valid JSON, or not a JSON object. Or: The URL holds a malformed percent-encoding */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description No employee with this id is linked to you */
            404: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description The body is larger than 5 MiB */
            413: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A segment of the URL (a path id) is longer than 100 characters */
            414: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A body was sent that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    listUserPayouts: {
        parameters: {
            query?: {
                /** @description Payout date on or after */
                from?: string;
                /** @description 1-based page number; a page past the end is empty */
                page?: number;
                /** @description Rows per page, 1 to 100 */
                per_page?: number;
                status?: "pending" | "processing" | "paid" | "cancelled" | "failed";
                /** @description Payout date on or before */
                to?: string;
            };
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path: {
                /**
                 * @description Employee id
                 * @example 42
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the employee's payouts */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "total": 31,
                     *       "next": "https://onpay.example/api/v1/payouts?status=pending&page=2&per_page=1",
                     *       "previous": "",
                     *       "count": 1,
                     *       "results": [
                     *         {
                     *           "id": 501,
                     *           "user_id": 42,
                     *           "invoice_id": 77,
                     *           "status": "pending",
                     *           "type": "salary",
                     *           "salary": "1650.00",
                     *           "vacation": "198.00",
                     *           "pension": "33.00",
                     *           "net_salary": "1072.50",
                     *           "net_vacation": "128.70",
                     *           "invoice_excl": "2248.65",
                     *           "invoice_incl": "2810.81",
                     *           "paid_at": null,
                     *           "created_at": "2026-11-21T10:10:00.000Z",
                     *           "updated_at": "2026-11-21T10:10:00.000Z",
                     *           "date": "2026-11-20",
                     *           "hours": "7.5",
                     *           "description": "Warehouse, Friday",
                     *           "tax_withheld": "646.80",
                     *           "employer_contribution": "260.57",
                     *           "service_fee": "107.08",
                     *           "vat": "562.16",
                     *           "trace_id": null,
                     *           "failure_code": null,
                     *           "failure_message": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description Rows in this page */
                        count: number;
                        /** @description Absolute URL of the next page, or "" on the last page */
                        next: string;
                        /** @description Absolute URL of the previous page, or "" on the first page */
                        previous: string;
                        results: components["schemas"]["Payout"][];
                        /** @description Rows matching the query, over all pages */
                        total: number;
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did. Or: The URL holds a malformed percent-encoding */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description No employee with this id is linked to you */
            404: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A segment of the URL (a path id) is longer than 100 characters */
            414: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    updateProfile: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path: {
                /**
                 * @description Employee id
                 * @example 42
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "first_name": "Kari",
                 *       "last_name": "Nordmann",
                 *       "address": "Storgata 1",
                 *       "postal_code": "0155",
                 *       "city": "Oslo",
                 *       "dial_code": "+47",
                 *       "phone": "41234567",
                 *       "main_work": "true"
                 *     }
                 */
                "application/json": {
                    address: string;
                    city: string;
                    /** @description Country calling code, e.g. "+47" */
                    dial_code: string;
                    first_name: string;
                    last_name: string;
                    /** @description Whether primary work is through the service: "true" or "false" (JSON booleans accepted) */
                    main_work: "true" | "false" | boolean;
                    /** @description Digits only, 4 to 15 */
                    phone: string;
                    postal_code: string;
                };
            };
        };
        responses: {
            /** @description The employee with the new profile */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "42",
                     *       "email": "kari.nordmann@example.com",
                     *       "internal_id": "1001",
                     *       "name": "Kari Nordmann",
                     *       "phone": "41234567",
                     *       "address": "Storgata 1",
                     *       "postal_code": "0155",
                     *       "city": "Oslo",
                     *       "main_work": "true",
                     *       "nationality": "NO",
                     *       "note": "",
                     *       "bank_account_number": "12345678903",
                     *       "bank_iban_number": null,
                     *       "bank_bic_number": null,
                     *       "tax_percent": null,
                     *       "tax_type": "",
                     *       "tax_start": "",
                     *       "tax_table": "",
                     *       "tax_free_card": "",
                     *       "onboarding": {
                     *         "is_onboarded": false,
                     *         "missing_steps": [
                     *           "id_verification"
                     *         ],
                     *         "steps": {
                     *           "email_verified": true,
                     *           "terms_approved": true,
                     *           "profile": true,
                     *           "id_verification": false,
                     *           "bank_account": true
                     *         },
                     *         "status_version": "v2",
                     *         "evaluated_at": "2026-11-21T10:05:00.000Z"
                     *       },
                     *       "created_at": "2026-11-21T10:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        address: string;
                        bank_account_number: string | null;
                        bank_bic_number: string | null;
                        bank_iban_number: string | null;
                        city: string;
                        /** Format: date-time */
                        created_at: string;
                        email: string;
                        /** @description Employee id (a number, as a string) */
                        id: string;
                        /** @description Your id for the employee; "" when none */
                        internal_id: string;
                        main_work: "true" | "false";
                        name: string;
                        nationality: string;
                        note: string;
                        onboarding: components["schemas"]["Onboarding"];
                        phone: string;
                        postal_code: string;
                        tax_free_card: string;
                        tax_percent: string | null;
                        tax_start: string;
                        tax_table: string;
                        tax_type: string;
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did. Or: The body is not valid JSON, or not a JSON object. Or: The URL holds a malformed percent-encoding */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description No employee with this id is linked to you */
            404: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description The body is larger than 5 MiB */
            413: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A segment of the URL (a path id) is longer than 100 characters */
            414: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A body was sent that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    patchProfile: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path: {
                /**
                 * @description Employee id
                 * @example 42
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "first_name": "Kari",
                 *       "last_name": "Nordmann",
                 *       "address": "Storgata 1",
                 *       "postal_code": "0155",
                 *       "city": "Oslo",
                 *       "dial_code": "+47",
                 *       "phone": "41234567",
                 *       "main_work": "true"
                 *     }
                 */
                "application/json": {
                    address: string;
                    city: string;
                    /** @description Country calling code, e.g. "+47" */
                    dial_code: string;
                    first_name: string;
                    last_name: string;
                    /** @description Whether primary work is through the service: "true" or "false" (JSON booleans accepted) */
                    main_work: "true" | "false" | boolean;
                    /** @description Digits only, 4 to 15 */
                    phone: string;
                    postal_code: string;
                };
            };
        };
        responses: {
            /** @description The employee with the new profile */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "42",
                     *       "email": "kari.nordmann@example.com",
                     *       "internal_id": "1001",
                     *       "name": "Kari Nordmann",
                     *       "phone": "41234567",
                     *       "address": "Storgata 1",
                     *       "postal_code": "0155",
                     *       "city": "Oslo",
                     *       "main_work": "true",
                     *       "nationality": "NO",
                     *       "note": "",
                     *       "bank_account_number": "12345678903",
                     *       "bank_iban_number": null,
                     *       "bank_bic_number": null,
                     *       "tax_percent": null,
                     *       "tax_type": "",
                     *       "tax_start": "",
                     *       "tax_table": "",
                     *       "tax_free_card": "",
                     *       "onboarding": {
                     *         "is_onboarded": false,
                     *         "missing_steps": [
                     *           "id_verification"
                     *         ],
                     *         "steps": {
                     *           "email_verified": true,
                     *           "terms_approved": true,
                     *           "profile": true,
                     *           "id_verification": false,
                     *           "bank_account": true
                     *         },
                     *         "status_version": "v2",
                     *         "evaluated_at": "2026-11-21T10:05:00.000Z"
                     *       },
                     *       "created_at": "2026-11-21T10:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        address: string;
                        bank_account_number: string | null;
                        bank_bic_number: string | null;
                        bank_iban_number: string | null;
                        city: string;
                        /** Format: date-time */
                        created_at: string;
                        email: string;
                        /** @description Employee id (a number, as a string) */
                        id: string;
                        /** @description Your id for the employee; "" when none */
                        internal_id: string;
                        main_work: "true" | "false";
                        name: string;
                        nationality: string;
                        note: string;
                        onboarding: components["schemas"]["Onboarding"];
                        phone: string;
                        postal_code: string;
                        tax_free_card: string;
                        tax_percent: string | null;
                        tax_start: string;
                        tax_table: string;
                        tax_type: string;
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did. Or: The body is not valid JSON, or not a JSON object. Or: The URL holds a malformed percent-encoding */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description No employee with this id is linked to you */
            404: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description The body is larger than 5 MiB */
            413: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A segment of the URL (a path id) is longer than 100 characters */
            414: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A body was sent that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    getUserTerms: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path: {
                /**
                 * @description Employee id
                 * @example 42
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The employee's terms status */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user_id": "42",
                     *       "terms_approved": true,
                     *       "approved_at": "2026-11-21T10:02:00.000Z",
                     *       "terms": {
                     *         "code": "onpay-terms-2026-01",
                     *         "title": "onpay terms of service",
                     *         "url": "https://onpay.example/terms/2026-01"
                     *       }
                     *     }
                     */
                    "application/json": {
                        approved_at: string | null;
                        terms: components["schemas"]["TermsMetadata"];
                        terms_approved: boolean;
                        user_id: string;
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did. Or: The URL holds a malformed percent-encoding */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description No employee with this id is linked to you */
            404: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A segment of the URL (a path id) is longer than 100 characters */
            414: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    setUserTerms: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path: {
                /**
                 * @description Employee id
                 * @example 42
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "approved": true
                 *     }
                 */
                "application/json": {
                    /** @description true records approval of the current terms; false withdraws it */
                    approved: boolean;
                };
            };
        };
        responses: {
            /** @description The employee's terms status after the change */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user_id": "42",
                     *       "terms_approved": true,
                     *       "approved_at": "2026-11-21T10:02:00.000Z",
                     *       "terms": {
                     *         "code": "onpay-terms-2026-01",
                     *         "title": "onpay terms of service",
                     *         "url": "https://onpay.example/terms/2026-01"
                     *       },
                     *       "changed": true
                     *     }
                     */
                    "application/json": {
                        approved_at: string | null;
                        /** @description true when the stored value was updated */
                        changed: boolean;
                        terms: components["schemas"]["TermsMetadata"];
                        terms_approved: boolean;
                        user_id: string;
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did. Or: The body is not valid JSON, or not a JSON object. Or: The URL holds a malformed percent-encoding */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description No employee with this id is linked to you */
            404: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description The body is larger than 5 MiB */
            413: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A segment of the URL (a path id) is longer than 100 characters */
            414: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A body was sent that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    startVerificationFlow: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path: {
                /**
                 * @description Employee id
                 * @example 42
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "provider": "provider_doc",
                 *       "partner_return_url": "https://partner.example/onpay/return/employee42",
                 *       "id_type": "local"
                 *     }
                 */
                "application/json": {
                    /** @description Required for `provider_doc`: `local` (national documents only) or `international`. Ignored for `provider_eid`, whatever its value (answered as `null`) */
                    id_type?: unknown;
                    /** @description An approved return URL, or it followed by extra path segments of letters and digits; may carry a query (kept, and extended on redirect) */
                    partner_return_url: string;
                    /** @description `provider_doc` (document check) or `provider_eid` (national electronic ID) */
                    provider: "provider_doc" | "provider_eid";
                };
            };
        };
        responses: {
            /** @description The new pending session */
            201: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "verification_id": "3f2b8c4e-9d1a-4b6f-8e2c-7a5d9f1b3c6e",
                     *       "provider": "provider_doc",
                     *       "status": "pending",
                     *       "id_type": "local",
                     *       "verification_url": "https://onpay.example/verify/Vq3kX9pL2mN8rT5wY1zB4cD7fG0hJ6sA",
                     *       "status_check_url": "https://onpay.example/api/v1/verification/status/3f2b8c4e-9d1a-4b6f-8e2c-7a5d9f1b3c6e",
                     *       "expires_at": "2026-11-21T11:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        expires_at: string;
                        id_type: "local" | "international" | null;
                        provider: string;
                        /** @description pending, or one of the terminal states approved, declined, cancelled, expired, error */
                        status: "pending" | "approved" | "declined" | "cancelled" | "expired" | "error";
                        status_check_url: string;
                        /** Format: uuid */
                        verification_id: string;
                        /** @description Open this in the end user's browser */
                        verification_url: string;
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did. Or: The body is not valid JSON, or not a JSON object. Or: The URL holds a malformed percent-encoding */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description No employee with this id is linked to you */
            404: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description The resource is not in a state that allows this request */
            409: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description The body is larger than 5 MiB */
            413: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A segment of the URL (a path id) is longer than 100 characters */
            414: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A body was sent that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    exportUsers: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every employee of yours, streamed */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/x-ndjson": {
                        address: string;
                        bank_account_number: string | null;
                        bank_bic_number: string | null;
                        bank_iban_number: string | null;
                        city: string;
                        /** Format: date-time */
                        created_at: string;
                        email: string;
                        /** @description Employee id (a number, as a string) */
                        id: string;
                        /** @description Your id for the employee; "" when none */
                        internal_id: string;
                        main_work: "true" | "false";
                        name: string;
                        nationality: string;
                        note: string;
                        /**
                         * @description Onboarding status (status_version v2)
                         * @example {
                         *       "is_onboarded": false,
                         *       "missing_steps": [
                         *         "id_verification"
                         *       ],
                         *       "steps": {
                         *         "email_verified": true,
                         *         "terms_approved": true,
                         *         "profile": true,
                         *         "id_verification": false,
                         *         "bank_account": true
                         *       },
                         *       "status_version": "v2",
                         *       "evaluated_at": "2026-11-21T10:05:00.000Z"
                         *     }
                         */
                        onboarding: {
                            /** Format: date-time */
                            evaluated_at: string;
                            is_onboarded: boolean;
                            missing_steps: ("email_verified" | "terms_approved" | "profile" | "id_verification" | "bank_account")[];
                            /** @enum {string} */
                            status_version: "v2";
                            steps: {
                                bank_account: boolean;
                                email_verified: boolean;
                                id_verification: boolean;
                                profile: boolean;
                                terms_approved: boolean;
                            };
                        };
                        phone: string;
                        postal_code: string;
                        tax_free_card: string;
                        tax_percent: string | null;
                        tax_start: string;
                        tax_table: string;
                        tax_type: string;
                    };
                    "text/csv": string;
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The `Accept` header allows none of the formats the operation answers in (exports: `application/x-ndjson`, `application/json`, `*\/*` or `text/csv`; an invoice: `application/json`, `*\/*` or `application/pdf`) */
            406: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    lookupUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Exactly one of `user_id`, `phone` or `ssn` */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "phone": "41234567"
                 *     }
                 */
                "application/json": {
                    phone?: string;
                    ssn?: string;
                    user_id?: number;
                } & ({
                    user_id: unknown;
                } | {
                    phone: unknown;
                } | {
                    ssn: unknown;
                });
            };
        };
        responses: {
            /** @description The employee (same as GET /users/{id}) */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "42",
                     *       "email": "kari.nordmann@example.com",
                     *       "internal_id": "1001",
                     *       "name": "Kari Nordmann",
                     *       "phone": "41234567",
                     *       "address": "Storgata 1",
                     *       "postal_code": "0155",
                     *       "city": "Oslo",
                     *       "main_work": "true",
                     *       "nationality": "NO",
                     *       "note": "",
                     *       "bank_account_number": "12345678903",
                     *       "bank_iban_number": null,
                     *       "bank_bic_number": null,
                     *       "tax_percent": null,
                     *       "tax_type": "",
                     *       "tax_start": "",
                     *       "tax_table": "",
                     *       "tax_free_card": "",
                     *       "onboarding": {
                     *         "is_onboarded": false,
                     *         "missing_steps": [
                     *           "id_verification"
                     *         ],
                     *         "steps": {
                     *           "email_verified": true,
                     *           "terms_approved": true,
                     *           "profile": true,
                     *           "id_verification": false,
                     *           "bank_account": true
                     *         },
                     *         "status_version": "v2",
                     *         "evaluated_at": "2026-11-21T10:05:00.000Z"
                     *       },
                     *       "created_at": "2026-11-21T10:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        address: string;
                        bank_account_number: string | null;
                        bank_bic_number: string | null;
                        bank_iban_number: string | null;
                        city: string;
                        /** Format: date-time */
                        created_at: string;
                        email: string;
                        /** @description Employee id (a number, as a string) */
                        id: string;
                        /** @description Your id for the employee; "" when none */
                        internal_id: string;
                        main_work: "true" | "false";
                        name: string;
                        nationality: string;
                        note: string;
                        onboarding: components["schemas"]["Onboarding"];
                        phone: string;
                        postal_code: string;
                        tax_free_card: string;
                        tax_percent: string | null;
                        tax_start: string;
                        tax_table: string;
                        tax_type: string;
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did. Or: The body is not valid JSON, or not a JSON object */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description No employee with this id is linked to you */
            404: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description The body is larger than 5 MiB */
            413: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A body was sent that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    getUsersTerms: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The current terms */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "terms": {
                     *         "code": "onpay-terms-2026-01",
                     *         "title": "onpay terms of service",
                     *         "url": "https://onpay.example/terms/2026-01"
                     *       }
                     *     }
                     */
                    "application/json": {
                        terms: components["schemas"]["TermsMetadata"];
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    registerReturnUrl: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "partner_return_url": "https://partner.example/onpay/return"
                 *     }
                 */
                "application/json": {
                    /** @description The base URL to allow, e.g. https://partner.example/onpay/return */
                    partner_return_url: string;
                };
            };
        };
        responses: {
            /** @description The return URL request (new, or the existing one for the same URL) */
            201: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7",
                     *       "partner_id": 3,
                     *       "status": "pending",
                     *       "requested_url": "https://partner.example/onpay/return",
                     *       "requested_at": "2026-11-21T10:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        id: string;
                        partner_id: number;
                        /** Format: date-time */
                        requested_at: string;
                        /** @description Canonical registered base URL; used for matching */
                        requested_url: string;
                        /** @description pending until an operator approves or rejects it */
                        status: "pending" | "approved" | "rejected";
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did. Or: The body is not valid JSON, or not a JSON object */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The body is larger than 5 MiB */
            413: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A body was sent that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    getVerificationStatus: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path: {
                /**
                 * @description `verification_id` from the flow start
                 * @example 3f2b8c4e-9d1a-4b6f-8e2c-7a5d9f1b3c6e
                 */
                verificationSession: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session now */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "verification_id": "3f2b8c4e-9d1a-4b6f-8e2c-7a5d9f1b3c6e",
                     *       "user_id": 42,
                     *       "provider": "provider_doc",
                     *       "id_type": "local",
                     *       "status": "approved",
                     *       "verified_at": "2026-11-21T10:07:00.000Z",
                     *       "expires_at": "2026-11-21T11:00:00.000Z",
                     *       "next_action": "redirect_to_partner",
                     *       "last_polled_at": "2026-11-21T10:07:03.000Z",
                     *       "onboarding": {
                     *         "is_onboarded": true,
                     *         "missing_steps": [],
                     *         "steps": {
                     *           "email_verified": true,
                     *           "terms_approved": true,
                     *           "profile": true,
                     *           "id_verification": true,
                     *           "bank_account": true
                     *         },
                     *         "status_version": "v2",
                     *         "evaluated_at": "2026-11-21T10:07:03.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        expires_at: string;
                        id_type: "local" | "international" | null;
                        /** Format: date-time */
                        last_polled_at: string;
                        next_action: "continue_verification" | "redirect_to_partner" | "retry" | "show_error";
                        onboarding: components["schemas"]["Onboarding"] | null;
                        provider: string;
                        /** @description pending, or one of the terminal states approved, declined, cancelled, expired, error */
                        status: "pending" | "approved" | "declined" | "cancelled" | "expired" | "error";
                        user_id: number;
                        /** Format: uuid */
                        verification_id: string;
                        verified_at: string | null;
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did. Or: The URL holds a malformed percent-encoding */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The verification session belongs to another partner */
            403: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description No verification session with this id */
            404: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A segment of the URL (a path id) is longer than 100 characters */
            414: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                /** @description 1-based page number; a page past the end is empty */
                page?: number;
                /** @description Rows per page, 1 to 100 */
                per_page?: number;
            };
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of your endpoints */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "total": 1,
                     *       "next": "",
                     *       "previous": "",
                     *       "count": 1,
                     *       "results": [
                     *         {
                     *           "id": 7,
                     *           "url": "https://partner.example/onpay/webhooks",
                     *           "description": "Payroll system",
                     *           "event_types": [
                     *             "payout.*",
                     *             "user.onboarding.updated"
                     *           ],
                     *           "disabled": false,
                     *           "disabled_reason": null,
                     *           "failing_since": null,
                     *           "previous_secret_expires_at": null,
                     *           "created_at": "2026-11-23T10:00:00.000Z",
                     *           "updated_at": "2026-11-23T10:00:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description Rows in this page */
                        count: number;
                        /** @description Absolute URL of the next page, or "" on the last page */
                        next: string;
                        /** @description Absolute URL of the previous page, or "" on the first page */
                        previous: string;
                        results: {
                            /** Format: date-time */
                            created_at: string;
                            /** @description Your own note */
                            description: string;
                            /** @description True: nothing is delivered (you or onpay disabled it, or it failed for 5 days) */
                            disabled: boolean;
                            /** @description `partner`: you disabled it; `failing`: every delivery failed for 5 days (the operator was told); `operator`: onpay's operator disabled it (ask support why; `disabled: false` turns it on again) */
                            disabled_reason: "partner" | "failing" | "operator" | null;
                            /** @description The event types delivered: exact types and prefixes ending in `.*` */
                            event_types: string[];
                            /** @description The first failed attempt since the last delivered one; null when the last attempt succeeded */
                            failing_since: string | null;
                            /** @description The endpoint id */
                            id: number;
                            /** @description After a rotation: until when the old secret still signs beside the new one */
                            previous_secret_expires_at: string | null;
                            /** Format: date-time */
                            updated_at: string;
                            /** @description Where deliveries are POSTed */
                            url: string;
                        }[];
                        /** @description Rows matching the query, over all pages */
                        total: number;
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://partner.example/onpay/webhooks",
                 *       "event_types": [
                 *         "payout.*",
                 *         "user.onboarding.updated"
                 *       ],
                 *       "description": "Payroll system"
                 *     }
                 */
                "application/json": {
                    /** @description Your own note */
                    description?: string;
                    /** @description Event types to deliver: exact types (`payout.paid`) or prefixes ending in `.*` (`payout.*`, `*` not accepted); see the Event schema for every type */
                    event_types: string[];
                    /** @description An https:// URL of a public host (the sandbox also accepts http://127.0.0.1 and http://localhost) */
                    url: string;
                };
            };
        };
        responses: {
            /** @description The endpoint, with its signing secret (shown once) */
            201: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 7,
                     *       "url": "https://partner.example/onpay/webhooks",
                     *       "description": "Payroll system",
                     *       "event_types": [
                     *         "payout.*",
                     *         "user.onboarding.updated"
                     *       ],
                     *       "disabled": false,
                     *       "disabled_reason": null,
                     *       "failing_since": null,
                     *       "previous_secret_expires_at": null,
                     *       "created_at": "2026-11-23T10:00:00.000Z",
                     *       "updated_at": "2026-11-23T10:00:00.000Z",
                     *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** @description Your own note */
                        description: string;
                        /** @description True: nothing is delivered (you or onpay disabled it, or it failed for 5 days) */
                        disabled: boolean;
                        /** @description `partner`: you disabled it; `failing`: every delivery failed for 5 days (the operator was told); `operator`: onpay's operator disabled it (ask support why; `disabled: false` turns it on again) */
                        disabled_reason: "partner" | "failing" | "operator" | null;
                        /** @description The event types delivered: exact types and prefixes ending in `.*` */
                        event_types: string[];
                        /** @description The first failed attempt since the last delivered one; null when the last attempt succeeded */
                        failing_since: string | null;
                        /** @description The endpoint id */
                        id: number;
                        /** @description After a rotation: until when the old secret still signs beside the new one */
                        previous_secret_expires_at: string | null;
                        /** @description The signing secret (`whsec_…`): shown only now; verify the `webhook-signature` header with it */
                        secret: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description Where deliveries are POSTed */
                        url: string;
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did. Or: The body is not valid JSON, or not a JSON object */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The body is larger than 5 MiB */
            413: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A body was sent that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path: {
                /**
                 * @description Endpoint id
                 * @example 7
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 7,
                     *       "url": "https://partner.example/onpay/webhooks",
                     *       "description": "Payroll system",
                     *       "event_types": [
                     *         "payout.*",
                     *         "user.onboarding.updated"
                     *       ],
                     *       "disabled": false,
                     *       "disabled_reason": null,
                     *       "failing_since": null,
                     *       "previous_secret_expires_at": null,
                     *       "created_at": "2026-11-23T10:00:00.000Z",
                     *       "updated_at": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** @description Your own note */
                        description: string;
                        /** @description True: nothing is delivered (you or onpay disabled it, or it failed for 5 days) */
                        disabled: boolean;
                        /** @description `partner`: you disabled it; `failing`: every delivery failed for 5 days (the operator was told); `operator`: onpay's operator disabled it (ask support why; `disabled: false` turns it on again) */
                        disabled_reason: "partner" | "failing" | "operator" | null;
                        /** @description The event types delivered: exact types and prefixes ending in `.*` */
                        event_types: string[];
                        /** @description The first failed attempt since the last delivered one; null when the last attempt succeeded */
                        failing_since: string | null;
                        /** @description The endpoint id */
                        id: number;
                        /** @description After a rotation: until when the old secret still signs beside the new one */
                        previous_secret_expires_at: string | null;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description Where deliveries are POSTed */
                        url: string;
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did. Or: The URL holds a malformed percent-encoding */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description No webhook endpoint of yours has this id (endpoints of other partners are never shown) */
            404: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A segment of the URL (a path id) is longer than 100 characters */
            414: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path: {
                /**
                 * @description Endpoint id
                 * @example 7
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint is deleted */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 7,
                     *       "deleted": true
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        id: number;
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did. Or: The body is not valid JSON, or not a JSON object. Or: The URL holds a malformed percent-encoding */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description No webhook endpoint of yours has this id (endpoints of other partners are never shown) */
            404: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description The body is larger than 5 MiB */
            413: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A segment of the URL (a path id) is longer than 100 characters */
            414: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A body was sent that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path: {
                /**
                 * @description Endpoint id
                 * @example 7
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "disabled": false,
                 *       "event_types": [
                 *         "payout.*"
                 *       ]
                 *     }
                 */
                "application/json": {
                    description?: string;
                    /** @description true stops deliveries; false resumes them where they stopped (also after a disable for failing) */
                    disabled?: boolean;
                    /** @description Event types to deliver: exact types (`payout.paid`) or prefixes ending in `.*` (`payout.*`, `*` not accepted); see the Event schema for every type */
                    event_types?: string[];
                    /** @description An https:// URL of a public host (the sandbox also accepts http://127.0.0.1 and http://localhost) */
                    url?: string;
                };
            };
        };
        responses: {
            /** @description The endpoint as it is now */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 7,
                     *       "url": "https://partner.example/onpay/webhooks",
                     *       "description": "Payroll system",
                     *       "event_types": [
                     *         "payout.*",
                     *         "user.onboarding.updated"
                     *       ],
                     *       "disabled": false,
                     *       "disabled_reason": null,
                     *       "failing_since": null,
                     *       "previous_secret_expires_at": null,
                     *       "created_at": "2026-11-23T10:00:00.000Z",
                     *       "updated_at": "2026-11-23T10:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** @description Your own note */
                        description: string;
                        /** @description True: nothing is delivered (you or onpay disabled it, or it failed for 5 days) */
                        disabled: boolean;
                        /** @description `partner`: you disabled it; `failing`: every delivery failed for 5 days (the operator was told); `operator`: onpay's operator disabled it (ask support why; `disabled: false` turns it on again) */
                        disabled_reason: "partner" | "failing" | "operator" | null;
                        /** @description The event types delivered: exact types and prefixes ending in `.*` */
                        event_types: string[];
                        /** @description The first failed attempt since the last delivered one; null when the last attempt succeeded */
                        failing_since: string | null;
                        /** @description The endpoint id */
                        id: number;
                        /** @description After a rotation: until when the old secret still signs beside the new one */
                        previous_secret_expires_at: string | null;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description Where deliveries are POSTed */
                        url: string;
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did. Or: The body is not valid JSON, or not a JSON object. Or: The URL holds a malformed percent-encoding */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description No webhook endpoint of yours has this id (endpoints of other partners are never shown) */
            404: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description The body is larger than 5 MiB */
            413: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A segment of the URL (a path id) is longer than 100 characters */
            414: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A body was sent that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description 1-based page number; a page past the end is empty */
                page?: number;
                /** @description Rows per page, 1 to 100 */
                per_page?: number;
            };
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path: {
                /**
                 * @description Endpoint id
                 * @example 7
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of attempts */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "total": 1,
                     *       "next": "",
                     *       "previous": "",
                     *       "count": 1,
                     *       "results": [
                     *         {
                     *           "id": 31,
                     *           "event_id": "evt_3k9q0d2m7x1c5v8b4n6z0a2s4f",
                     *           "event_type": "payout.paid",
                     *           "sequence": 42,
                     *           "attempted_at": "2026-11-23T10:15:01.000Z",
                     *           "status_code": 500,
                     *           "duration_ms": 84,
                     *           "error": "answered HTTP 500",
                     *           "next_retry_at": "2026-11-23T10:15:06.000Z",
                     *           "delivery_status": "pending"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description Rows in this page */
                        count: number;
                        /** @description Absolute URL of the next page, or "" on the last page */
                        next: string;
                        /** @description Absolute URL of the previous page, or "" on the first page */
                        previous: string;
                        results: {
                            /** Format: date-time */
                            attempted_at: string;
                            /** @description Where the delivery stands now */
                            delivery_status: "pending" | "delivered" | "failed";
                            duration_ms: number;
                            /** @description Why it failed; null when delivered */
                            error: string | null;
                            /** @description The event (and the delivery’s `webhook-id`) */
                            event_id: string;
                            event_type: string;
                            /** @description The attempt id */
                            id: number;
                            /** @description When it is tried again; null when delivered or failed for good */
                            next_retry_at: string | null;
                            /** @description The event’s sequence; 0 for `webhook.test` */
                            sequence: number;
                            /** @description Your answer’s HTTP status; null when none came */
                            status_code: number | null;
                        }[];
                        /** @description Rows matching the query, over all pages */
                        total: number;
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did. Or: The URL holds a malformed percent-encoding */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description No webhook endpoint of yours has this id (endpoints of other partners are never shown) */
            404: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A segment of the URL (a path id) is longer than 100 characters */
            414: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    replayWebhookEvents: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path: {
                /**
                 * @description Endpoint id
                 * @example 7
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "after": 40
                 *     }
                 */
                "application/json": {
                    /** @description Re-send your events after this sequence (of the endpoint’s types), in order, up to the last one already sent */
                    after: number;
                };
            };
        };
        responses: {
            /** @description The events are queued */
            202: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "count": 12,
                     *       "next_after": null
                     *     }
                     */
                    "application/json": {
                        /** @description Deliveries queued */
                        count: number;
                        /** @description One replay covers at most 10 000 sequences: replay again with this `after` for the rest; null when this one reached the last event already queued */
                        next_after: number | null;
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did. Or: The body is not valid JSON, or not a JSON object. Or: The URL holds a malformed percent-encoding */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description No webhook endpoint of yours has this id (endpoints of other partners are never shown) */
            404: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description The events after `after` have aged out of the feed (kept 30 days); start again from `oldest_available` */
            410: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        /** @description The oldest sequence still in the feed: ask again with `after` one below it */
                        oldest_available: number;
                    };
                };
            };
            /** @description The body is larger than 5 MiB */
            413: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A segment of the URL (a path id) is longer than 100 characters */
            414: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A body was sent that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path: {
                /**
                 * @description Endpoint id
                 * @example 7
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint, with its new secret (shown once) */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 7,
                     *       "url": "https://partner.example/onpay/webhooks",
                     *       "description": "Payroll system",
                     *       "event_types": [
                     *         "payout.*",
                     *         "user.onboarding.updated"
                     *       ],
                     *       "disabled": false,
                     *       "disabled_reason": null,
                     *       "failing_since": null,
                     *       "previous_secret_expires_at": null,
                     *       "created_at": "2026-11-23T10:00:00.000Z",
                     *       "updated_at": "2026-11-23T10:00:00.000Z",
                     *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** @description Your own note */
                        description: string;
                        /** @description True: nothing is delivered (you or onpay disabled it, or it failed for 5 days) */
                        disabled: boolean;
                        /** @description `partner`: you disabled it; `failing`: every delivery failed for 5 days (the operator was told); `operator`: onpay's operator disabled it (ask support why; `disabled: false` turns it on again) */
                        disabled_reason: "partner" | "failing" | "operator" | null;
                        /** @description The event types delivered: exact types and prefixes ending in `.*` */
                        event_types: string[];
                        /** @description The first failed attempt since the last delivered one; null when the last attempt succeeded */
                        failing_since: string | null;
                        /** @description The endpoint id */
                        id: number;
                        /** @description After a rotation: until when the old secret still signs beside the new one */
                        previous_secret_expires_at: string | null;
                        /** @description The signing secret (`whsec_…`): shown only now; verify the `webhook-signature` header with it */
                        secret: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description Where deliveries are POSTed */
                        url: string;
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did. Or: The body is not valid JSON, or not a JSON object. Or: The URL holds a malformed percent-encoding */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description No webhook endpoint of yours has this id (endpoints of other partners are never shown) */
            404: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description The body is larger than 5 MiB */
            413: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A segment of the URL (a path id) is longer than 100 characters */
            414: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A body was sent that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    testWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path: {
                /**
                 * @description Endpoint id
                 * @example 7
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The test event is queued */
            202: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "event_id": "evt_0c8d3m2k1q9x7v5b4n6z0a2s4f"
                     *     }
                     */
                    "application/json": {
                        /** @description The `webhook.test` event queued (its id is the delivery’s `webhook-id`) */
                        event_id: string;
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did. Or: The body is not valid JSON, or not a JSON object. Or: The URL holds a malformed percent-encoding */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What is wrong with the body */
                        data?: string;
                        error: string;
                    };
                };
            };
            /** @description Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner */
            401: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description No webhook endpoint of yours has this id (endpoints of other partners are never shown) */
            404: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description The body is larger than 5 MiB */
            413: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A segment of the URL (a path id) is longer than 100 characters */
            414: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A body was sent that is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems */
                        errors: {
                            [key: string]: string[];
                        };
                        /** @description The first problem, readable */
                        message: string;
                    };
                };
            };
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token (without valid credentials: for your client address) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current rolling window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the oldest counted request leaves the window */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Unexpected failure; the detail is logged under the request id (`X-Request-Id`) */
            500: {
                headers: {
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After": number;
                    /** @description Request id (echoed when you send a valid one); quote it in support requests */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
}
