import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.js';
import { FAVICON_SVG } from './html.js';
import { originOf, referenceHeaders } from './security.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Files of the repository served as plain text under /docs, so a partner without the repository
 * can read and copy the typed client and the example integration.
 */
export const SOURCES: ReadonlyArray<{ file: string; title: string; summary: string }> = [
  {
    file: 'client/index.ts',
    title: 'Typed client',
    summary: 'credentials, retries, Idempotency-keys on payouts and paging, over openapi-fetch',
  },
  { file: 'client/schema.d.ts', title: 'Typed client’s types', summary: 'generated from the OpenAPI document' },
  {
    file: 'examples/onboard-employee.ts',
    title: 'Example integration',
    summary: 'one employee onboarded, verified in the sandbox, paid and handed a login link, with the typed client',
  },
  {
    file: 'examples/webhook-receiver.ts',
    title: 'Example webhook receiver',
    summary: 'verifies onpay’s webhook signatures with standardwebhooks and skips repeated deliveries',
  },
];

export function sourceUrl(file: string): string {
  return `/docs/${file}`;
}

/** Swagger UI's browser bundle, as published inside @fastify/swagger-ui (served by us, never a CDN). */
function swaggerUiAsset(name: 'swagger-ui-bundle.js' | 'swagger-ui.css'): Buffer {
  const require = createRequire(import.meta.url);
  return fs.readFileSync(path.join(path.dirname(require.resolve('@fastify/swagger-ui/package.json')), 'static', name));
}

// Swagger UI themed as onpay's reference. Its own rules are specific, hence !important on the fonts.
const REFERENCE_CSS = `
:root{--accent:#0b5cad;--line:#d0d7de;--sans:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;--mono:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
html{color-scheme:light}*,*::before,*::after{box-sizing:border-box}
body{margin:0;background:#fff;color:#1b1f24;font:16px/1.5 var(--sans)}
.site{display:flex;flex-wrap:wrap;align-items:baseline;gap:.25rem 1.25rem;max-width:1460px;margin:0 auto;padding:1rem 20px;border-bottom:1px solid var(--line)}
.site strong{font-size:1.1rem}.site nav{display:flex;flex-wrap:wrap;gap:.25rem 1rem}.site a{color:var(--accent)}
.site a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
noscript p{max-width:40rem;margin:1rem auto;padding:0 20px}
.swagger-ui,.swagger-ui *{font-family:var(--sans)!important}
.swagger-ui code,.swagger-ui pre,.swagger-ui pre *,.swagger-ui .microlight,.swagger-ui .opblock-summary-path,.swagger-ui .opblock-summary-path *,.swagger-ui .parameter__type,.swagger-ui .prop-format,.swagger-ui textarea,.swagger-ui .model,.swagger-ui .model *{font-family:var(--mono)!important}
.swagger-ui .info{margin:1.5rem 0}.swagger-ui .info .title{color:#1b1f24}.swagger-ui a,.swagger-ui .info a{color:var(--accent)}
.swagger-ui .info .main .link{display:inline-block;margin-top:.25rem}
.swagger-ui .btn.authorize{color:var(--accent);border-color:var(--accent)}.swagger-ui .btn.authorize svg{fill:var(--accent)}
.swagger-ui .markdown pre,.swagger-ui .renderedMarkdown pre{overflow-x:auto}
.swagger-ui .markdown,.swagger-ui .renderedMarkdown,.swagger-ui .opblock-summary-description,.swagger-ui .info{overflow-wrap:anywhere}
.swagger-ui .opblock-summary-path{word-break:break-all}
.swagger-ui .table-container,.swagger-ui .responses-inner,.swagger-ui .model-box{overflow-x:auto}
@media (max-width:600px){
.swagger-ui .wrapper,.site{padding-left:12px;padding-right:12px}
.swagger-ui .opblock .opblock-summary{flex-wrap:wrap}
.swagger-ui .opblock .opblock-summary-method{min-width:4.5rem}
.swagger-ui .opblock .opblock-summary-path{max-width:calc(100% - 6rem);flex:1 1 auto}
.swagger-ui .opblock .opblock-summary-description{flex:1 1 100%;padding:.25rem 0 0}
.swagger-ui .scheme-container .schemes{flex-wrap:wrap;gap:.75rem}
.swagger-ui .servers>label{margin-right:0;max-width:100%}.swagger-ui .servers>label select{max-width:100%}
.swagger-ui .opblock-tag{flex-wrap:wrap}.swagger-ui .opblock-tag small{flex:1 1 100%;padding:0}
.swagger-ui .responses-table thead,.swagger-ui .response-col_links{display:none}
.swagger-ui .responses-table,.swagger-ui .responses-table>tbody,.swagger-ui .responses-table tr.response,.swagger-ui .responses-table td.response-col_status,.swagger-ui .responses-table td.response-col_description{display:block;width:auto}
.swagger-ui .responses-table td.response-col_status{padding-bottom:0;font-weight:600}
.swagger-ui table.parameters,.swagger-ui table.parameters>tbody,.swagger-ui table.parameters tr,.swagger-ui table.parameters td{display:block;width:auto}
.swagger-ui table.parameters thead{display:none}
}
`;

/**
 * The API reference at /docs: Swagger UI without its own branding, in onpay's page, reading the
 * document at its public address; every script, style and image from this service. Also the
 * plain-text sources a partner needs besides the document.
 */
export async function referencePages(app: FastifyInstance, options: { config: Config }): Promise<void> {
  const { config } = options;
  const bundle = swaggerUiAsset('swagger-ui-bundle.js');
  const css = swaggerUiAsset('swagger-ui.css');
  // "Try it out" sends requests to the document's server (PUBLIC_BASE_URL), which may be another
  // origin than the one the reference is read on.
  const connect = [originOf(config.publicBaseUrl)];
  const initializer = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle(${JSON.stringify({
    url: '/api/v1/openapi.json',
    dom_id: '#swagger-ui',
    layout: 'BaseLayout',
    deepLinking: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    tryItOutEnabled: config.env === 'sandbox',
    validatorUrl: null,
  })});
});
`;
  const shell = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>API reference · onpay</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/docs/static/swagger-ui.css">
<link rel="stylesheet" href="/docs/static/onpay-reference.css">
</head>
<body>
<header class="site"><strong>onpay API reference</strong><nav aria-label="Documentation"><a href="/">Home</a><a href="/docs/guides">Guides</a><a href="/docs/guides/basics">Basics</a><a href="/api/v1/openapi.json">OpenAPI document</a></nav></header>
<main id="swagger-ui"><noscript><p>The interactive reference needs JavaScript. Without it, read the <a href="/api/v1/openapi.json">OpenAPI document</a> and the <a href="/docs/guides">guides</a>.</p></noscript></main>
<script src="/docs/static/swagger-ui-bundle.js"></script>
<script src="/docs/static/onpay-reference.js"></script>
</body>
</html>`;

  const asset = (url: string, type: string, body: string | Buffer) =>
    app.get(url, async (_request, reply) =>
      referenceHeaders(reply, connect)
        .header('Content-Type', type)
        .header('Cache-Control', 'public, max-age=3600')
        .send(body),
    );
  asset('/docs/static/swagger-ui-bundle.js', 'application/javascript; charset=utf-8', bundle);
  asset('/docs/static/swagger-ui.css', 'text/css; charset=utf-8', css);
  asset('/docs/static/onpay-reference.css', 'text/css; charset=utf-8', REFERENCE_CSS);
  asset('/docs/static/onpay-reference.js', 'application/javascript; charset=utf-8', initializer);

  app.get('/docs', async (_request, reply) =>
    referenceHeaders(reply, connect).header('Content-Type', 'text/html; charset=utf-8').send(shell),
  );
  // The previous reference's address of the document: kept, so bookmarks and scripts still arrive.
  app.get('/docs/json', async (_request, reply) => reply.redirect('/api/v1/openapi.json', 301));

  for (const source of SOURCES) {
    const file = path.join(ROOT, source.file);
    if (!fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    app.get(sourceUrl(source.file), async (_request, reply) =>
      referenceHeaders(reply, [])
        .header('Content-Type', 'text/plain; charset=utf-8')
        .header('Content-Disposition', `inline; filename="${path.basename(source.file)}"`)
        .header('Cache-Control', 'no-cache')
        .send(text),
    );
  }

  const favicon = (reply: FastifyReply) =>
    referenceHeaders(reply, [])
      .header('Content-Type', 'image/svg+xml')
      .header('Cache-Control', 'public, max-age=86400')
      .send(FAVICON_SVG);
  // Pages link /favicon.svg; /favicon.ico is where browsers and tools look without a link.
  app.get('/favicon.svg', async (_request, reply) => favicon(reply));
  app.get('/favicon.ico', async (_request, reply) => favicon(reply));
}
