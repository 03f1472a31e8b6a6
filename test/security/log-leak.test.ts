/**
 * Nothing secret reaches the log. The service runs as `npm start` runs it, with the production
 * logger at `trace`; the README walkthrough and the shared-employee attack (the isolation sequence)
 * run against it, plus a login link opened, a 4xx and a forced 5xx. Then every token, key, start
 * token, national identity number, bank account and e-mail used is looked for in pino's JSON lines:
 * zero hits. The test first checks the log is not empty and holds what it must, so it cannot pass
 * on an empty log.
 */
import { execFile } from 'node:child_process';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonLine, onpay, root } from '../helpers/cli.js';
import { testEngine } from '../helpers/engine.js';
import { startWithNpm, walkthroughScript, type StartedServer } from '../helpers/server.js';

type Json = Record<string, unknown>;

function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd: root, env, timeout: 120_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Runs SQL on the server's database from outside the server (a fault, or reading what was used). */
async function onDatabase<T>(url: string, work: (query: (sql: string) => Promise<Json[]>) => Promise<T>): Promise<T> {
  if (url.startsWith('sqlite:')) {
    const db = new SQLite(url.slice('sqlite:'.length));
    try {
      return await work(async (sql) =>
        /^\s*select/i.test(sql) ? (db.prepare(sql).all() as Json[]) : (db.exec(sql), []),
      );
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(async (sql) => (await client.query(sql)).rows as Json[]);
  } finally {
    await client.end();
  }
}

describe(`the log at trace (${testEngine})`, () => {
  let server: StartedServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it('holds no token, key, start token, identity number, bank account or e-mail that was used', async () => {
    server = await startWithNpm({ LOG_LEVEL: 'trace' });
    const { base, env } = server;
    const databaseUrl = env.DATABASE_URL as string;
    const secrets = new Set<string>([server.token, server.apiKey]);

    // The README walkthrough, as a partner runs it.
    const walkthrough = await run('bash', ['-euo', 'pipefail', '-c', walkthroughScript()], {
      ...env,
      TOKEN: server.token,
      API_KEY: server.apiKey,
      BASE: base,
    });
    expect(walkthrough.code, walkthrough.stderr).toBe(0);
    const loginUrl = /^(http:\/\/127\.0\.0\.1:\d+\/login\/\S+)$/m.exec(walkthrough.stdout)?.[1];
    expect(loginUrl).toBeTruthy();
    secrets.add(new URL(loginUrl!).pathname.slice('/login/'.length));

    // The isolation sequence: partner B against partner A's shared employee.
    const b = jsonLine(await onpay(['partner', 'create', '--name', 'Partner B', '--json'], env)) as {
      api_key: string;
      access_token: string;
    };
    secrets.add(b.api_key).add(b.access_token);
    const attack = await run(
      process.execPath,
      [
        'bin/run-ts.js',
        'scripts/attack-shared-employee.ts',
        '--base',
        base,
        '--a-token',
        server.token,
        '--a-key',
        server.apiKey,
        '--b-token',
        b.access_token,
        '--b-key',
        b.api_key,
      ],
      env,
    );
    expect(attack.code, attack.stdout + attack.stderr).toBe(0);

    // A verification start page and a login link opened in a browser (their tokens are in the URL).
    const headers = {
      authorization: `Bearer ${server.token}`,
      'api-key': server.apiKey,
      'content-type': 'application/json',
    };
    const users = (await (await fetch(`${base}/api/v1/users?per_page=1`, { headers })).json()) as {
      results: Array<{ id: string }>;
    };
    const someone = users.results[0]!.id;
    const flow = (await (
      await fetch(`${base}/api/v1/users/${someone}/verification/flows`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ provider: 'provider_eid', partner_return_url: 'https://partner.example/onpay/return' }),
      })
    ).json()) as { verification_url: string };
    const startPath = new URL(flow.verification_url).pathname;
    secrets.add(startPath.slice('/verify/'.length));
    expect((await fetch(`${base}${startPath}`)).status).toBe(200);
    expect((await fetch(loginUrl!)).status).toBe(200);

    // A 4xx, and a forced 5xx: the credential store's table is gone for a partner never seen before.
    expect(
      (await fetch(`${base}/api/v1/users`, { headers: { authorization: 'Bearer onp_test_wrong', 'api-key': 'wrong' } }))
        .status,
    ).toBe(401);
    const c = jsonLine(await onpay(['partner', 'create', '--name', 'Partner C', '--json'], env)) as {
      api_key: string;
      access_token: string;
    };
    secrets.add(c.api_key).add(c.access_token);
    await onDatabase(databaseUrl, (q) => q('alter table access_tokens rename to access_tokens_away'));
    try {
      const failed = await fetch(`${base}/api/v1/terms`, {
        headers: { authorization: `Bearer ${c.access_token}`, 'api-key': c.api_key },
      });
      expect(failed.status).toBeGreaterThanOrEqual(500);
    } finally {
      await onDatabase(databaseUrl, (q) => q('alter table access_tokens_away rename to access_tokens'));
    }

    // Everything personal that was stored: e-mails, identity numbers, bank accounts.
    await onDatabase(databaseUrl, async (q) => {
      for (const row of await q('select email from users'))
        for (const value of Object.values(row)) if (value) secrets.add(String(value));
      for (const row of await q(
        'select identification, verified_identification, phone, bank_account_number, bank_iban_number, bank_bic_number from partner_users',
      ))
        for (const value of Object.values(row)) if (value) secrets.add(String(value));
    });

    // The server's last lines travel through a pipe: wait for the 5xx's access line to arrive.
    for (let i = 0; i < 100 && !/"statusCode":5\d\d/.test(server.output()); i++)
      await new Promise((resolve) => setTimeout(resolve, 50));

    // pino's JSON lines only: the start-up banner is not a log line.
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Json);
    const requests = lines.filter((line) => line.msg === 'request completed') as Array<{
      req: { url: string };
      res: { statusCode: number };
    }>;
    expect(lines.length).toBeGreaterThan(50);
    expect(requests.map((line) => line.req.url)).toContain('/login/***');
    expect(requests.map((line) => line.req.url)).toContain('/verify/***');
    expect(requests.some((line) => line.res.statusCode >= 400 && line.res.statusCode < 500)).toBe(true);
    expect(requests.some((line) => line.res.statusCode >= 500)).toBe(true);
    // The 5xx's detail is logged (with its request id), but no secret in it.
    expect(
      lines.some((line) => line.msg === 'unexpected error' && (line.err as Json | undefined)?.code !== undefined),
    ).toBe(true);

    const text = lines.map((line) => JSON.stringify(line)).join('\n');
    expect(secrets.size).toBeGreaterThan(15);
    const leaked = [...secrets].filter((secret) => secret.length >= 4 && text.includes(secret));
    expect(leaked, 'secrets found in the log').toEqual([]);
    expect(text).not.toMatch(/onp_(test|live)_[A-Za-z0-9_-]{8}/);
  }, 360_000);
});
