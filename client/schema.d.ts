// Generated from the onpay OpenAPI document by `npm run client:generate`. Do not edit.

export interface paths {
    "/api/v1/payouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your payouts, newest first */
        get: operations["getPayouts"];
        put?: never;
        /**
         * Create payouts on one shared invoice
         * @description Validates the whole batch first; any invalid item rejects the request with 422 naming it, and nothing is stored. Send an `Idempotency-key` so a retry cannot pay anyone twice.
         */
        post: operations["postPayouts"];
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
        /** One payout */
        get: operations["getPayoutsPayout"];
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
        /** A login link that lands on the payout's page (24 hours) */
        post: operations["postPayoutsPayoutLoginLink"];
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
         * @description Approving fills a complete test identity. Absent in live.
         */
        post: operations["postTestHelpersVerificationVerificationSessionComplete"];
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
        /** Your employees, newest link first */
        get: operations["getUsers"];
        put?: never;
        /**
         * Create or link an employee by e-mail
         * @description Creates the employee, or links an existing one (same e-mail) to you; then only `email` and `internal_id` apply. Answers 200 in both cases.
         */
        post: operations["postUsers"];
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
        /** One employee */
        get: operations["getUsersId"];
        /** Partial update: bank account, note, internal_id, profile fields */
        put: operations["putUsersId"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Partial update: bank account, note, internal_id, profile fields */
        patch: operations["patchUsersId"];
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
        /** Create or update the identity */
        put: operations["putUsersIdIdentity"];
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
        /** A signed, single-use login link for the employee (24 hours) */
        post: operations["postUsersIdLoginLink"];
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
        /** One employee's payouts, newest first */
        get: operations["getUsersIdPayouts"];
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
        /** Replace the full profile (completes the profile step) */
        put: operations["putUsersIdProfile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Replace the full profile (completes the profile step) */
        patch: operations["patchUsersIdProfile"];
        trace?: never;
    };
    "/api/v1/users/{id}/terms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The employee's approval of the current terms */
        get: operations["getUsersIdTerms"];
        put?: never;
        /** Approve (true) or withdraw (false) the current terms */
        post: operations["postUsersIdTerms"];
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
         * @description Starts a session (replacing a pending one of the same employee). Open `verification_url` in the end user’s browser, then poll the status.
         */
        post: operations["postUsersIdVerificationFlows"];
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
        /** Find one of your employees by user_id, phone or ssn */
        post: operations["postUsersLookup"];
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
         * @description Creates a request in `pending`; an operator approves or rejects it. Registering the same URL again returns the existing request.
         */
        post: operations["postVerificationReturnUrls"];
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
         * @description Poll every 2 to 5 seconds while `pending`. Terminal states are final.
         */
        get: operations["getVerificationStatusVerificationSession"];
        put?: never;
        post?: never;
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
        /** Payout */
        Payout: {
            /** Format: date-time */
            created_at: string;
            /** Format: date */
            date: string;
            description: string;
            /** @description Employer's national insurance contribution, 14.1 % of salary + holiday pay */
            employer_contribution: string;
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
            status: "pending" | "paid" | "cancelled" | "failed";
            /** @description Withholding on salary plus holiday pay */
            tax_withheld: string;
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
    getPayouts: {
        parameters: {
            query?: {
                /** @description Payout date on or after */
                from?: string;
                /** @description 1-based page number; a page past the end is empty */
                page?: number;
                /** @description Rows per page, 1 to 100 */
                per_page?: number;
                status?: "pending" | "paid" | "cancelled" | "failed";
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
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days). Or: The body is not valid JSON, or not a JSON object */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description A field is missing or invalid; `errors` names every failing field */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
        };
    };
    postPayouts: {
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
                "application/json": {
                    /**
                     * Format: date
                     * @description When the invoice is due (YYYY-MM-DD)
                     */
                    due_date: string;
                    /** @description 1 to 1000 items */
                    payouts: {
                        /**
                         * Format: date
                         * @description The work date (YYYY-MM-DD); decides the tax year
                         */
                        date: string;
                        description?: string;
                        /** @description Hours worked (informative), at most 2 decimals */
                        hours?: number;
                        phone?: string;
                        products: {
                            description: string;
                            /** @description At least 0 (at most 1 000 000), at most 2 decimals */
                            price: number;
                            /** @description Greater than 0 (at most 10 000), at most 4 decimals */
                            quantity: number;
                        }[];
                        ssn?: string;
                        user_id?: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                        count: number;
                        invoice_id: number;
                        payout_ids: number[];
                        /** @description e.g. "3 payouts created on invoice 12" */
                        results: string;
                    };
                };
            };
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days). Or: The body is not valid JSON, or not a JSON object */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The body is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description A field is missing or invalid; `errors` names every failing field */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
        };
    };
    getPayoutsPayout: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path: {
                payout: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date */
                        date: string;
                        description: string;
                        /** @description Employer's national insurance contribution, 14.1 % of salary + holiday pay */
                        employer_contribution: string;
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
                        status: "pending" | "paid" | "cancelled" | "failed";
                        /** @description Withholding on salary plus holiday pay */
                        tax_withheld: string;
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
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days). Or: The body is not valid JSON, or not a JSON object */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
        };
    };
    postPayoutsPayoutLoginLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path: {
                payout: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description true also e-mails the link to the employee */
                    send_email?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days). Or: The body is not valid JSON, or not a JSON object */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The body is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description A field is missing or invalid; `errors` names every failing field */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days) */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
        };
    };
    postTestHelpersVerificationVerificationSessionComplete: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path: {
                verificationSession: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    status: "approved" | "declined" | "cancelled" | "expired" | "error";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days). Or: The body is not valid JSON, or not a JSON object */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description No employee with this id is linked to you */
            404: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description No employee with this id is linked to you */
            409: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The body is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description A field is missing or invalid; `errors` names every failing field */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
        };
    };
    getUsers: {
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
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days). Or: The body is not valid JSON, or not a JSON object */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description A field is missing or invalid; `errors` names every failing field */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
        };
    };
    postUsers: {
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
                };
            };
        };
        responses: {
            /** @description An employee (the same shape from every user operation) */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days). Or: The body is not valid JSON, or not a JSON object */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The body is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description A field is missing or invalid; `errors` names every failing field */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
        };
    };
    getUsersId: {
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
            /** @description An employee (the same shape from every user operation) */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days). Or: The body is not valid JSON, or not a JSON object */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
        };
    };
    putUsersId: {
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
                };
            };
        };
        responses: {
            /** @description An employee (the same shape from every user operation) */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days). Or: The body is not valid JSON, or not a JSON object */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The body is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description A field is missing or invalid; `errors` names every failing field */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
        };
    };
    patchUsersId: {
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
                };
            };
        };
        responses: {
            /** @description An employee (the same shape from every user operation) */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days). Or: The body is not valid JSON, or not a JSON object */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The body is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description A field is missing or invalid; `errors` names every failing field */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
        };
    };
    putUsersIdIdentity: {
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
            /** @description An employee (the same shape from every user operation) */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days). Or: The body is not valid JSON, or not a JSON object */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The body is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description A field is missing or invalid; `errors` names every failing field */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
        };
    };
    postUsersIdLoginLink: {
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
                "application/json": {
                    /** @description true also e-mails the link to the employee */
                    send_email?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days). Or: The body is not valid JSON, or not a JSON object */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The body is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description A field is missing or invalid; `errors` names every failing field */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
        };
    };
    getUsersIdPayouts: {
        parameters: {
            query?: {
                /** @description Payout date on or after */
                from?: string;
                /** @description 1-based page number; a page past the end is empty */
                page?: number;
                /** @description Rows per page, 1 to 100 */
                per_page?: number;
                status?: "pending" | "paid" | "cancelled" | "failed";
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
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days). Or: The body is not valid JSON, or not a JSON object */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description A field is missing or invalid; `errors` names every failing field */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
        };
    };
    putUsersIdProfile: {
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
            /** @description An employee (the same shape from every user operation) */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days). Or: The body is not valid JSON, or not a JSON object */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The body is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description A field is missing or invalid; `errors` names every failing field */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
        };
    };
    patchUsersIdProfile: {
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
            /** @description An employee (the same shape from every user operation) */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days). Or: The body is not valid JSON, or not a JSON object */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The body is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description A field is missing or invalid; `errors` names every failing field */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
        };
    };
    getUsersIdTerms: {
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
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days). Or: The body is not valid JSON, or not a JSON object */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
        };
    };
    postUsersIdTerms: {
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
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days). Or: The body is not valid JSON, or not a JSON object */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The body is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description A field is missing or invalid; `errors` names every failing field */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
        };
    };
    postUsersIdVerificationFlows: {
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
                "application/json": {
                    id_type?: ("local" | "international") | null;
                    partner_return_url: string;
                    /** @description `provider_doc` (document check) or `provider_eid` (national electronic ID) */
                    provider: "provider_doc" | "provider_eid";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days). Or: The body is not valid JSON, or not a JSON object */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The body is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description A field is missing or invalid; `errors` names every failing field */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
        };
    };
    postUsersLookup: {
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
                };
            };
        };
        responses: {
            /** @description An employee (the same shape from every user operation) */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days). Or: The body is not valid JSON, or not a JSON object */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The body is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description A field is missing or invalid; `errors` names every failing field */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days) */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
        };
    };
    postVerificationReturnUrls: {
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
                "application/json": {
                    /** @description The base URL to allow, e.g. https://partner.example/onpay/return */
                    partner_return_url: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days). Or: The body is not valid JSON, or not a JSON object */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The body is not `application/json` */
            415: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description A field is missing or invalid; `errors` names every failing field */
            422: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
        };
    };
    getVerificationStatusVerificationSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice. */
                "Idempotency-key"?: string;
            };
            path: {
                verificationSession: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description The `Idempotency-key` header is not a UUID. Or: The `Idempotency-key` was already used by you (keys are kept 30 days). Or: The body is not valid JSON, or not a JSON object */
            400: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description No employee with this id is linked to you */
            404: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
            /** @description More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Requests allowed per rolling 60 s for this token */
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
        };
    };
}
