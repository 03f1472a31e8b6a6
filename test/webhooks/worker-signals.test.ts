/**
 * The delivery worker in real processes (`onpay worker`, and `onpay serve`, which runs it), against
 * local receivers that hold requests until the test answers them: SIGTERM with sends in flight exits
 * 0 within 10 s, every answered send recorded, nothing new sent, every lease released, and a restart
 * delivers the rest with only the abandoned send twice; hanging endpoints of one partner do not hold
 * back another's; a worker killed (SIGKILL) again and again still delivers everything, repeating only
 * the sends it had in flight (docs/decisions.md §16, docs/operations.md).
 */
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/clock.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { cliEnv, scratchDatabase } from '../helpers/cli.js';
import { ManualClock } from '../helpers/clock.js';
import { testEngine, type TestDatabase } from '../helpers/engine.js';
import { startOnpay, until, type ServiceProcess } from '../helpers/faults.js';
import { freePort } from '../helpers/net.js';
import { createEndpoint, emitEvents, startReceiver, type Receiver } from './helpers.js';

/** The child processes sign with the real time: the receivers verify at it. */
const realClock: Clock = { now: () => new Date() };
const ABANDONED = 'onpay stopped before the answer came; it is sent again';

describe(`webhook workers stopped and killed, as real processes (${testEngine})`, () => {
  let database: TestDatabase;
  let t: TestApp;
  const receivers: Receiver[] = [];
  const children: ServiceProcess[] = [];
  const partners: TestPartner[] = [];

  beforeAll(async () => {
    database = await scratchDatabase('onpay-webhook-signals');
    t = await buildTestApp({ database, clock: new ManualClock(new Date()) });
  });
  afterEach(async () => {
    for (const child of children.splice(0)) child.child.kill('SIGKILL');
    for (const partner of partners.splice(0)) {
      const list = (await t.as(partner, { method: 'GET', url: '/api/v1/webhook-endpoints?per_page=100' })).json() as {
        results: Array<{ id: number }>;
      };
      for (const endpoint of list.results)
        await t.as(partner, { method: 'DELETE', url: `/api/v1/webhook-endpoints/${endpoint.id}` });
    }
    while (receivers.length) await receivers.pop()!.close();
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  async function receiver(answer?: Parameters<typeof startReceiver>[2]): Promise<Receiver> {
    const r = await startReceiver(realClock, [], answer);
    receivers.push(r);
    return r;
  }

  async function partner(name: string): Promise<TestPartner> {
    const p = await t.partner(name);
    partners.push(p);
    return p;
  }

  /** `onpay worker` or `onpay serve` on the test's database; a receiver that never answers holds a send 30 s. */
  async function start(command: 'worker' | 'serve', port = 0): Promise<ServiceProcess> {
    const env = cliEnv({
      DATABASE_URL: database.url,
      LOG_LEVEL: 'info',
      WEBHOOK_TIMEOUT_MS: '30000',
      // An idle client connection holds the drain 8 s (of the 10 s SHUTDOWN_TIMEOUT_MS) unless it closes.
      ...(command === 'serve' ? { PORT: String(port), SHUTDOWN_IDLE_GRACE_MS: '8000' } : {}),
    });
    const child = startOnpay([command], env);
    children.push(child);
    await child.printed(command === 'serve' ? /listening on/ : /onpay worker \(sandbox\) running/);
    return child;
  }

  /**
   * A kept-alive connection to the server, idle after one request: a drain waits for it (up to
   * SHUTDOWN_IDLE_GRACE_MS) until `close()`.
   */
  async function keptAlive(port: number): Promise<{ close(): void }> {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    const answered = new Promise<void>((resolve) =>
      socket.on('data', (chunk: Buffer) => {
        answer += chunk.toString();
        if (answer.includes('"ok"')) resolve();
      }),
    );
    socket.write('GET /healthz HTTP/1.1\r\nHost: onpay.test\r\n\r\n');
    await answered;
    return { close: () => socket.end() };
  }

  /** SIGTERM, once the process says it is stopping; resolves with its exit code and how long it took. */
  async function terminate(
    child: ServiceProcess,
    meanwhile: () => void = () => undefined,
  ): Promise<{ code: number | null; ms: number }> {
    const signalled = Date.now();
    child.child.kill('SIGTERM');
    await child.printed(/SIGTERM, finishing|shutting down/);
    meanwhile();
    const code = await child.exited;
    return { code, ms: Date.now() - signalled };
  }

  const attempts = async (owner: TestPartner, endpointId: number) =>
    (
      (
        await t.as(owner, { method: 'GET', url: `/api/v1/webhook-endpoints/${endpointId}/deliveries?per_page=100` })
      ).json() as { results: Array<{ sequence: number; status_code: number | null; error: string | null }> }
    ).results.reverse();

  const leased = async () =>
    (await t.db.db.selectFrom('webhook_endpoints').select('id').where('locked_by', 'is not', null).execute()).length;

  for (const command of ['worker', 'serve'] as const) {
    it(`onpay ${command}: SIGTERM with sends in flight finishes the answered one, abandons the hanging one, records both and exits 0 within 10 s; a restart delivers the rest, only the abandoned send twice`, async () => {
      const acme = await partner('Acme');
      // Each receiver holds one request: the third to `finishing`, the second to `hanging`.
      const finishing = await receiver((n) => (n === 2 ? 'hang' : 204));
      const hanging = await receiver((n) => (n === 1 ? 'hang' : 204));
      const f = await createEndpoint(t, acme, { url: finishing.url, event_types: ['payout.*'] });
      const h = await createEndpoint(t, acme, { url: hanging.url, event_types: ['payout.*'] });
      await emitEvents(t, acme.partnerId, 10);

      const port = await freePort();
      const first = await start(command, port);
      await until(() => finishing.held.length === 1 && hanging.held.length === 1, 'a send in flight to each', 30_000);
      // onpay serve also has a client connection open, which its drain waits for: the workers stop beside
      // the drain, not after it (the sends in flight are wrapped up while the drain waits).
      const client = command === 'serve' ? await keptAlive(port) : null;
      // The finishing receiver answers only after the signal.
      const signalled = Date.now();
      const exited = terminate(first, () => finishing.held[0]!.respond(200));
      if (client) {
        // Polled in the database (the API's rate limit is not for polling every few milliseconds).
        const abandoned = () =>
          t.db.db
            .selectFrom('webhook_attempts')
            .select('id')
            .where('endpoint_id', '=', h.id)
            .where('error', '=', ABANDONED)
            .executeTakeFirst();
        await until(
          async () => (await abandoned()) !== undefined,
          'the hanging send abandoned and recorded while the drain waits',
          7_500,
        );
        client.close();
      }
      const stopped = await exited;
      expect(stopped.code, first.output()).toBe(0);
      expect(Date.now() - signalled, first.output()).toBeLessThan(10_000);
      // Nothing new was sent after the signal; both sends in flight are recorded; no lease is left.
      expect(finishing.received).toHaveLength(3);
      expect(hanging.received).toHaveLength(2);
      expect((await attempts(acme, f.id)).map((a) => a.status_code)).toEqual([204, 204, 200]);
      expect((await attempts(acme, h.id)).map((a) => [a.status_code, a.error])).toEqual([
        [204, null],
        [null, ABANDONED],
      ]);
      expect(await leased()).toBe(0);

      // After a restart every event arrives; only the abandoned send twice.
      finishing.answer = () => 204;
      hanging.answer = () => 204;
      const second = await start(command);
      await until(
        () => finishing.received.length === 10 && hanging.received.length === 11,
        'the rest delivered',
        30_000,
      );
      expect((await terminate(second)).code, second.output()).toBe(0);
      const sequences = (r: Receiver) => r.received.map((d) => d.event.sequence);
      const s0 = sequences(finishing)[0]!;
      expect(sequences(finishing)).toEqual(Array.from({ length: 10 }, (_, i) => s0 + i));
      expect(sequences(hanging)).toEqual([s0, s0 + 1, ...Array.from({ length: 9 }, (_, i) => s0 + 1 + i)]);
      expect(hanging.received[2]!.headers['webhook-id']).toBe(hanging.received[1]!.headers['webhook-id']);
    }, 90_000);
  }

  it('onpay worker: hanging endpoints of one partner hold at most half its slots; another partner’s endpoints get everything meanwhile', async () => {
    const acme = await partner('Acme');
    const beta = await partner('Beta');
    const stuck = await receiver(() => 'hang');
    const healthy = await receiver();
    for (let i = 0; i < 8; i++) await createEndpoint(t, acme, { url: `${stuck.url}/${i}`, event_types: ['payout.*'] });
    for (let i = 0; i < 4; i++)
      await createEndpoint(t, beta, { url: `${healthy.url}/${i}`, event_types: ['payout.*'] });
    // Acme's events are written first: its deliveries have waited longest.
    await emitEvents(t, acme.partnerId, 3);
    await emitEvents(t, beta.partnerId, 5);

    const child = await start('worker');
    await until(() => healthy.received.length === 20, "beta's 20 deliveries", 30_000);
    expect(stuck.held.length).toBeLessThanOrEqual(4);
    for (let i = 0; i < 4; i++) expect(healthy.received.filter((d) => d.path === `/hooks/${i}`)).toHaveLength(5);
    // Four hanging sends at SIGTERM: each abandoned after the grace, recorded, released.
    const stopped = await terminate(child);
    expect(stopped.code, child.output()).toBe(0);
    expect(stopped.ms).toBeLessThan(10_000);
    expect(await leased()).toBe(0);
  }, 90_000);

  it('onpay worker killed (SIGKILL) again and again: every event arrives, each partner is served from the first life on, and only sends in flight at a kill are repeated', async () => {
    const owners = [await partner('Acme'), await partner('Beta'), await partner('Gamma')];
    /** Answers 204 while the budget lasts, then holds every request (the worker is killed with them in flight). */
    let budget = 0;
    const completed = new Set<string>();
    const repeatedCompleted: string[] = [];
    const key = (path: string, eventId: string) => `${path} ${eventId}`;
    const r = await receiver((n) => {
      const got = r.received[n]!;
      if (completed.has(key(got.path, got.event.id))) repeatedCompleted.push(key(got.path, got.event.id));
      if (budget <= 0) return 'hang';
      budget--;
      completed.add(key(got.path, got.event.id));
      return 204;
    });
    const paths: string[] = [];
    const ids: number[] = [];
    for (const owner of owners)
      for (let i = 0; i < 3; i++) {
        paths.push(`/hooks/${owner.partnerId}/${i}`);
        ids.push(
          (await createEndpoint(t, owner, { url: `${r.url}/${owner.partnerId}/${i}`, event_types: ['payout.*'] })).id,
        );
      }
    for (const owner of owners) await emitEvents(t, owner.partnerId, 10);
    const total = paths.length * 10;
    const recorded = async () =>
      Number(
        (
          await t.db.db
            .selectFrom('webhook_attempts')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('status_code', '=', 204)
            .where('endpoint_id', 'in', ids)
            .executeTakeFirstOrThrow()
        ).n,
      );

    const inFlightAtKill = new Set<string>();
    let lives = 0;
    while (completed.size < total) {
      lives++;
      expect(lives, 'lives needed').toBeLessThanOrEqual(10);
      // The first life answers nothing: it shows which endpoints a worker serves at once.
      budget = lives === 1 ? 0 : 30;
      const child = await start('worker');
      if (lives === 1) {
        await until(() => r.held.length === 8, 'a send in flight in each of the 8 slots', 30_000);
        for (const owner of owners)
          expect(
            r.held.some((held) => held.received.path.startsWith(`/hooks/${owner.partnerId}/`)),
            `partner ${owner.partnerId} served from the first life on`,
          ).toBe(true);
      }
      // Killed once its budget is spent and every answered send is recorded (per attempt, not per batch).
      await until(
        async () => completed.size === total || (budget === 0 && (await recorded()) === completed.size),
        `every answered send recorded (life ${lives})`,
        30_000,
      );
      if (completed.size === total) {
        expect((await terminate(child)).code, child.output()).toBe(0);
        break;
      }
      child.child.kill('SIGKILL');
      await child.exited;
      for (const held of r.held.splice(0)) {
        inFlightAtKill.add(key(held.received.path, held.received.event.id));
        held.respond(0);
      }
      // The dead worker's leases run out (60 s later): moved on here rather than waited for.
      await t.db.db
        .updateTable('webhook_endpoints')
        .set({ locked_until: new Date(Date.now() - 1).toISOString() })
        .where('locked_by', 'is not', null)
        .execute();
    }
    // Every endpoint got every event; nothing answered was sent again; a repeat was in flight at a kill.
    for (const path of paths)
      expect(new Set(r.received.filter((d) => d.path === path).map((d) => d.event.id)).size, path).toBe(10);
    expect(repeatedCompleted).toEqual([]);
    const seen = new Set<string>();
    for (const d of r.received) {
      const k = key(d.path, d.event.id);
      if (seen.has(k)) expect(inFlightAtKill.has(k), k).toBe(true);
      seen.add(k);
    }
  }, 180_000);
});
