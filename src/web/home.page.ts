import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { GUIDES } from '../platform/openapi-doc.js';
import { html, page } from './html.js';
import { SOURCES, sourceUrl } from './reference.pages.js';
import { pageHeaders } from './security.js';

/** `GET /`: where the service's address leads a partner (or a lost employee) on. */
export async function homePage(app: FastifyInstance, options: { config: Config }): Promise<void> {
  const { config } = options;
  const environment = config.env === 'sandbox' ? 'the sandbox' : 'the live service';
  const guides = GUIDES.map((g) => html`<li><a href="/docs/guides/${g.slug}">${g.title}</a></li>`);
  const code = SOURCES.map(
    (s) => html`<li><a href="${sourceUrl(s.file)}">${s.title}</a> (<code>${s.file}</code>): ${s.summary}</li>`,
  );
  const body = html`<h1>onpay partner API</h1>
<p>Employee onboarding and payouts for partner organisations. This is ${environment}; the API's base address is <code>${config.publicBaseUrl}/api/v1</code>.</p>
<h2>Documentation</h2>
<ul>
<li><a href="/docs">API reference</a>: every operation, its parameters, bodies and answers${config.env === 'sandbox' ? ', to try out here' : ''}</li>
<li><a href="/docs/guides">Guides</a>, starting with <a href="/docs/guides/basics">Basics</a></li>
<li><a href="/api/v1/openapi.json">OpenAPI document</a> (OpenAPI 3.1, JSON) for code generators and validators</li>
</ul>
<h3>Guides</h3>
<ul>${guides}</ul>
<h3>Code</h3>
<ul>${code}</ul>
<p>How to use them: <a href="/docs/guides/basics#the-typed-client-and-the-example-integration">the typed client and the example integration</a>.</p>
<h2>Service status</h2>
<ul>
<li><a href="/healthz">Health</a> (<code>/healthz</code>): the process is running</li>
<li><a href="/readyz">Readiness</a> (<code>/readyz</code>): the service can reach its database</li>
</ul>
<h2>Employees</h2>
<p>Paid through onpay? <a href="/login">Sign in</a> to see your payouts.</p>`;
  app.get('/', async (_request, reply) => pageHeaders(reply).send(page({ title: 'Partner API', body })));
}
