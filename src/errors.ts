/**
 * The one error type services throw. The error handler turns the code into a status and one of the
 * spec's body shapes (docs/decisions.md §4); services never think about HTTP.
 */

type Shape = 'error' | 'message' | 'validation_400' | 'validation_422';

interface CodeInfo {
  status: number;
  shape: Shape;
  text: string;
}

const CODES = {
  unauthenticated: { status: 401, shape: 'message', text: 'Unauthenticated.' },
  rate_limited: { status: 429, shape: 'message', text: 'Too Many Requests' },
  malformed_body: { status: 400, shape: 'validation_400', text: 'Validation error' },
  unsupported_media_type: { status: 415, shape: 'error', text: 'Content-Type must be application/json.' },
  payload_too_large: { status: 413, shape: 'error', text: 'Request body is too large.' },
  validation_failed: { status: 422, shape: 'validation_422', text: 'The given data was invalid.' },
  idempotency_key_invalid: { status: 400, shape: 'error', text: 'Idempotency-key must be a UUID.' },
  idempotency_key_used: { status: 400, shape: 'error', text: 'Idempotency-key has already been used.' },
  idempotency_key_not_found: { status: 404, shape: 'error', text: 'Idempotency-key not found.' },
  route_not_found: { status: 404, shape: 'error', text: 'Not found.' },
  method_not_allowed: { status: 405, shape: 'error', text: 'Method not allowed.' },
  not_acceptable: {
    status: 406,
    shape: 'error',
    text: 'Accept must allow application/x-ndjson (or application/json) or text/csv.',
  },
  bad_url: { status: 400, shape: 'error', text: 'The URL is not valid: it holds a malformed percent-encoding.' },
  uri_too_long: { status: 414, shape: 'error', text: 'A segment of the URL is too long.' },
  partner_not_found: { status: 404, shape: 'error', text: 'Partner not found.' },
  token_not_found: { status: 404, shape: 'error', text: 'Access token not found.' },
  user_not_found: { status: 404, shape: 'error', text: 'User not found.' },
  payout_not_found: { status: 404, shape: 'message', text: 'Payout not found.' },
  invoice_not_found: { status: 404, shape: 'error', text: 'Invoice not found.' },
  session_not_found: { status: 404, shape: 'error', text: 'Verification session not found.' },
  session_forbidden: { status: 403, shape: 'error', text: 'This verification session belongs to another partner.' },
  event_not_found: { status: 404, shape: 'error', text: 'Event not found.' },
  webhook_endpoint_not_found: { status: 404, shape: 'error', text: 'Webhook endpoint not found.' },
  events_expired: { status: 410, shape: 'error', text: 'These events have aged out of the feed.' },
  forbidden: { status: 403, shape: 'error', text: 'Your role may not do this.' },
  operator_not_found: { status: 404, shape: 'error', text: 'Operator not found.' },
  setup_link_invalid: { status: 410, shape: 'error', text: 'This set-up link is not valid any more.' },
  bank_file_not_found: { status: 404, shape: 'error', text: 'Payment file not found.' },
  bank_report_invalid: { status: 422, shape: 'error', text: 'The bank report cannot be read.' },
  conflict: { status: 409, shape: 'error', text: 'Conflict.' },
  identity_conflict: {
    status: 409,
    shape: 'error',
    text: 'The employee already has a verified identity, and this is a different one; it changes only through a new verification.',
  },
  service_unavailable: { status: 503, shape: 'message', text: 'Service Unavailable' },
  internal: { status: 500, shape: 'message', text: 'Server Error' },
} as const satisfies Record<string, CodeInfo>;

export type ErrorCode = keyof typeof CODES;

/** Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems with that field. */
export type FieldErrors = Record<string, string[]>;

/**
 * One field's problem as a service reports it: a code a program can test, and the problem worded
 * without the field's name, so each door names the field its own way (the API by its name, the
 * command line by its flag, the console by its label: docs/decisions.md §29).
 */
export interface FieldProblem {
  code: string;
  /** What is wrong, as the end of a sentence whose subject is the field: `must be 1 to 255 characters.` */
  problem: string;
}

export type FieldProblems = Record<string, FieldProblem[]>;

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly fieldErrors?: FieldErrors,
    /** More members of an `{error}` body (410's `oldest_available`). */
    readonly details?: Record<string, unknown>,
    /** The fields' problems by code, unworded (AppError.invalid); fieldErrors holds them named by field. */
    readonly problems?: FieldProblems,
  ) {
    super(message ?? CODES[code].text);
    this.name = 'AppError';
    this.status = CODES[code].status;
  }

  /** A 422 for one field, with the message also used as the summary. */
  static field(field: string, problem: string): AppError {
    return new AppError('validation_failed', problem, { [field]: [problem] });
  }

  /** A 422 for several fields; the summary is the first problem. */
  static fields(errors: FieldErrors): AppError {
    const first = Object.values(errors)[0]?.[0] ?? CODES.validation_failed.text;
    return new AppError('validation_failed', first, errors);
  }

  /** A 422 from fields' problems; `fieldErrors` names each field by its name (`rate must be …`). */
  static invalid(problems: Record<string, FieldProblem | FieldProblem[]>): AppError {
    const all: FieldProblems = Object.fromEntries(
      Object.entries(problems).map(([field, some]) => [field, ([] as FieldProblem[]).concat(some)]),
    );
    const error = AppError.worded(all, (field) => field);
    return new AppError('validation_failed', error.message, error.fieldErrors, undefined, all);
  }

  /** The same error with every field named as a door names it (`--rate`, "The fee"); an error without problems is unchanged. */
  wordedFor(name: (field: string) => string): AppError {
    if (!this.problems) return this;
    const worded = AppError.worded(this.problems, name);
    return new AppError(this.code, worded.message, worded.fieldErrors, this.details, this.problems);
  }

  private static worded(problems: FieldProblems, name: (field: string) => string) {
    const fieldErrors: FieldErrors = Object.fromEntries(
      Object.entries(problems).map(([field, list]) => [field, list.map((p) => `${name(field)} ${p.problem}`)]),
    );
    return { fieldErrors, message: Object.values(fieldErrors)[0]?.[0] ?? CODES.validation_failed.text };
  }

  /** The response body in the spec's shape for this code. */
  body(): Record<string, unknown> {
    switch (CODES[this.code].shape) {
      case 'error':
        return { error: this.message, ...this.details };
      case 'message':
        return { message: this.message };
      case 'validation_400':
        return { error: 'Validation error', data: this.message };
      case 'validation_422':
        return { message: this.message, errors: this.fieldErrors ?? {} };
    }
  }
}
