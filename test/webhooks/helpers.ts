/**
 * Webhook test kit: real HTTP receivers on loopback that verify every delivery with the
 * `standardwebhooks` verifier (at the test's clock: the verifier checks the timestamp against
 * `Date.now`), endpoints made through the API, and events written as a change would write them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect } from 'vitest';
import type { Clock } from '../../src/clock.js';
import type { EventType } from '../../src/modules/events/index.js';
import type { TestApp, TestPartner } from '../helpers/app.js';

export interface Received {
  /** The request's path (several endpoints may share one receiver). */
  path: string;
  headers: Record<string, string>;
  body: string;
  event: { id: string; type: string; sequence: number; created_at: string; data: { object: unknown } };
  /** For each secret the receiver holds: whether the delivery verified with it. */
  verifiedWith: boolean[];
}

/** What the receiver answers the nth request (0-based): a status, or `hang` (no answer until the test gives one). */
export type Answer = number | 'hang';

/** A request the receiver holds (answered `hang`). */
export interface Held {
  received: Received;
  /** Answers it now. */
  respond(status: number): void;
}

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** Deliveries that verified with at least one secret. */
  verified(): Received[];
  /** The requests it holds, unanswered, in arrival order. */
  held: Held[];
  secrets: string[];
  answer: (n: number) => Answer;
  /** Where a 3xx answer points. */
  redirectTo?: string;
  close(): Promise<void>;
}

/** Verifies as a receiver would at the clock's time (the verifier refuses timestamps 5 minutes off `Date.now`). */
export function verifyAt(clock: Clock, secret: string, body: string, headers: Record<string, string>): boolean {
  const realNow = Date.now;
  Date.now = () => clock.now().getTime();
  try {
    new Webhook(secret).verify(body, headers);
    return true;
  } catch {
    return false;
  } finally {
    Date.now = realNow;
  }
}

export async function startReceiver(
  clock: Clock,
  secrets: string[] = [],
  answer: (n: number) => Answer = () => 204,
): Promise<Receiver> {
  const received: Received[] = [];
  const held: Held[] = [];
  let n = 0;
  const receiver: Receiver = {
    url: '',
    port: 0,
    received,
    held,
    secrets,
    answer,
    verified: () => received.filter((r) => r.verifiedWith.some(Boolean)),
    close: () =>
      new Promise((resolve) => {
        for (const request of held.splice(0)) request.respond(0);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const entry: Received = {
        path: req.url ?? '/',
        headers,
        body,
        event: JSON.parse(body) as Received['event'],
        verifiedWith: receiver.secrets.map((secret) => verifyAt(clock, secret, body, headers)),
      };
      received.push(entry);
      const reply = receiver.answer(n++);
      if (reply === 'hang') {
        const holding: Held = {
          received: entry,
          // 0: the connection is cut (the receiver closes).
          respond: (status) => {
            const index = held.indexOf(holding);
            if (index >= 0) held.splice(index, 1);
            if (status === 0) return void res.destroy();
            res.statusCode = status;
            res.end();
          },
        };
        held.push(holding);
        return;
      }
      res.statusCode = reply;
      if (reply >= 300 && reply < 400) res.setHeader('location', receiver.redirectTo ?? '/elsewhere');
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/hooks`;
  return receiver;
}

export interface CreatedEndpoint {
  id: number;
  secret: string;
  url: string;
}

export async function createEndpoint(
  t: TestApp,
  partner: TestPartner,
  body: Record<string, unknown>,
): Promise<CreatedEndpoint> {
  const res = await t.as(partner, {
    method: 'POST',
    url: '/api/v1/webhook-endpoints',
    payload: { event_types: ['payout.*', 'user.*'], ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CreatedEndpoint;
}

/** Writes `count` events for the partner, each in a transaction of its own (as changes do). */
export async function emitEvents(
  t: TestApp,
  partnerId: number,
  count: number,
  type: EventType = 'payout.paid',
): Promise<void> {
  for (let i = 0; i < count; i++) {
    await t.db.db
      .transaction()
      .execute((trx) =>
        t.services.events.service.emit(trx, [{ partnerId, type, object: { id: i + 1, status: 'paid' } }]),
      );
  }
}

/** Runs the app's worker until a run does nothing. */
export async function drain(t: TestApp, max = 50): Promise<void> {
  for (let i = 0; i < max; i++) {
    const did = await t.services.webhookWorker.runOnce();
    if (did.queued + did.attempts === 0) return;
  }
}
