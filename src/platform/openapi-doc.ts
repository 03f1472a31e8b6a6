import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { documentedBodySchema, MULTILINE, OPTIONAL_BODY } from './body-rules.js';

type Json = Record<string, unknown>;

/** The partner guides (docs/<slug>.md), in reading order. */
const SERVER_DESCRIPTION = {
  sandbox:
    'Sandbox: test credentials (onp_test_…), simulated identity providers and a mailbox instead of e-mail; no money moves',
  live: 'Live: live credentials (onp_live_…), real identity providers, e-mail and payouts',
} as const;

export const GUIDES: ReadonlyArray<{ slug: string; title: string; summary: string }> = [
  {
    slug: 'basics',
    title: 'Basics',
    summary:
      'credentials, environments, errors, rate limits, idempotency, pagination, types, versioning, and a go-live checklist',
  },
  {
    slug: 'employees',
    title: 'Employees and onboarding',
    summary: 'create or link employees, terms, profile, bank account, lookup',
  },
  {
    slug: 'verification',
    title: 'Identity verification',
    summary: 'return URLs, verification flows, the employee’s browser, polling',
  },
  {
    slug: 'payouts',
    title: 'Payouts',
    summary: 'batches on one invoice, how every amount is computed, listing, retries',
  },
  { slug: 'login-links', title: 'Login links', summary: 'single-use links to the employee’s own pages and payouts' },
  {
    slug: 'events',
    title: 'Events and webhooks',
    summary: 'the ordered feed, event types, webhook endpoints, signatures, retries, replay and ordering',
  },
];

const REQUEST_ID_HEADER: Json = {
  description: 'Request id (echoed when you send a valid one); quote it in support requests',
  required: true,
  schema: { type: 'string' },
};

/** Sent on every response the rate limiter counted: all but a failure before counting (a 500), or a limiter that is down. */
const RATE_LIMIT_HEADERS: Json = {
  'RateLimit-Limit': {
    description:
      'Requests allowed per rolling 60 s for this token (without valid credentials: for your client address)',
    schema: { type: 'integer' },
  },
  'RateLimit-Remaining': { description: 'Requests left in the current rolling window', schema: { type: 'integer' } },
  'RateLimit-Reset': {
    description: 'Seconds until the oldest counted request leaves the window',
    schema: { type: 'integer' },
  },
};

/** Statuses that can be answered before the rate limiter counted the request. */
const UNCOUNTED = new Set(['414', '500', '503']);

const RETRY_AFTER_HEADER: Json = {
  description: 'Seconds to wait before retrying',
  required: true,
  schema: { type: 'integer' },
};

const IDEMPOTENCY_PARAMETER: Json = {
  name: 'Idempotency-key',
  in: 'header',
  required: false,
  description:
    'A UUID. Not a UUID → 400. A key already stored for you → 400 on any route. Stored after every successful POST/PUT/PATCH for 30 days. Recommended on POST /payouts so a retry cannot pay twice.',
  schema: { type: 'string', format: 'uuid' },
};

function describeApi(config: Config): string {
  const guides = GUIDES.map((g) => `- [${g.title}](/docs/guides/${g.slug})`).join('\n');
  return [
    'The onpay partner API: create or link employees by e-mail, onboard them (terms, profile, bank account, identity verification), pay them in batches on one shared invoice, and give them magic login links.',
    '',
    'Every request needs both `Authorization: Bearer <access token>` and `API-key: <API key>` of the same partner. Limits: 500 requests per rolling minute per token (429 with `Retry-After`); requests without valid credentials are limited per client address, and an address over that budget is refused before its credentials are looked at.',
    '',
    'A path asked with a method it does not have answers `405 {"error": ...}` with `Allow`; a URL with a malformed percent-encoding `400 {"error": ...}`; a path segment over 100 characters `414 {"error": ...}`; a path id that names nothing of yours, however it is written, `404`.',
    '',
    'Request bodies: a field the operation does not name is refused (422 naming it), and so is text with control characters (a `note` may hold line breaks and tabs), bidirectional embeddings, overrides or isolates, or unpaired surrogates. A body that is not a JSON object (`null` included) answers `400`; an empty body is no body.',
    '',
    'Query strings: a parameter the operation does not name is refused (422 naming it), and numbers are decimal digits (`limit=0x10` is a 422).',
    '',
    `Environment: **${config.env}**.`,
    '',
    '**Guides**',
    '',
    guides,
    '',
    'What changed, and when: the [change notes](/docs/guides/basics#changes).',
  ].join('\n');
}

/** Keywords our schemas carry for the service alone (validation messages), not for the document. */
const PRIVATE_KEYWORDS = new Set(['errorMessage', MULTILINE]);
/** Keywords whose values are data, not schemas: nothing inside them is a keyword. */
const DATA_KEYWORDS = new Set(['example', 'examples', 'default', 'const', 'enum']);

/** Removes private keywords from every schema of the document (a `properties` map's keys are names, not keywords). */
function stripPrivateKeywords(node: unknown, isPropertyMap = false): void {
  if (Array.isArray(node)) {
    for (const item of node) stripPrivateKeywords(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const object = node as Json;
  for (const [key, value] of Object.entries(object)) {
    if (!isPropertyMap && PRIVATE_KEYWORDS.has(key)) delete object[key];
    else if (isPropertyMap || !DATA_KEYWORDS.has(key))
      stripPrivateKeywords(value, !isPropertyMap && key === 'properties');
  }
}

/** Rewrites every `$ref` of the document through `rename`. */
function rewriteRefs(node: unknown, rename: (ref: string) => string): void {
  if (Array.isArray(node)) {
    for (const item of node) rewriteRefs(item, rename);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const object = node as Json;
  for (const [key, value] of Object.entries(object)) {
    if (key === '$ref' && typeof value === 'string') object[key] = rename(value);
    else rewriteRefs(value, rename);
  }
}

/**
 * @fastify/swagger names the shared schemas it lifts into components `def-0`, `def-1`, ...; give
 * them their own names (the TypeBox `$id`, carried as `title`), so the document and the generated
 * client say `User`, not `def-2`.
 */
function nameComponents(document: Json): void {
  const components = document.components as Json | undefined;
  const schemas = components?.schemas as Record<string, Json> | undefined;
  if (!components || !schemas) return;
  const renamed: Record<string, Json> = {};
  const names = new Map<string, string>();
  for (const [name, schema] of Object.entries(schemas)) {
    const title = schema.title;
    const wanted =
      /^def-\d+$/.test(name) && typeof title === 'string' && /^[A-Za-z0-9._-]+$/.test(title) ? title : name;
    const unique = wanted in renamed || (wanted !== name && wanted in schemas) ? name : wanted;
    renamed[unique] = schema;
    names.set(`#/components/schemas/${name}`, `#/components/schemas/${unique}`);
  }
  components.schemas = renamed;
  rewriteRefs(document, (ref) => names.get(ref) ?? ref);
}

/** `post /api/v1/users/{id}/login-link` → `postUsersIdLoginLink`, for an operation that names none. */
function fallbackOperationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\/v1\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace']);

/**
 * Adds what is the same on every operation (security, the Idempotency-key header, response
 * headers), names the shared components, and removes the service's private schema keywords.
 */
function finishDocument(document: Json): Json {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Json>>;
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!HTTP_METHODS.has(method) || typeof operation !== 'object' || operation === null) continue;
      const parameters = ((operation.parameters as Json[] | undefined) ?? []).filter(
        (p) => p.name !== 'Idempotency-key',
      );
      // A query parameter with a default may be left out, whatever the validation schema's `required` says.
      for (const parameter of parameters) {
        if (parameter.in === 'query' && (parameter.schema as Json | undefined)?.default !== undefined)
          parameter.required = false;
      }
      if (path !== '/api/v1/openapi.json') parameters.push(IDEMPOTENCY_PARAMETER);
      operation.parameters = parameters;
      const body = operation.requestBody as
        { required?: boolean; content?: Record<string, { schema?: Json }> } | undefined;
      const bodySchema = body?.content?.['application/json']?.schema;
      if (body && bodySchema?.[OPTIONAL_BODY] === true) {
        body.required = false;
        delete bodySchema[OPTIONAL_BODY];
      }
      operation.operationId ??= fallbackOperationId(method, path);
      const responses = (operation.responses ?? {}) as Record<string, Json>;
      for (const [status, response] of Object.entries(responses)) {
        const headers: Json = { ...((response.headers as Json | undefined) ?? {}) };
        // Never counted, so never with RateLimit headers: a 414 (the router answers it before the
        // guard), a 503 of an instance that is shutting down; a 500 may come before counting.
        // (A 400 for a malformed URL is the router's too: the headers are optional, not required.)
        if (!UNCOUNTED.has(status)) Object.assign(headers, RATE_LIMIT_HEADERS);
        if (status === '429' || status === '503') headers['Retry-After'] = RETRY_AFTER_HEADER;
        headers['X-Request-Id'] = REQUEST_ID_HEADER;
        response.headers = headers;
      }
      if (path === '/api/v1/openapi.json') operation.security = [];
    }
  }
  nameComponents(document);
  stripPrivateKeywords(document);
  return document;
}

/**
 * The OpenAPI 3.1 document, generated from the same TypeBox schemas that validate requests and
 * serialise responses; served at /api/v1/openapi.json and rendered at /docs (src/web/reference.pages.ts).
 */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'onpay partner API', version: '1.0.0', description: describeApi(config) },
      // This instance, as PUBLIC_BASE_URL names it (the paths carry /api/v1).
      servers: [{ url: config.publicBaseUrl, description: SERVER_DESCRIPTION[config.env] }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'A personal access token (`onp_test_…` or `onp_live_…`)',
          },
          apiKey: { type: 'apiKey', in: 'header', name: 'API-key', description: "The partner's API key, a UUID" },
        },
      },
      security: [{ bearerAuth: [], apiKey: [] }],
      tags: [
        { name: 'Users', description: 'Employees: create or link, read, update, profile, identity, lookup' },
        { name: 'Terms', description: 'The current terms and each employee’s approval' },
        { name: 'Verification', description: 'Return URLs, verification sessions and polling' },
        { name: 'Payouts', description: 'Batches on one invoice, listing, one payout' },
        { name: 'Login links', description: 'Single-use magic links for employees' },
        { name: 'Events', description: 'Your ordered feed of changes (an extension to the interface specification)' },
        {
          name: 'Webhooks',
          description: 'Your events POSTed to your endpoints, signed (an extension to the interface specification)',
        },
        { name: 'Idempotency', description: 'What a request sent with an Idempotency-key did' },
        ...(config.env === 'sandbox' ? [{ name: 'Sandbox test helpers', description: 'Only in sandbox' }] : []),
      ],
    },
    // The document lists the partner API plugin's routes, nothing else, and says what the service
    // refuses: no field a body's schema does not name.
    transform: ({ schema, url, route }) => {
      const visible = route.config?.partnerApi === true && !route.config.public;
      if (!visible) return { schema: { ...(schema ?? {}), hide: true }, url };
      return { schema: schema?.body ? { ...schema, body: documentedBodySchema(schema.body) } : schema, url };
    },
    transformObject: (documentObject) =>
      finishDocument(('openapiObject' in documentObject ? documentObject.openapiObject : {}) as Json) as never,
  });
}

/** `GET /api/v1/openapi.json`: a route of the partner API plugin that needs no credentials. */
export async function openApiDocumentRoutes(api: FastifyInstance): Promise<void> {
  api.get('/openapi.json', { config: { public: true }, schema: { hide: true } as Json }, async () => api.swagger());
}
