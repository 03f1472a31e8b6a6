/**
 * The console's webhook pages in headless Chromium, JavaScript off (they need none): from the
 * dashboard's failing-webhooks card to a failed delivery, resent, and seen delivered by a real
 * receiver; then every webhook page (the list, an endpoint with its log, a delivery, the replay's
 * review) checked with axe-core (no serious or critical violation) at 1280 and 390 px, light and
 * dark, where no page may scroll sideways. Screenshots go to ONPAY_SCREENSHOT_DIR (default /tmp).
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETRY_SCHEDULE_MS } from '../../src/modules/webhooks/index.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import {
  accessible,
  DESKTOP,
  fits,
  launchChromium,
  PHONE,
  SCREENSHOTS,
  signInToConsole,
  pagesOf,
} from '../helpers/browser.js';
import { readyOperator, type ReadyOperator } from '../helpers/console.js';
import { testEngine } from '../helpers/engine.js';
import { freePort } from '../helpers/net.js';
import { createEndpoint, drain, startReceiver, type CreatedEndpoint, type Receiver } from '../webhooks/helpers.js';

describe(`the console's webhook pages in Chromium (${testEngine})`, () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let partner: TestPartner;
  let operator: ReadyOperator;
  let receiver: Receiver;
  let endpoint: CreatedEndpoint;
  let down = true;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await buildTestApp({
      env: { PUBLIC_BASE_URL: base, HOST: '127.0.0.1', PORT: String(port), WEBHOOK_TIMEOUT_MS: '5000' },
    });
    await t.app.listen({ host: '127.0.0.1', port });
    browser = await launchChromium();
    partner = await t.partner('Nordlandsbaneeiendomsforvaltningsselskapet AS');
    receiver = await startReceiver(t.clock, [], () => (down ? 503 : 204));
    endpoint = await createEndpoint(t, partner, {
      url: `${receiver.url}/lagerarbeidernes-fagforening-i-nordland/mottak-av-hendelser-fra-onpay`,
      event_types: ['user.*'],
    });
    receiver.secrets.push(endpoint.secret);
    await t.db.db.transaction().execute((trx) =>
      t.services.events.service.emit(trx, [
        {
          partnerId: partner.partnerId,
          type: 'user.updated',
          object: { id: '7', name: 'Kari Nordmann', phone: '41234567', bank_account_number: '12345678903' },
          previousAttributes: { bank_account_number: '98765432109' },
        },
      ]),
    );
    // Every retry refused: the delivery ends failed.
    await drain(t);
    for (const wait of RETRY_SCHEDULE_MS) {
      t.clock.advance(wait + 6_000);
      await drain(t);
    }
    operator = await readyOperator(t, 'operator', 'kari.operator.med.en.lang.adresse@operations.onpay.example');
  });

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await receiver?.close();
    await t?.close();
  });

  const withPage = pagesOf(() => browser);
  const signIn = (page: Page) => signInToConsole(page, t, base, operator);

  const deliveryId = async () =>
    (
      await t.db.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('endpoint_id', '=', endpoint.id)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;

  it('from the dashboard card to a failed delivery, resent and delivered', async () => {
    const failed = await deliveryId();
    await withPage(DESKTOP, async (page) => {
      await signIn(page);
      await page.getByRole('link', { name: 'Webhook endpoints failing' }).click();
      await page.waitForURL('**/console/webhooks?state=failing');
      await page.getByRole('link', { name: String(endpoint.id), exact: true }).click();
      await page.waitForURL(`**/console/webhooks/${endpoint.id}`);
      expect(await page.textContent('main')).toContain('failing');
      await page.getByRole('link', { name: String(failed), exact: true }).click();
      await page.waitForURL(`**/console/webhooks/${endpoint.id}/deliveries/${failed}`);
      const shown = (await page.textContent('main')) ?? '';
      expect(shown).toContain('answered HTTP 503');
      expect(shown).not.toContain('12345678903');
      expect(shown).toContain('•••••••8903');

      down = false;
      await page.getByRole('button', { name: `Resend delivery ${failed}` }).click();
      await page.waitForURL(`**/console/webhooks/${endpoint.id}/deliveries/${failed}`);
      expect(await page.textContent('[role="status"]')).toContain('queued again');
      await drain(t);
      const last = receiver.received.at(-1)!;
      expect(last.verifiedWith).toEqual([true]);
      expect(last.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id']);

      await page.goto(`${base}/console/webhooks/${endpoint.id}?status=delivered`);
      const log = (await page.textContent('main')) ?? '';
      expect(log).toContain('delivered');
      expect(log).toContain('enabled');
    });
  });

  for (const [name, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`every webhook page at ${name} px, ${scheme}: axe-core finds nothing serious, nothing scrolls sideways`, async () => {
        const first = await deliveryId();
        await withPage(
          viewport,
          async (page) => {
            await signIn(page);
            const pages: Array<[string, string]> = [
              ['list', '/console/webhooks'],
              ['endpoint', `/console/webhooks/${endpoint.id}`],
              ['delivery', `/console/webhooks/${endpoint.id}/deliveries/${first}`],
            ];
            for (const [label, url] of pages) {
              const res = await page.goto(`${base}${url}`);
              expect(res?.status(), url).toBe(200);
              await fits(page, `${url} at ${name}`);
              await accessible(page, `${url} at ${name}, ${scheme}`);
              await page.screenshot({
                path: join(SCREENSHOTS, `onpay-console-webhooks-${label}-${name}-${scheme}.png`),
                fullPage: true,
              });
            }
            // The reveal form opened, and the replay's review (a POST answer).
            await page.goto(`${base}/console/webhooks/${endpoint.id}/deliveries/${first}`);
            await page.getByText('Reveal the personal fields').click();
            await accessible(page, `the reveal form at ${name}, ${scheme}`);
            await page.goto(`${base}/console/webhooks/${endpoint.id}`);
            const sequence = receiver.received[0]!.event.sequence;
            await page.getByLabel('Replay from sequence').fill(String(sequence));
            await page.getByRole('button', { name: 'Review the replay…' }).click();
            await expect.poll(() => page.textContent('h1')).toBe(`Replay sequences ${sequence} to ${sequence}?`);
            await fits(page, `the replay review at ${name}`);
            await accessible(page, `the replay review at ${name}, ${scheme}`);
            await page.screenshot({
              path: join(SCREENSHOTS, `onpay-console-webhooks-replay-${name}-${scheme}.png`),
              fullPage: true,
            });
          },
          scheme,
          true,
        );
      }, 180_000);
    }
  }
});
