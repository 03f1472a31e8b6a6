import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { AppError, type ErrorCode } from '../errors.js';
import { GUARD_ERRORS } from './api-guard.js';
import { HANDLER_ERRORS, type Exposure } from './error-handler.js';
import { unknownParameterMessage } from './query-rules.js';

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
  unsupported_media_type: 'A body was sent that is not `application/json`',
  payload_too_large: 'The body is larger than 5 MiB',
  validation_failed:
    'A field or query parameter is missing or invalid, or one the operation does not take; `errors` names each',
  idempotency_key_invalid: 'The `Idempotency-key` header is not a UUID',
  idempotency_key_used:
    'The `Idempotency-key` was already used by you (keys are kept 30 days); `GET /idempotency-keys/{key}` tells what that request did',
  idempotency_key_not_found: 'You have no stored, unexpired key by this value',
  route_not_found: 'No such route',
  method_not_allowed: 'The path exists, but not with this method; `Allow` lists its methods',
  not_acceptable:
    'The `Accept` header allows none of the formats the operation answers in (exports: `application/x-ndjson`, `application/json`, `*/*` or `text/csv`; an invoice: `application/json`, `*/*` or `application/pdf`)',
  bad_url: 'The URL holds a malformed percent-encoding',
  uri_too_long: 'A segment of the URL (a path id) is longer than 100 characters',
  partner_not_found: 'No such partner',
  token_not_found: 'No such access token',
  user_not_found: 'No employee with this id is linked to you',
  payout_not_found: 'No payout with this id is yours',
  invoice_not_found: 'No invoice with this id is yours (invoices of other partners are never shown)',
  session_not_found: 'No verification session with this id',
  session_forbidden: 'The verification session belongs to another partner',
  bank_file_not_found: 'No payment file has this id (operators only; never answered to a partner)',
  bank_report_invalid:
    'The bank report is not a valid pain.002 or camt.054 (operators only; never answered to a partner)',
  conflict: 'The resource is not in a state that allows this request',
  identity_conflict: 'The employee already has a verified identity and this one differs',
  service_unavailable:
    'The database is passing through an outage, or this instance is shutting down; retry after `Retry-After` seconds',
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

/** The document's example of a query string's 422: a parameter the route does not take. */
function unknownParameter(route: RouteOptions): AppError {
  const query = route.schema?.querystring as { properties?: object } | undefined;
  return AppError.field('colour', unknownParameterMessage('colour', Object.keys(query?.properties ?? {})));
}

/** Methods whose requests Fastify reads a body of, whether or not the route takes one. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What a route exposes a request to (error-handler.ts's Exposure): every partner route reads its query string. */
function exposuresOf(route: RouteOptions): Set<Exposure> {
  const methods = [route.method].flat();
  const exposures = new Set<Exposure>(['any', 'query']);
  if (/(^|\/):/.test(route.url)) exposures.add('path');
  if (methods.some((method) => BODY_METHODS.has(method))) exposures.add('body');
  if (route.schema?.body) exposures.add('schema-body');
  return exposures;
}

/** The errors the guard and the error handler can answer on a route, whatever the route itself does. */
export function sharedErrorsOf(route: RouteOptions): AppError[] {
  const exposures = exposuresOf(route);
  return [
    ...GUARD_ERRORS.map((code) => new AppError(code)),
    ...HANDLER_ERRORS.filter((e) => exposures.has(e.on)).map((e) =>
      e.on === 'query' ? unknownParameter(route) : new AppError(e.code, e.message),
    ),
  ];
}

/** A route's own response for a status the shared errors also answer: one description, every example. */
function merge(shared: TSchema, own: TSchema): TSchema {
  const sharedExamples = (shared as Record<string, unknown>)[NAMED_EXAMPLES] as Record<string, unknown>;
  const ownExamples = (own as Record<string, unknown>)[NAMED_EXAMPLES] as Record<string, unknown> | undefined;
  if (!ownExamples) return own;
  const examples = { ...ownExamples };
  for (const [name, example] of Object.entries(sharedExamples)) {
    let unique = name;
    for (let n = 2; unique in examples; n++) unique = `${name}_${n}`;
    examples[unique] = example;
  }
  const descriptions = [own, shared].flatMap((s) =>
    String((s as Record<string, unknown>)[RESPONSE_DESCRIPTION]).split('. Or: '),
  );
  return {
    ...own,
    [RESPONSE_DESCRIPTION]: [...new Set(descriptions)].join('. Or: '),
    [NAMED_EXAMPLES]: examples,
  } as TSchema;
}

/**
 * Gives every route of the instance (the partner API plugin) the error responses the guard and
 * the error handler can answer on it (sharedErrorsOf: taken from their own lists, GUARD_ERRORS
 * and HANDLER_ERRORS), merged with the route's own for the same status. Registered before the
 * routes: their serialisers and the OpenAPI document then both see the complete response map, so
 * no route can forget one.
 */
export function addSharedErrorResponses(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.public || route.config?.methodNotAllowed) return;
    const schema: FastifySchema = route.schema ?? {};
    const own = (schema.response ?? {}) as Record<string, TSchema>;
    const response: Record<string, TSchema> = { ...own };
    for (const [status, shared] of Object.entries(errorResponses(...sharedErrorsOf(route))))
      response[status] = own[status] ? merge(shared, own[status]) : shared;
    route.schema = { ...schema, response };
  });
}
