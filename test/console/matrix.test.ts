/**
 * The console's role and CSRF matrices, generated from the routes the app registered: every POST
 * under /console is tried without its CSRF token (403, nothing changed), with another session's
 * token (403), and, for the signed-in forms, by each role (allowed, or 403 with nothing changed, as
 * PERMISSIONS says for the permission the form declares). A form added later joins by itself; a
 * form that declares no permission is refused at registration (src/web/console/console.plugin.ts).
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, ROLES, type Permission } from '../../src/modules/operators/index.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { csrfOf, readyOperator, signedIn, type Browser } from '../helpers/console.js';
import { snapshot } from '../helpers/db-snapshot.js';
import { onboardedEmployee } from '../helpers/employees.js';
import { testEngine } from '../helpers/engine.js';
import { batch, createPayouts, item } from '../helpers/payouts.js';
import { NO_ACCOUNT } from '../helpers/users.js';

/** The console's doors: forms used before sign-in or to leave, which need no role. */
const DOORS = ['/console/login', '/console/setup/:token', '/console/logout', '/console/logout-everywhere'];

/**
 * Forms that check the role before reading their body (the bank report upload: src/web/console/bank.page.ts),
 * so a role they refuse is told "Not allowed" before its token, which is in the body, is read.
 */
const ROLE_BEFORE_BODY = ['/console/bank/import'];

/** Old addresses that redirect to the page that replaced them (the bank history: the payout's page). */
const REDIRECTS: Record<string, string> = { '/console/bank/payouts/:id': '/console/payouts/999999#bank' };

type Role = (typeof ROLES)[number];

let t: TestApp;
const routes: RouteOptions[] = [];
const browsers = {} as Record<Role, Browser>;

beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMIT_PAGES_PER_MINUTE: '1000000' }, onRoute: (route) => routes.push(route) });
  for (const role of ROLES) browsers[role] = await signedIn(t, await readyOperator(t, role));
  // Something behind most forms, so a refused one would have something to change.
  const partner = await t.partner('Matrix AS');
  await t.as(partner, {
    method: 'POST',
    url: '/api/v1/verification-return-urls',
    payload: { partner_return_url: 'https://matrix.example/done' },
  });
});
afterAll(async () => {
  await t?.close();
});

const methodsOf = (route: RouteOptions) => ([] as string[]).concat(route.method);
const consolePosts = () => routes.filter((r) => r.url.startsWith('/console') && methodsOf(r).includes('POST'));
const consoleGets = () => routes.filter((r) => r.url.startsWith('/console') && methodsOf(r).includes('GET'));
const permissionOf = (route: RouteOptions) => (route.config as { permission?: Permission } | undefined)?.permission;
/** A URL of the route: every path parameter an id that does not exist. */
const urlOf = (route: RouteOptions) => route.url.replace(/:[A-Za-z]+/g, '999999');

/** The database without the sessions' last-use times, which reading a page may refresh. */
async function state() {
  const all = await snapshot(t);
  delete all.operator_sessions;
  return all;
}

async function post(b: Browser, url: string, csrf: string | null) {
  const body = new URLSearchParams({
    reason: 'matrix',
    name: 'Matrix',
    rate: '0.5',
    code: 'matrix',
    title: 'Matrix',
    url: 'https://matrix.example/t',
    ...(csrf === null ? {} : { csrf }),
  });
  return t.app.inject({
    method: 'POST',
    url,
    cookies: { ...b.cookies },
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body.toString(),
  });
}

describe(`console matrices from the registered routes (${testEngine})`, () => {
  it('finds the console forms: the doors, and every other form declares the permission it needs', () => {
    const posts = consolePosts();
    expect(posts.length).toBeGreaterThan(DOORS.length);
    expect(
      posts
        .filter((r) => !permissionOf(r))
        .map((r) => r.url)
        .sort(),
    ).toEqual([...DOORS].sort());
    // This branch's forms, at least (others join by themselves).
    for (const url of [
      '/console/partners',
      '/console/partners/:id/tokens',
      '/console/partners/:id/tokens/:tokenId/revoke',
      '/console/return-urls/:id/approve',
      '/console/terms',
      '/console/terms/review',
      '/console/partners/:id/tokens/:tokenId/revoke/review',
      '/console/mail/:id/resend',
      '/console/bank/import',
      '/console/webhooks/:id/deliveries/:deliveryId/resend',
      '/console/webhooks/:id/deliveries/:deliveryId/reveal',
      '/console/webhooks/:id/replay/review',
      '/console/webhooks/:id/replay',
      '/console/webhooks/:id/disable',
      '/console/webhooks/:id/enable',
      '/console/payouts/:id/reveal',
      '/console/employees/:id/mail/:mailId/body',
      '/console/partners/:id/invoice-details',
    ]) {
      expect(posts.map((r) => r.url)).toContain(url);
    }
  });

  it('CSRF: every console POST without a token, or with another session’s, is refused (403) and changes nothing', async () => {
    const before = await state();
    const other = csrfOf(await browsers.viewer.get('/console'));
    for (const route of consolePosts()) {
      for (const role of ROLES) {
        const missing = await post(browsers[role], urlOf(route), null);
        expect(missing.statusCode, `${route.url} as ${role} without a token`).toBe(403);
        const roleFirst = ROLE_BEFORE_BODY.includes(route.url) && !can(role, permissionOf(route)!);
        expect(missing.body).toContain(roleFirst ? 'Not allowed' : 'This form has expired');
        if (role !== 'viewer') {
          const foreign = await post(browsers[role], urlOf(route), other);
          expect(foreign.statusCode, `${route.url} as ${role} with another session's token`).toBe(403);
        }
      }
    }
    expect(await state()).toEqual(before);
  });

  it('roles: every signed-in form is allowed or refused (403, nothing changed) as PERMISSIONS says', async () => {
    const forms = consolePosts().filter((r) => permissionOf(r));
    for (const role of ROLES) {
      const b = browsers[role];
      const csrf = csrfOf(await b.get('/console'));
      for (const route of forms) {
        const permission = permissionOf(route)!;
        const before = can(role, permission) ? null : await state();
        const res = await post(b, urlOf(route), csrf);
        if (before) {
          expect(res.statusCode, `${route.url} (${permission}) as ${role}`).toBe(403);
          expect(res.body).toContain('Not allowed');
          expect(await state(), `${route.url} as ${role} changed something`).toEqual(before);
        } else {
          expect(
            [401, 403],
            `${route.url} (${permission}) as ${role}: ${res.statusCode} ${res.body.slice(0, 300)}`,
          ).not.toContain(res.statusCode);
        }
      }
    }
  });

  it('every role reads every console page (a page of a missing object: 404), but a download only the roles it names', async () => {
    for (const role of ROLES) {
      for (const route of consoleGets()) {
        if (route.url.startsWith('/console/login') || route.url.startsWith('/console/setup')) continue;
        const res = await browsers[role].get(urlOf(route));
        if (REDIRECTS[route.url]) {
          expect(res.statusCode, `${route.url} as ${role}`).toBe(301);
          expect(res.headers.location).toBe(REDIRECTS[route.url]);
          continue;
        }
        // A download that names its permission (a CSV of a list) is refused to the other roles.
        const permission = permissionOf(route);
        if (permission && !can(role, permission)) {
          expect(res.statusCode, `${route.url} (${permission}) as ${role}`).toBe(403);
          continue;
        }
        // A page of an object that does not exist: 404 (or a page saying so).
        expect(route.url.includes(':') ? [200, 404] : [200], `${route.url} as ${role}: ${res.statusCode}`).toContain(
          res.statusCode,
        );
      }
    }
  });

  it('the payout page and its reveal form: every role reads it (account masked), only operators and admins reveal', async () => {
    expect(consoleGets().map((r) => r.url)).toContain('/console/payouts/:id');
    const partner = await t.partner('Matrix Payouts AS');
    const employee = await onboardedEmployee(t, partner);
    const [id] = (await createPayouts(t, partner, batch([item(employee)]))).payout_ids as [number];
    for (const role of ROLES) {
      const b = browsers[role];
      const page = await b.get(`/console/payouts/${id}`);
      expect(page.statusCode, role).toBe(200);
      expect(page.body, role).toContain(`•••••••${NO_ACCOUNT.slice(-4)}`);
      expect(page.body.includes(`action="/console/payouts/${id}/reveal"`), role).toBe(
        can(role, 'reveal_personal_data'),
      );
      const before = await state();
      const res = await post(b, `/console/payouts/${id}/reveal`, csrfOf(page));
      if (can(role, 'reveal_personal_data')) {
        // The matrix's form names no field: refused as such, nothing audited.
        expect(res.statusCode, role).toBe(422);
      } else {
        expect(res.statusCode, role).toBe(403);
      }
      expect(await state(), role).toEqual(before);
      const revealed = await b.post(
        `/console/payouts/${id}/reveal`,
        { field: 'bank_account_number', reason: `matrix ${role}` },
        { csrf: csrfOf(page) },
      );
      expect(revealed.statusCode, role).toBe(can(role, 'reveal_personal_data') ? 303 : 403);
      expect((await b.get(`/console/payouts/${id}`)).body.includes(`<code>${NO_ACCOUNT}</code>`), role).toBe(
        can(role, 'reveal_personal_data'),
      );
    }
  });

  it("every role reads a partner's page and request log, and one partner's requests never show on another's", async () => {
    const [one, other] = [await t.partner('Matrix One'), await t.partner('Matrix Other')];
    const mine = await t.as(one, { method: 'GET', url: '/api/v1/users/424242' });
    const theirs = await t.as(other, { method: 'GET', url: '/api/v1/users/434343' });
    await t.services.requestLog.flush();
    for (const role of ROLES) {
      for (const url of [`/console/partners/${one.partnerId}`, `/console/partners/${one.partnerId}/requests`]) {
        const res = await browsers[role].get(url);
        expect(res.statusCode, `${url} as ${role}`).toBe(200);
        expect(res.body).not.toContain(theirs.headers['x-request-id'] as string);
        expect(res.body).not.toContain('434343');
      }
      const log = await browsers[role].get(`/console/partners/${one.partnerId}/requests`);
      expect(log.body).toContain(mine.headers['x-request-id'] as string);
      expect(log.body).toContain('id 424242');
      // Another partner's entry is no paging position in this one's log.
      const [entry] = await t.services.requestLog.list(other.partnerId, { limit: 1 });
      const foreign = await browsers[role].get(`/console/partners/${one.partnerId}/requests?after=${entry!.id}`);
      expect(foreign.statusCode).toBe(422);
      expect(foreign.body).not.toContain('434343');
    }
  });

  it('signed out, a form is refused and a page goes to sign-in', async () => {
    const signedOut = { cookies: {} } as Browser;
    for (const route of consolePosts().filter((r) => permissionOf(r))) {
      expect((await post(signedOut, urlOf(route), 'x')).statusCode, route.url).toBe(401);
    }
    for (const route of consoleGets().filter(
      (r) => !r.url.startsWith('/console/login') && !r.url.startsWith('/console/setup'),
    )) {
      const res = await t.app.inject({ method: 'GET', url: urlOf(route) });
      expect(res.statusCode, route.url).toBe(303);
      expect(res.headers.location).toBe('/console/login');
    }
  });
});
