import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { AppError, type ErrorCode } from '../errors.js';

/** The spec's error body shapes (docs/decisions.md §4), as schemas for serialisation and the OpenAPI document. */
export const ErrorBody = Type.Object({ error: Type.String() }, { $id: 'ErrorBody', additionalProperties: false });
/** 410 of the event feed: what aged out, and where the feed starts now. */
export const GoneBody = Type.Object(
  {
    error: Type.String(),
    oldest_available: Type.Integer({
      description: 'The oldest sequence still in the feed: ask again with `after` one below it',
    }),
  },
  { $id: 'GoneBody', additionalProperties: false },
);
export const MessageBody = Type.Object({ message: Type.String() }, { $id: 'MessageBody', additionalProperties: false });
export const BadRequestBody = Type.Object(
  { error: Type.String(), data: Type.Optional(Type.String({ description: 'What is wrong with the body' })) },
  {
    $id: 'BadRequestBody',
    additionalProperties: false,
    description: '`{error}`, or `{error: "Validation error", data}` for a body that is not a JSON object',
  },
);
export const ValidationBody = Type.Object(
  {
    message: Type.String({ description: 'The first problem, readable' }),
    errors: Type.Record(Type.String(), Type.Array(Type.String()), {
      description: 'Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems',
    }),
  },
  { $id: 'ValidationBody', additionalProperties: false },
);

/** The keyword @fastify/swagger reads a response's `description` from (it leaves it out of the schema). */
const RESPONSE_DESCRIPTION = 'x-response-description';
/** The keyword @fastify/swagger turns into the media type's named `examples` (and leaves out of the schema). */
const NAMED_EXAMPLES = 'x-examples';

/** When each error happens, in a partner's words: the document's response descriptions and example summaries. */
const WHEN: Record<ErrorCode, string> = {
  forbidden: 'The console operator’s role does not allow this',
  operator_not_found: 'No console operator has this id',
  setup_link_invalid: 'The console set-up link is unknown, used or expired',
  event_not_found: 'No event of yours has this id (events of other partners are never shown)',
  webhook_endpoint_not_found: 'No webhook endpoint of yours has this id (endpoints of other partners are never shown)',
  events_expired:
    'The events after `after` have aged out of the feed (kept 30 days); start again from `oldest_available`',
  unauthenticated:
    'Credentials missing or wrong: send `Authorization: Bearer <access token>` and `API-key` of the same partner',
  rate_limited:
    'More than the allowed requests in the rolling minute for this token; retry after `Retry-After` seconds',
  malformed_body: 'The body is not valid JSON, or not a JSON object',
  unsupported_media_type: 'The body is not `application/json`',
  payload_too_large: 'The body is larger than 5 MiB',
  validation_failed: 'A field is missing or invalid; `errors` names every failing field',
  idempotency_key_invalid: 'The `Idempotency-key` header is not a UUID',
  idempotency_key_used:
    'The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did',
  idempotency_key_not_found: 'You have no stored, unexpired key by this value',
  route_not_found: 'No such route',
  method_not_allowed: 'The path exists, but not with this method; `Allow` lists its methods',
  bad_url: 'The URL holds a malformed percent-encoding',
  uri_too_long: 'A segment of the URL is longer than 100 characters',
  partner_not_found: 'No such partner',
  token_not_found: 'No such access token',
  user_not_found: 'No employee with this id is linked to you',
  payout_not_found: 'No payout with this id is yours',
  session_not_found: 'No verification session with this id',
  session_forbidden: 'The verification session belongs to another partner',
  conflict: 'The resource is not in a state that allows this request',
  identity_conflict: 'The employee already has a verified identity and this one differs',
  service_unavailable: 'The service is shutting down or not ready; retry',
  internal: 'Unexpected failure; the detail is logged under the request id (`X-Request-Id`)',
};

/**
 * An error a route can answer: its code (the example body is the code's default text), an
 * AppError with a telling example, or just a status (its usual codes, below).
 */
export type DocumentedError = ErrorCode | AppError | number;

/** The usual codes of a bare status. */
const USUAL: Record<number, DocumentedError[]> = {
  400: [
    'idempotency_key_invalid',
    'idempotency_key_used',
    new AppError('malformed_body', 'The request body must be a JSON object.'),
  ],
  401: ['unauthenticated'],
  403: ['session_forbidden'],
  404: ['user_not_found'],
  409: ['conflict'],
  413: ['payload_too_large'],
  415: ['unsupported_media_type'],
  422: ['validation_failed'],
  429: ['rate_limited'],
  500: ['internal'],
};

interface ErrorCase {
  code: ErrorCode;
  status: number;
  body: Record<string, unknown>;
}

function toCases(error: DocumentedError): ErrorCase[] {
  if (typeof error === 'number') {
    const codes = USUAL[error];
    if (!codes) throw new Error(`no error body schema for status ${error}`);
    return codes.flatMap(toCases);
  }
  const appError = typeof error === 'string' ? new AppError(error) : error;
  return [{ code: appError.code, status: appError.status, body: appError.body() }];
}

function bodySchemaFor(status: number, cases: ErrorCase[]): TSchema {
  if (status === 400) return BadRequestBody;
  if (status === 422) return ValidationBody;
  if (status === 410) return GoneBody;
  const shapes = new Set(cases.map((c) => ('message' in c.body ? 'message' : 'error')));
  if (shapes.size > 1) throw new Error(`status ${status} mixes {error} and {message} bodies`);
  return shapes.has('message') ? MessageBody : ErrorBody;
}

/** A schema without its `$id`: a documented copy must not compete with the original for the id. */
function withoutId<T extends TSchema>(schema: T): T {
  const { $id: _id, ...rest } = schema;
  return rest as T;
}

/**
 * Response schemas for the errors a route can answer, keyed by status, to spread into its
 * `response`. The body schema follows the code's shape (errors.ts); the document gets a
 * description per status and one named example per error, taken from AppError itself.
 */
export function errorResponses(...errors: DocumentedError[]): Record<number, TSchema> {
  const byStatus = new Map<number, ErrorCase[]>();
  for (const errorCase of errors.flatMap(toCases)) {
    byStatus.set(errorCase.status, [...(byStatus.get(errorCase.status) ?? []), errorCase]);
  }
  const out: Record<number, TSchema> = {};
  for (const [status, cases] of byStatus) {
    const examples: Record<string, { summary: string; value: unknown }> = {};
    for (const c of cases) {
      let name: string = c.code;
      for (let n = 2; name in examples; n++) name = `${c.code}_${n}`;
      examples[name] = { summary: WHEN[c.code], value: c.body };
    }
    const description = [...new Set(cases.map((c) => WHEN[c.code]))].join('. Or: ');
    out[status] = {
      ...withoutId(bodySchemaFor(status, cases)),
      [RESPONSE_DESCRIPTION]: description,
      [NAMED_EXAMPLES]: examples,
    } as TSchema;
  }
  return out;
}

/**
 * A success response: the shared schema, with what this route's answer means (the document's
 * response description). Examples live on the shared schemas themselves.
 */
export function described<T extends TSchema>(schema: T, description: string): T {
  return { ...withoutId(schema), [RESPONSE_DESCRIPTION]: description } as T;
}

/** The errors every partner route can answer, whatever it does (the guard runs first). */
const GUARD_ERRORS: DocumentedError[] = [
  'idempotency_key_invalid',
  'idempotency_key_used',
  'unauthenticated',
  'rate_limited',
  'internal',
];
/** What reading a JSON body can fail with, on every route that takes one. */
const BODY_ERRORS: DocumentedError[] = [
  new AppError('malformed_body', 'The request body must be a JSON object.'),
  'payload_too_large',
  'unsupported_media_type',
  'validation_failed',
];

/**
 * Gives every route of the instance (the partner API plugin) the error responses it shares with
 * all others (the guard's 400, 401, 429 and 500; a body's 400, 413, 415 and 422; a query's 422),
 * unless the route describes that status itself. Registered before the routes: their serialisers
 * and the OpenAPI document then both see the complete response map, so no route can forget one.
 */
export function addSharedErrorResponses(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.public || route.config?.methodNotAllowed) return;
    const schema: FastifySchema = route.schema ?? {};
    const shared = [...GUARD_ERRORS];
    if (schema.body) shared.push(...BODY_ERRORS);
    else if (schema.querystring) shared.push('validation_failed');
    route.schema = {
      ...schema,
      response: { ...errorResponses(...shared), ...((schema.response as object | undefined) ?? {}) },
    };
  });
}
