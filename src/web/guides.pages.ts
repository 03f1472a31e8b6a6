import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { Marked, Renderer, type Tokens } from 'marked';
import { GUIDES } from '../platform/openapi-doc.js';
import { html, messagePage, page, SafeHtml } from './html.js';
import { SOURCES, sourceUrl } from './reference.pages.js';
import { pageHeaders } from './security.js';

const DOCS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs');

/** A heading's anchor as GitHub makes it, so `#links` work the same in the repository and here. */
export function headingSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

function plainText(rendered: string): string {
  return rendered.replace(/<[^>]*>/g, '').replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e);
}

/**
 * A link as written in docs/*.md (relative to that folder, so it works in the repository) → its
 * address on the service: another guide, or a served source file.
 */
export function servedHref(href: string): string {
  if (/^([a-z][a-z0-9+.-]*:|\/|#)/i.test(href)) return href;
  const [target = '', hash] = href.split('#', 2);
  const fragment = hash === undefined ? '' : `#${hash}`;
  const file = path.posix.normalize(`docs/${target}`);
  const guide = GUIDES.find((g) => file === `docs/${g.slug}.md`);
  if (guide) return `/docs/guides/${guide.slug}${fragment}`;
  if (SOURCES.some((s) => s.file === file)) return `${sourceUrl(file)}${fragment}`;
  return href;
}

function guideRenderer(): Marked {
  const base = new Renderer();
  let seen = new Map<string, number>();
  return new Marked({
    hooks: {
      preprocess(markdown) {
        seen = new Map();
        return markdown;
      },
    },
    walkTokens(token) {
      if (token.type === 'link') token.href = servedHref(token.href);
    },
    renderer: {
      heading(this: Renderer, token: Tokens.Heading) {
        const inner = this.parser.parseInline(token.tokens);
        const slug = headingSlug(plainText(inner));
        const count = seen.get(slug) ?? 0;
        seen.set(slug, count + 1);
        const id = count === 0 ? slug : `${slug}-${count}`;
        return `<h${token.depth} id="${id}">${inner}</h${token.depth}>\n`;
      },
      // A wide table scrolls inside its own box on a phone; the page itself never scrolls sideways.
      table(this: Renderer, token: Tokens.Table) {
        return `<div class="table-wrap">${base.table.call(this, token)}</div>\n`;
      },
    },
  });
}

/** The partner guides (docs/*.md), rendered once at start-up and served beside the API reference. */
export async function guidePages(app: FastifyInstance): Promise<void> {
  const marked = guideRenderer();
  const rendered = new Map<string, { title: string; body: string }>();
  for (const guide of GUIDES) {
    const file = path.join(DOCS_DIR, `${guide.slug}.md`);
    if (!fs.existsSync(file)) continue;
    // Our own Markdown, from the repository: trusted input.
    rendered.set(guide.slug, { title: guide.title, body: await marked.parse(fs.readFileSync(file, 'utf8')) });
  }

  app.get('/docs/guides', async (_request, reply) => {
    const items = GUIDES.filter((g) => rendered.has(g.slug)).map(
      (g) => html`<li><a href="/docs/guides/${g.slug}">${g.title}</a>: ${g.summary}</li>`,
    );
    const sources = SOURCES.map(
      (s) => html`<li><a href="${sourceUrl(s.file)}">${s.title}</a> (<code>${s.file}</code>): ${s.summary}</li>`,
    );
    return pageHeaders(reply).send(
      page({
        title: 'Guides',
        body: html`<p><a href="/">← onpay</a> · <a href="/docs">API reference</a></p>
<h1>Partner guides</h1>
<p>Start with <a href="/docs/guides/basics">Basics</a>: credentials, environments, errors, limits and going live.</p>
<ul>${items}</ul>
<h2>Code</h2>
<ul>${sources}</ul>
<p>Where they come from and how to run them: <a href="/docs/guides/basics#the-typed-client-and-the-example-integration">the typed client and the example integration</a>.</p>
<p>The <a href="/docs">API reference</a> lists every operation; the <a href="/api/v1/openapi.json">OpenAPI document</a> (OpenAPI 3.1) is what it and the typed client are made from.</p>`,
      }),
    );
  });

  app.get<{ Params: { slug: string } }>('/docs/guides/:slug', async (request, reply) => {
    const guide = rendered.get(request.params.slug);
    if (!guide) return pageHeaders(reply.status(404)).send(messagePage('Guide not found', 'There is no such guide.'));
    return pageHeaders(reply).send(
      page({
        title: guide.title,
        body: html`<p><a href="/docs/guides">← Guides</a> · <a href="/docs">API reference</a></p>${new SafeHtml(guide.body)}`,
      }),
    );
  });
}
