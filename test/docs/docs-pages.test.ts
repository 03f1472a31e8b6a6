import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUIDES } from '../../src/platform/openapi-doc.js';
import { SOURCES } from '../../src/web/reference.pages.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';

/** Every href and src of an HTML page. */
function references(body: string): string[] {
  return [...body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}

function ids(body: string): Set<string> {
  return new Set([...body.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!));
}

describe('API reference and guides (served by the service, offline)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('serves the OpenAPI document without credentials', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ openapi: '3.1.0', info: { title: 'onpay partner API' } });
  });

  it('renders /docs as onpay’s reference with every asset from the service itself: no CDN, nothing external', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<title>API reference · onpay</title>');
    // No framework branding: not its title, its top bar (StandaloneLayout) or its logo and icons.
    expect(page.body).not.toMatch(/Swagger UI|standalone|logo|favicon-\d/i);
    expect(page.body).toContain('<link rel="icon" href="/favicon.svg"');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp, 'no other origin but the service’s own public address').not.toMatch(/https?:\/\/(?!onpay\.test)/);
    expect(page.headers['x-frame-options']).toBe('DENY');

    const refs = references(page.body);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(ref, `${ref} must not point off the service`).not.toMatch(/^(https?:)?\/\//);
      const url = new URL(ref, 'http://onpay.test/docs').pathname;
      const asset = await t.app.inject({ method: 'GET', url });
      expect(asset.statusCode, url).toBe(200);
      if (!url.startsWith('/api/')) expect(asset.headers['x-content-type-options'], url).toBe('nosniff');
    }
    // The reference reads the document at its public address, and shows that address.
    const init = await t.app.inject({ method: 'GET', url: '/docs/static/onpay-reference.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain('"url":"/api/v1/openapi.json"');
    expect(init.body).toContain('"layout":"BaseLayout"');
    // The previous reference's addresses lead to the same places.
    const json = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(json.statusCode).toBe(301);
    expect(json.headers.location).toBe('/api/v1/openapi.json');
    const slash = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(slash.statusCode).toBe(200);
    expect(slash.body).toBe(page.body);
  });

  it('GET / links the reference, the guides, the OpenAPI document and the health endpoints', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toContain('<h1>onpay partner API</h1>');
    expect(res.body).toContain('http://onpay.test/api/v1');
    const refs = references(res.body);
    for (const target of [
      '/docs',
      '/docs/guides',
      '/docs/guides/basics',
      '/api/v1/openapi.json',
      '/healthz',
      '/readyz',
      '/favicon.svg',
    ]) {
      expect(refs).toContain(target);
    }
    for (const ref of refs) {
      const linked = await t.app.inject({ method: 'GET', url: ref });
      expect(linked.statusCode, ref).toBe(200);
    }
  });

  it('serves a favicon at /favicon.ico and /favicon.svg, linked from every page', async () => {
    for (const url of ['/favicon.ico', '/favicon.svg']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/);
      expect(res.body).not.toMatch(/<script|href=/i);
    }
    for (const url of ['/', '/docs', '/docs/guides', '/docs/guides/basics', '/login', '/docs/guides/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    }
  });

  it('lists the guides with Basics first, links each from the reference, and serves each one', async () => {
    expect(GUIDES[0]?.slug).toBe('basics');
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const index = await t.app.inject({ method: 'GET', url: '/docs/guides' });
    expect(index.statusCode).toBe(200);
    const listed = references(index.body).filter((ref) => /^\/docs\/guides\/[^/#]+$/.test(ref));
    expect([...new Set(listed)]).toEqual(GUIDES.map((g) => `/docs/guides/${g.slug}`));
    for (const guide of GUIDES) {
      expect(doc.info.description).toContain(`/docs/guides/${guide.slug}`);
      const page = await t.app.inject({ method: 'GET', url: `/docs/guides/${guide.slug}` });
      expect(page.statusCode, guide.slug).toBe(200);
      expect(page.body).toContain('<h1');
    }
    expect((await t.app.inject({ method: 'GET', url: '/docs/guides/nope' })).statusCode).toBe(404);
  });

  it('no guide sends a partner to the README; every guide links Basics, the typed client and the example integration', async () => {
    for (const guide of GUIDES) {
      const markdown = fs.readFileSync(new URL(`../../docs/${guide.slug}.md`, import.meta.url), 'utf8');
      expect(markdown, `docs/${guide.slug}.md`).not.toMatch(/readme/i);
      const page = (await t.app.inject({ method: 'GET', url: `/docs/guides/${guide.slug}` })).body;
      expect(page, guide.slug).not.toMatch(/readme/i);
      const refs = references(page);
      expect(refs, guide.slug).toContain('/docs/client/index.ts');
      expect(refs, guide.slug).toContain('/docs/examples/onboard-employee.ts');
      if (guide.slug !== 'basics')
        expect(
          refs.some((ref) => ref.startsWith('/docs/guides/basics')),
          guide.slug,
        ).toBe(true);
    }
  });

  it('every link in a guide leads somewhere: pages that answer 200, anchors that exist', async () => {
    const pages = new Map<string, string>();
    const fetchPage = async (path: string) => {
      if (!pages.has(path)) {
        const res = await t.app.inject({ method: 'GET', url: path });
        expect(res.statusCode, path).toBe(200);
        pages.set(path, res.body);
      }
      return pages.get(path)!;
    };
    for (const guide of GUIDES) {
      const here = `/docs/guides/${guide.slug}`;
      for (const ref of references(await fetchPage(here))) {
        if (/^(https?:|mailto:)/.test(ref)) continue;
        expect(ref, `${here}: ${ref} is not an address of the service`).toMatch(/^[/#]/);
        const [path = '', fragment] = ref.split('#', 2);
        const target = path === '' ? here : path;
        const body = await fetchPage(target);
        if (fragment && target.startsWith('/docs/guides/'))
          expect(ids(body).has(fragment), `${here}: ${ref}`).toBe(true);
      }
    }
  });

  it('serves the typed client and the example integration as plain text, as they are in the repository', async () => {
    for (const source of SOURCES) {
      const res = await t.app.inject({ method: 'GET', url: `/docs/${source.file}` });
      expect(res.statusCode, source.file).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body).toBe(fs.readFileSync(new URL(`../../${source.file}`, import.meta.url), 'utf8'));
    }
  });
});
