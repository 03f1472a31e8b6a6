/**
 * The operator command line is a contract (docs/decisions.md §3): these tests run it in-process
 * (`runCli`) against a database of its own, and `serve`, with the commands run beside it, as the
 * real program, `node bin/onpay.js …`, in child processes (it listens, and exits on a signal). They
 * read only what an operator or a script would read: exit status, stdout, stderr, and the HTTP
 * answers of `serve`. test/cli/binary.test.ts runs the other commands as the real program too.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine, testRedisUrl, type TestDatabase } from '../helpers/engine.js';
import { freePort } from '../helpers/net.js';
import {
  cli,
  cliEnv as baseCliEnv,
  expectJsonError,
  expectOneErrorLine,
  jsonLine,
  onpay,
  root,
  runCli,
  scratchDatabase,
} from '../helpers/cli.js';

/** Under test:pg the served process also uses the Redis rate limiter, as a multi-instance deployment does. */
function cliEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return baseCliEnv({ ...(testRedisUrl ? { REDIS_URL: testRedisUrl } : {}), ...extra });
}

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

interface Server {
  baseUrl: string;
  /** Everything the process has written to stdout so far. */
  output(): string;
  /** Resolves with the first match of `pattern` in stdout; fails if the process exits or time runs out. */
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpMatchArray>;
  /** Sends the signal and resolves with how the process ended. */
  stop(signal?: NodeJS.Signals): Promise<Exit>;
}

const children = new Set<ChildProcessWithoutNullStreams>();

async function serve(env: NodeJS.ProcessEnv): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [cli, 'serve'], {
    cwd: root,
    env: { ...env, HOST: '127.0.0.1', PORT: String(port) },
  });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  let exit: Exit | null = null;
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      children.delete(child);
      resolve(exit);
    }),
  );

  const server: Server = {
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => stdout,
    // A cold start on PostgreSQL (every migration, the TypeScript loader) took 13 to 15 s beside
    // the rest of the suite at load 7: the wait is generous, a start that works prints far sooner.
    waitFor(pattern, ms = 60_000) {
      const started = Date.now();
      return new Promise((resolve, reject) => {
        const timer = setInterval(() => {
          const match = pattern.exec(stdout);
          if (match) {
            clearInterval(timer);
            resolve(match);
          } else if (exit || Date.now() - started > ms) {
            clearInterval(timer);
            const why = exit ? `exited (${JSON.stringify(exit)})` : `printed nothing matching ${pattern} in ${ms} ms`;
            reject(new Error(`onpay serve ${why}\nstdout: ${stdout}\nstderr: ${stderr}`));
          }
        }, 20);
      });
    },
    async stop(signal = 'SIGTERM') {
      if (!exit) child.kill(signal);
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`onpay serve did not exit within 12 s of ${signal}`)), 12_000).unref(),
      );
      return Promise.race([exited, timeout]);
    },
  };
  await server.waitFor(/listening on /);
  return server;
}

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

interface Credentials {
  partner_id: number;
  api_key: string;
  access_token: string;
}

function headers(token: string, apiKey: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, 'api-key': apiKey };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TEST_TOKEN = /^onp_test_[A-Za-z0-9_-]{20,}$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe(`onpay command line (${testEngine})`, () => {
  let database: TestDatabase;
  let env: NodeJS.ProcessEnv;
  let partner: Credentials | undefined;
  let second: { token_id: number; access_token: string } | undefined;

  beforeAll(async () => {
    database = await scratchDatabase();
    env = cliEnv({ DATABASE_URL: database.url });
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await database?.drop();
  });

  it('migrate --json applies the migrations once, then reports nothing to apply', async () => {
    const first = jsonLine(await runCli(['migrate', '--json'], env));
    // A fresh database has nothing to review.
    expect(first).toEqual({ applied: expect.arrayContaining([expect.any(String)]), notes: [] });
    expect((first.applied as string[]).length).toBeGreaterThan(0);

    expect(jsonLine(await runCli(['migrate', '--json'], env))).toEqual({ applied: [], notes: [] });
  });

  it('partner create --json prints exactly the new credentials', async () => {
    const created = jsonLine(await runCli(['partner', 'create', '--name', 'Acme', '--json'], env));
    expect(Object.keys(created).sort()).toEqual(['access_token', 'api_key', 'partner_id']);
    expect(created.partner_id).toEqual(expect.any(Number));
    expect(created.api_key).toMatch(UUID);
    expect(created.access_token).toMatch(TEST_TOKEN);
    partner = created as unknown as Credentials;
  });

  it('token create --json issues another token; an unknown partner fails with one line', async () => {
    expect(partner).toBeDefined();
    const issued = jsonLine(await runCli(['token', 'create', '--partner', String(partner!.partner_id), '--json'], env));
    expect(Object.keys(issued).sort()).toEqual(['access_token', 'token_id']);
    expect(issued.token_id).toEqual(expect.any(Number));
    expect(issued.access_token).toMatch(TEST_TOKEN);
    expect(issued.access_token).not.toBe(partner!.access_token);
    second = issued as { token_id: number; access_token: string };

    expect(expectOneErrorLine(await runCli(['token', 'create', '--partner', '999'], env), 1)).toBe(
      'onpay: Partner 999 does not exist.',
    );
  });

  it('token list shows ids and prefixes only; partner set-fee changes the fee rate or refuses a bad one', async () => {
    expect(partner).toBeDefined();
    const listed = jsonLine(await runCli(['token', 'list', '--partner', String(partner!.partner_id), '--json'], env));
    const tokens = listed.tokens as Array<{ token_id: number; prefix: string; revoked_at: string | null }>;
    expect(tokens.map((t) => t.token_id)).toContain(second!.token_id);
    expect(JSON.stringify(listed)).not.toContain(partner!.access_token);
    expect(
      tokens.every((t) => partner!.access_token.startsWith(t.prefix) || second!.access_token.startsWith(t.prefix)),
    ).toBe(true);

    expect(
      jsonLine(await runCli(['partner', 'set-fee', String(partner!.partner_id), '--rate', '0.1', '--json'], env)),
    ).toEqual({
      partner_id: partner!.partner_id,
      fee_rate: '0.1',
    });
    expect(
      expectOneErrorLine(await runCli(['partner', 'set-fee', String(partner!.partner_id), '--rate', '1.5'], env), 2),
    ).toContain('--rate');
    expect(expectOneErrorLine(await runCli(['partner', 'set-fee', '999', '--rate', '0.1'], env), 1)).toBe(
      'onpay: Partner 999 does not exist.',
    );
  });

  it('serve: the credentials work, revocation and new terms take effect at once, SIGTERM exits 0', async () => {
    expect(partner && second).toBeDefined();
    const server = await serve(env);
    const terms = `${server.baseUrl}/api/v1/terms`;
    const first = headers(partner!.access_token, partner!.api_key);
    const other = headers(second!.access_token, partner!.api_key);

    // The database already has a partner: no demo partner, no banner.
    expect(server.output()).not.toContain('demo partner');

    const ready = await fetch(`${server.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: testRedisUrl ? 'ok' : 'not configured' },
    });

    expect((await fetch(terms, { headers: first })).status).toBe(200);
    expect((await fetch(terms, { headers: other })).status).toBe(200);

    // Beside a live server the operator's commands run as the real program, as before: "at once"
    // here means once the command's process has ended. (The server hears of another process's change
    // over LISTEN/NOTIFY on PostgreSQL, some milliseconds after the commit; right after an
    // in-process run, the next request could still find the revoked token in its cache.)
    const revoke = await onpay(['token', 'revoke', String(second!.token_id)], env);
    expect(revoke).toMatchObject({ code: 0, stderr: '' });
    const refused = await fetch(terms, { headers: other });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ message: 'Unauthenticated.' });
    expect((await fetch(terms, { headers: first })).status).toBe(200);

    // Revoking again is not an error.
    expect(jsonLine(await runCli(['token', 'revoke', String(second!.token_id), '--json'], env))).toEqual({
      token_id: second!.token_id,
      revoked: false,
    });

    const publish = await onpay(
      ['terms', 'publish', '--code', 'v2', '--title', 'T', '--url', 'https://x.example/t'],
      env,
    );
    expect(publish).toMatchObject({ code: 0, stderr: '' });
    const current = await fetch(terms, { headers: first });
    expect(current.status).toBe(200);
    expect(await current.json()).toEqual({ terms: { code: 'v2', title: 'T', url: 'https://x.example/t' } });

    // Neither secret reaches the request log (docs/decisions.md §13).
    const logLines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) {
      expect(line).not.toContain(partner!.access_token);
      expect(line).not.toContain(second!.access_token);
      expect(line).not.toContain(partner!.api_key);
    }

    expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  }, 120_000); // a start of the real service

  it('partner list shows each partner with its fee rate and active (unrevoked) tokens, never a key or a token', async () => {
    expect(partner && second).toBeDefined();
    const globex = jsonLine(
      await runCli(['partner', 'create', '--name', 'Globex', '--json'], env),
    ) as unknown as Credentials;
    const [listed, human] = await Promise.all([
      runCli(['partner', 'list', '--json'], env),
      runCli(['partner', 'list'], env),
    ]);
    const partners = jsonLine(listed);
    expect(partners).toEqual({
      partners: [
        // Acme's second token was revoked above.
        {
          partner_id: partner!.partner_id,
          name: 'Acme',
          fee_rate: '0.1',
          created_at: expect.stringMatching(ISO_TIMESTAMP),
          active_tokens: 1,
        },
        {
          partner_id: globex.partner_id,
          name: 'Globex',
          fee_rate: '0.05',
          created_at: expect.stringMatching(ISO_TIMESTAMP),
          active_tokens: 1,
        },
      ],
    });
    expect(human).toMatchObject({ code: 0, stderr: '' });
    expect(human.stdout.split('\n').filter((line) => /\tAcme$|\tGlobex$/.test(line))).toHaveLength(2);
    for (const secret of [
      partner!.access_token,
      partner!.api_key,
      second!.access_token,
      globex.access_token,
      globex.api_key,
    ]) {
      expect(listed.stdout).not.toContain(secret);
      expect(human.stdout).not.toContain(secret);
    }
  });
});

describe(`onpay serve on an empty database (${testEngine})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await scratchDatabase();
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await database?.drop();
  });

  it('creates a demo partner and prints its credentials and a first curl that works', async () => {
    const server = await serve(cliEnv({ DATABASE_URL: database.url }));
    const [, url, token, apiKey] = await server.waitFor(
      /curl -s (\S+) \\\n\s+-H 'Authorization: Bearer (\S+)' \\\n\s+-H 'API-key: (\S+)'/,
    );
    expect(url).toBe(`${server.baseUrl}/api/v1/terms`);
    expect(token).toMatch(TEST_TOKEN);
    expect(apiKey).toMatch(UUID);
    expect(server.output()).toContain(`Access token:  ${token}`);
    expect(server.output()).toContain(`API-key:       ${apiKey}`);

    const response = await fetch(url!, { headers: { authorization: `Bearer ${token}`, 'api-key': apiKey! } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      terms: { code: expect.any(String), title: expect.any(String), url: expect.any(String) },
    });

    expect(await server.stop('SIGINT')).toEqual({ code: 0, signal: null });
  }, 120_000); // a start of the real service
});

describe('onpay with a bad DATABASE_URL', () => {
  it('stops with exit status 1 and one stderr line naming DATABASE_URL (and the same in JSON with --json), without printing a password', async () => {
    const [mysql, unreachable, withPassword, serveMysql] = await Promise.all([
      runCli(['migrate', '--json'], cliEnv({ DATABASE_URL: 'mysql://x' })),
      runCli(['migrate'], cliEnv({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/x' })),
      runCli(
        ['partner', 'create', '--name', 'Acme'],
        cliEnv({ DATABASE_URL: 'postgres://postgres:s3cret-pw@127.0.0.1:1/x' }),
      ),
      runCli(['serve'], cliEnv({ DATABASE_URL: 'mysql://x' })),
    ]);
    expect(expectJsonError(mysql, 1)).toContain('DATABASE_URL');
    for (const run of [unreachable, withPassword, serveMysql]) {
      expect(expectOneErrorLine(run, 1)).toContain('DATABASE_URL');
    }
    expect(withPassword.stderr).not.toContain('s3cret-pw');
  });
});

describe(`runCli, the command line in-process (${testEngine})`, () => {
  it("reads the environment it is given, never this process's", async () => {
    const database = await scratchDatabase();
    const host = process.env.DATABASE_URL;
    process.env.DATABASE_URL = 'mysql://the-host-setting';
    try {
      expect(jsonLine(await runCli(['migrate', '--json'], { DATABASE_URL: database.url }))).toEqual({
        applied: expect.arrayContaining([expect.any(String)]),
        notes: [],
      });
    } finally {
      if (host === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = host;
      await database.drop();
    }
  });
});

describe(`links the command line prints (${testEngine})`, () => {
  let database: TestDatabase;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    database = await scratchDatabase();
    env = cliEnv({ DATABASE_URL: database.url });
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await database?.drop();
  });

  it('before any service published its address: HOST and PORT, and it says so', async () => {
    const run = await runCli(['operator', 'create', '--email', 'first@onpay.example', '--role', 'admin'], env);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain('  http://127.0.0.1:8080/console/setup/');
    expect(run.stdout).toContain(
      'Links use http://127.0.0.1:8080, made from HOST and PORT: PUBLIC_BASE_URL is not set and no service has published its address in this database.',
    );
  });

  it('with the service on another PORT: links go to the address it published at start-up, say so, and work', async () => {
    const server = await serve(env);
    expect(server.baseUrl).not.toBe('http://127.0.0.1:8080');
    const created = jsonLine(
      await runCli(['operator', 'create', '--email', 'kari@onpay.example', '--role', 'admin', '--json'], env),
    ) as { setup_url: string; link_base: Record<string, unknown>; operator: { operator_id: number } };
    expect(created.setup_url.startsWith(`${server.baseUrl}/console/setup/`)).toBe(true);
    expect(created.link_base).toEqual({
      url: server.baseUrl,
      source: 'published',
      published_at: expect.stringMatching(ISO_TIMESTAMP),
    });
    // The link works: the running service answers it with the set-up page.
    const page = await fetch(created.setup_url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Step 1 of 2');

    const reset = await runCli(['operator', 'reset', String(created.operator.operator_id)], env);
    expect(reset).toMatchObject({ code: 0, stderr: '' });
    expect(reset.stdout).toContain(`  ${server.baseUrl}/console/setup/`);
    expect(reset.stdout).toContain(
      `Links use ${server.baseUrl}: the address the running service published when it started (`,
    );

    // PUBLIC_BASE_URL, when set, decides.
    const given = await runCli(
      ['operator', 'create', '--email', 'ola@onpay.example', '--role', 'viewer'],
      cliEnv({ DATABASE_URL: database.url, PUBLIC_BASE_URL: 'https://console.onpay.example' }),
    );
    expect(given.stdout).toContain('  https://console.onpay.example/console/setup/');
    expect(given.stdout).toContain('Links use https://console.onpay.example (PUBLIC_BASE_URL).');
    expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });

    // Started again on another port, the service publishes its new address over the old one.
    const again = await serve(env);
    const after = jsonLine(
      await runCli(['operator', 'create', '--email', 'per@onpay.example', '--role', 'viewer', '--json'], env),
    ) as { setup_url: string; link_base: { published_at: string } };
    expect(after.setup_url.startsWith(`${again.baseUrl}/console/setup/`)).toBe(true);
    expect(after.link_base.published_at > (created.link_base.published_at as string)).toBe(true);
    expect(await again.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  }, 180_000); // two starts of the real service
});
