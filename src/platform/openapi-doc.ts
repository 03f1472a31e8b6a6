import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

type Json = Record<string, unknown>;

export const GUIDES: ReadonlyArray<{ slug: string; title: string }> = [
  { slug: 'employees', title: 'Employees and onboarding' },
  { slug: 'verification', title: 'Identity verification' },
  { slug: 'payouts', title: 'Payouts' },
  { slug: 'login-links', title: 'Login links' },
];

const RATE_LIMIT_HEADERS: Json = {
  'RateLimit-Limit': { description: 'Requests allowed per rolling 60 s for this token', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the current rolling window', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the oldest counted request leaves the window', schema: { type: 'integer' } },
  'X-Request-Id': { description: 'Request id (echoed when you send a valid one); quote it in support requests', schema: { type: 'string' } },
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
    'Every request needs both `Authorization: Bearer <access token>` and `API-key: <API key>` of the same partner. Limits: 500 requests per rolling minute per token (429 with `Retry-After`).',
    '',
    `Environment: **${config.env}**.`,
    '',
    '**Guides**',
    '',
    guides,
  ].join('\n');
}

/** Adds what is the same on every operation: security, the Idempotency-key header, response headers. */
function finishDocument(document: Json): Json {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Json>>;
  for (const [path, operations] of Object.entries(paths)) {
    for (const operation of Object.values(operations)) {
      if (typeof operation !== 'object' || operation === null) continue;
      const parameters = ((operation.parameters as Json[] | undefined) ?? []).filter((p) => p.name !== 'Idempotency-key');
      // A query parameter with a default may be left out, whatever the validation schema's `required` says.
      for (const parameter of parameters) {
        if (parameter.in === 'query' && (parameter.schema as Json | undefined)?.default !== undefined) parameter.required = false;
      }
      if (path !== '/api/v1/openapi.json') parameters.push(IDEMPOTENCY_PARAMETER);
      operation.parameters = parameters;
      const responses = (operation.responses ?? {}) as Record<string, Json>;
      for (const [status, response] of Object.entries(responses)) {
        const headers: Json = { ...((response.headers as Json | undefined) ?? {}), ...RATE_LIMIT_HEADERS };
        if (status === '429') headers['Retry-After'] = { description: 'Seconds to wait before retrying', schema: { type: 'integer' } };
        response.headers = headers;
      }
      if (path === '/api/v1/openapi.json') operation.security = [];
    }
  }
  return document;
}

/**
 * The OpenAPI 3.1 document, generated from the same TypeBox schemas that validate requests and
 * serialise responses; served at /api/v1/openapi.json, and rendered at /docs with assets served
 * by the service itself (no CDN: it works offline).
 */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'onpay partner API', version: '1.0.0', description: describeApi(config) },
      servers: [{ url: config.publicBaseUrl, description: config.env === 'sandbox' ? 'Sandbox ({test_base_url})' : 'Live' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'A personal access token (`onp_test_…` or `onp_live_…`)' },
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
        ...(config.env === 'sandbox' ? [{ name: 'Sandbox test helpers', description: 'Only in sandbox' }] : []),
      ],
    },
    transform: ({ schema, url }) => {
      const visible = url.startsWith('/api/v1/') && url !== '/api/v1/openapi.json';
      return { schema: visible ? schema : { ...(schema ?? {}), hide: true }, url };
    },
    transformObject: (documentObject) => finishDocument(('openapiObject' in documentObject ? documentObject.openapiObject : {}) as Json) as never,
  });

  app.get('/api/v1/openapi.json', { config: { public: true }, schema: { hide: true } as Json }, async () => app.swagger());

  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true, tryItOutEnabled: config.env === 'sandbox' },
    staticCSP: true,
    transformSpecificationClone: true,
  });
}
