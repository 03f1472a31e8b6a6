import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUIDES } from '../../src/platform/openapi-doc.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';

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

  it('renders /docs with every asset from the service itself: no CDN, nothing external', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const refs = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(ref, `${ref} must not point off the service`).not.toMatch(/^(https?:)?\/\//);
      const url = new URL(ref, 'http://onpay.test/docs/').pathname;
      const asset = await t.app.inject({ method: 'GET', url });
      expect(asset.statusCode, url).toBe(200);
    }
    // Swagger UI's initializer points at the document the service serves.
    const init = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    const json = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.json().openapi).toBe('3.1.0');
  });

  it('links every partner guide from the reference, and serves each one', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const index = await t.app.inject({ method: 'GET', url: '/docs/guides' });
    expect(index.statusCode).toBe(200);
    for (const guide of GUIDES) {
      expect(doc.info.description).toContain(`/docs/guides/${guide.slug}`);
      expect(index.body).toContain(`/docs/guides/${guide.slug}`);
      const page = await t.app.inject({ method: 'GET', url: `/docs/guides/${guide.slug}` });
      expect(page.statusCode, guide.slug).toBe(200);
      expect(page.body).toContain('<h1');
    }
    expect((await t.app.inject({ method: 'GET', url: '/docs/guides/nope' })).statusCode).toBe(404);
  });
});
