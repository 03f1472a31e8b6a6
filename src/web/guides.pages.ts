import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { marked } from 'marked';
import { GUIDES } from '../platform/openapi-doc.js';
import { html, messagePage, page, SafeHtml } from './html.js';
import { pageHeaders } from './security.js';

const DOCS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs');

/** The partner guides (docs/*.md), rendered once at start-up and served beside the API reference. */
export async function guidePages(app: FastifyInstance): Promise<void> {
  const rendered = new Map<string, { title: string; body: string }>();
  for (const guide of GUIDES) {
    const file = path.join(DOCS_DIR, `${guide.slug}.md`);
    if (!fs.existsSync(file)) continue;
    // Our own Markdown, from the repository: trusted input.
    rendered.set(guide.slug, { title: guide.title, body: await marked.parse(fs.readFileSync(file, 'utf8')) });
  }

  app.get('/docs/guides', async (_request, reply) => {
    const items = GUIDES.filter((g) => rendered.has(g.slug)).map((g) => html`<li><a href="/docs/guides/${g.slug}">${g.title}</a></li>`);
    return pageHeaders(reply).send(
      page({ title: 'Guides', body: html`<h1>Partner guides</h1><ul>${items}</ul><p><a href="/docs">API reference</a> · <a href="/api/v1/openapi.json">OpenAPI document</a></p>` }),
    );
  });

  app.get<{ Params: { slug: string } }>('/docs/guides/:slug', async (request, reply) => {
    const guide = rendered.get(request.params.slug);
    if (!guide) return pageHeaders(reply.status(404)).send(messagePage('Guide not found', 'There is no such guide.'));
    return pageHeaders(reply).send(
      page({ title: guide.title, body: html`<p><a href="/docs/guides">← Guides</a> · <a href="/docs">API reference</a></p>${new SafeHtml(guide.body)}` }),
    );
  });
}
