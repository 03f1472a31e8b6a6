/**
 * A third-party validator in front of the service: Stoplight Prism as a proxy in `--errors` mode
 * checks every request and every answer against the published OpenAPI document, and answers with
 * its own error instead when either violates it. The README walkthrough runs through it unchanged,
 * and so does one request of every operation (an optional body left out where the document says
 * it may be).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root, runCli } from '../helpers/cli.js';
import { testEngine } from '../helpers/engine.js';
import { freePort } from '../helpers/net.js';
import { norwegianId } from '../helpers/users.js';
import { startWithNpm, walkthroughScript, type StartedServer } from '../helpers/server.js';

type Json = Record<string, unknown>;

/** Prism's own answers (a request or an answer that violates the document) name its error types. */
function violation(res: { status: number; headers: Headers; text: string }): string | null {
  const header = res.headers.get('sl-violations');
  if (header) return header;
  return res.text.includes('stoplight.io/prism/errors') ? res.text : null;
}

describe(`Prism (--errors) in front of the service (${testEngine})`, () => {
  let server: StartedServer;
  let prism: ChildProcess | undefined;
  let proxy = '';
  let tmp = '';
  let headers: Record<string, string>;

  beforeAll(async () => {
    server = await startWithNpm();
    headers = { authorization: `Bearer ${server.token}`, 'api-key': server.apiKey };
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'onpay-prism-'));
    const documentFile = path.join(tmp, 'openapi.json');
    fs.writeFileSync(documentFile, await (await fetch(`${server.base}/api/v1/openapi.json`)).text());
    const port = await freePort();
    proxy = `http://127.0.0.1:${port}`;
    prism = spawn(
      path.join(root, 'node_modules/.bin/prism'),
      ['proxy', documentFile, server.base, '--errors', '-p', String(port), '-h', '127.0.0.1'],
      {
        cwd: root,
        env: { ...server.env, PATH: `${path.join(root, 'node_modules/.bin')}:${process.env.PATH ?? ''}` },
      },
    );
    let output = '';
    prism.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    prism.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Prism did not start:\n${output}`)), 60_000);
      const check = () => {
        if (/Prism is listening/.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      };
      prism!.stdout?.on('data', check);
      prism!.stderr?.on('data', check);
      prism!.once('exit', (code) => reject(new Error(`Prism exited with ${code}:\n${output}`)));
    });
  }, 360_000);

  afterAll(async () => {
    prism?.kill('SIGKILL');
    await server?.stop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  async function call(method: string, url: string, body?: unknown, extra: Record<string, string> = {}) {
    const res = await fetch(`${proxy}${url}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...extra },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    return { status: res.status, headers: res.headers, text: await res.text() };
  }

  it('passes the README walkthrough, copy-pasted', async () => {
    const { TOKEN: _t, API_KEY: _k, ...env } = server.env;
    const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        'bash',
        ['-euo', 'pipefail', '-c', walkthroughScript()],
        { cwd: root, env: { ...env, TOKEN: server.token, API_KEY: server.apiKey, BASE: proxy }, timeout: 90_000 },
        (error, stdout, stderr) =>
          resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });
    expect(result.stdout + result.stderr).not.toContain('stoplight.io/prism/errors');
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toContain('"is_onboarded":true');
  }, 120_000);

  it('passes one request of every operation, optional bodies left out', async () => {
    const document = JSON.parse(fs.readFileSync(path.join(tmp, 'openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, Json>>;
    };
    // Objects of the demo partner, made through the proxy too.
    const email = `prism.${Date.now()}@example.com`;
    const user = JSON.parse(
      (await call('POST', '/api/v1/users', { email, bank_account_number: '12345678903' })).text,
    ) as { id: string };
    await call('PUT', `/api/v1/users/${user.id}/profile`, {
      first_name: 'Per',
      last_name: 'Prism',
      address: 'Gata 1',
      postal_code: '0150',
      city: 'Oslo',
      dial_code: '+47',
      phone: '45678901',
      main_work: 'true',
    });
    await call('POST', `/api/v1/users/${user.id}/terms`, { approved: true });
    // Registered first, so the sandbox confirms it: sending it again later is accepted and changes nothing.
    const identity = { identification: norwegianId('170590', 411), country_code: 'NO', birthday: '1990-05-17' };
    await call('PUT', `/api/v1/users/${user.id}/identity`, identity);
    const returnUrl = JSON.parse(
      (await call('POST', '/api/v1/verification-return-urls', { partner_return_url: 'https://partner.example/prism' }))
        .text,
    ) as { id: string };
    await runCli(['return-url', 'approve', returnUrl.id], server.env);
    const flow = JSON.parse(
      (
        await call('POST', `/api/v1/users/${user.id}/verification/flows`, {
          provider: 'provider_eid',
          partner_return_url: 'https://partner.example/prism',
        })
      ).text,
    ) as { verification_id: string };
    await call('POST', `/api/v1/test-helpers/verification/${flow.verification_id}/complete`, { status: 'approved' });
    const pending = JSON.parse(
      (
        await call('POST', `/api/v1/users/${user.id}/verification/flows`, {
          provider: 'provider_doc',
          id_type: 'local',
          partner_return_url: 'https://partner.example/prism',
        })
      ).text,
    ) as { verification_id: string };
    const key = crypto.randomUUID();
    const batch = JSON.parse(
      (
        await call(
          'POST',
          '/api/v1/payouts',
          {
            due_date: '2026-12-15',
            payouts: [
              {
                user_id: Number(user.id),
                date: '2026-12-01',
                products: [{ quantity: 1, price: 100, description: 'Shift' }],
              },
            ],
          },
          { 'idempotency-key': key },
        )
      ).text,
    ) as { payout_ids: number[]; invoice_id: number };

    const ids: Record<string, string> = {
      id: user.id,
      payout: String(batch.payout_ids[0]),
      invoice: String(batch.invoice_id),
      verificationSession: pending.verification_id,
      key,
    };
    const bodies: Record<string, unknown> = {
      'POST /api/v1/users': { email: `prism2.${Date.now()}@example.com` },
      'POST /api/v1/users/lookup': { user_id: Number(user.id) },
      'PUT /api/v1/users/{id}': { note: 'via Prism' },
      'PATCH /api/v1/users/{id}': { note: 'via Prism again' },
      'PUT /api/v1/users/{id}/profile': {
        first_name: 'Per',
        last_name: 'Prism',
        address: 'Gata 2',
        postal_code: '0150',
        city: 'Oslo',
        dial_code: '+47',
        phone: '45678901',
        main_work: false,
      },
      'PATCH /api/v1/users/{id}/profile': {
        first_name: 'Per',
        last_name: 'Prism',
        address: 'Gata 3',
        postal_code: '0150',
        city: 'Oslo',
        dial_code: '+47',
        phone: '45678901',
        main_work: 'false',
      },
      'PUT /api/v1/users/{id}/identity': identity,
      'POST /api/v1/users/{id}/terms': { approved: true },
      'POST /api/v1/verification-return-urls': { partner_return_url: 'https://partner.example/prism' },
      'POST /api/v1/users/{id}/verification/flows': {
        provider: 'provider_eid',
        partner_return_url: 'https://partner.example/prism',
        id_type: 'anything: ignored for eID',
      },
      'POST /api/v1/test-helpers/verification/{verificationSession}/complete': { status: 'declined' },
      'POST /api/v1/webhook-endpoints': { url: 'http://127.0.0.1:9/prism', event_types: ['payout.*'] },
      'PATCH /api/v1/webhook-endpoints/{id}': { description: 'via Prism', disabled: true },
      'POST /api/v1/webhook-endpoints/{id}/replay': { after: 0 },
      'POST /api/v1/payouts': {
        due_date: '2026-12-15',
        payouts: [
          {
            user_id: Number(user.id),
            date: '2026-12-02',
            products: [{ quantity: 2, price: 50, description: 'Shift' }],
          },
        ],
      },
    };
    const answered: string[] = [];
    for (const [template, item] of Object.entries(document.paths)) {
      for (const method of Object.keys(item).filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))) {
        const operation = `${method.toUpperCase()} ${template}`;
        const requestBody = (item[method] as Json).requestBody as { required?: boolean } | undefined;
        if (operation.startsWith('POST /api/v1/test-helpers/verification/')) {
          // The flow operation above replaced the pending session: end a fresh one.
          const fresh = JSON.parse(
            (
              await call('POST', `/api/v1/users/${user.id}/verification/flows`, {
                provider: 'provider_doc',
                id_type: 'local',
                partner_return_url: 'https://partner.example/prism',
              })
            ).text,
          ) as { verification_id: string };
          ids.verificationSession = fresh.verification_id;
        }
        let body: unknown;
        if (requestBody && requestBody.required !== false) {
          body = bodies[operation];
          if (body === undefined) throw new Error(`${operation} needs a body: add one`);
        }
        // An event's id, not the employee's, in /events/{id}: the newest event of the feed.
        const event =
          template === '/api/v1/events/{id}'
            ? (
                JSON.parse((await call('GET', '/api/v1/events?limit=500')).text) as { results: Array<{ id: string }> }
              ).results.at(-1)?.id
            : undefined;
        // A webhook endpoint's id in /webhook-endpoints/{id}: a fresh one per operation (one of them deletes it).
        const endpoint = template.startsWith('/api/v1/webhook-endpoints/{id}')
          ? String(
              (
                JSON.parse(
                  (
                    await call('POST', '/api/v1/webhook-endpoints', {
                      url: 'http://127.0.0.1:9/prism',
                      event_types: ['payout.*'],
                    })
                  ).text,
                ) as { id: number }
              ).id,
            )
          : undefined;
        const url = template.replace(/\{(\w+)\}/g, (_, name: string) => {
          const value = event ?? endpoint ?? ids[name];
          if (value === undefined) throw new Error(`no id for {${name}} in ${operation}: add one`);
          return value;
        });
        // An export's NDJSON is one JSON document per line, which an OpenAPI 3.1 schema cannot
        // describe (Prism would read the whole body as one object): its CSV form is checked here,
        // each NDJSON line against the item schema by the contract checks (test/helpers/contract.ts).
        const accept: Record<string, string> = template.endsWith('/export') ? { accept: 'text/csv' } : {};
        const res = await call(method.toUpperCase(), url, body, accept);
        expect(violation(res), `${operation}: ${res.status} ${res.text.slice(0, 300)}`).toBeNull();
        expect(res.status, `${operation}: ${res.text.slice(0, 300)}`).toBeLessThan(300);
        answered.push(operation);
      }
    }
    expect(answered.length).toBeGreaterThan(20);
    // The validator is really checking: a request the document forbids (two ways to name one
    // employee) is answered by Prism itself, before the service sees it.
    const forbidden = await call('POST', '/api/v1/users/lookup', { user_id: Number(user.id), phone: '45678901' });
    expect(violation(forbidden)).not.toBeNull();
    // An error answer passes the validator too: it is documented.
    const missing = await call('GET', '/api/v1/users/999999');
    expect(violation(missing)).toBeNull();
    expect(missing.status).toBe(404);
  }, 120_000);
});
