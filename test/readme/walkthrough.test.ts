/**
 * Runs the README's "First integration in 5 minutes" script exactly as written, against the
 * service started the way the Quick start starts it (`npm start`: build, then serve) on a fresh
 * database, so neither the walkthrough nor the start command can drift from the service.
 */
import { execFile } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from '../helpers/cli.js';
import { testEngine } from '../helpers/engine.js';
import { sandboxIdentity } from '../../src/modules/verification/providers/sandbox.js';
import { rawDatabaseText } from '../helpers/raw-database.js';
import { projectNodeVersion } from '../helpers/runtime.js';
import { startWithNpm, walkthroughScript, type StartedServer } from '../helpers/server.js';

describe(`README walkthrough (${testEngine})`, () => {
  let server: StartedServer | undefined;
  let walkthroughUserId = '';

  afterAll(async () => {
    await server?.stop();
  });

  it('works, copy-pasted, against a fresh sandbox', async () => {
    server = await startWithNpm();
    const { env, token, apiKey, base } = server;
    const port = new URL(base).port;

    // The banner's ready-to-paste line, pasted as it is: it carries the credentials and BASE.
    const exportLine = /^ {2}(export TOKEN='\S+' API_KEY='\S+' BASE='\S+')$/m.exec(server.output())?.[1];
    expect(exportLine).toBe(`export TOKEN='${token}' API_KEY='${apiKey}' BASE='${base}'`);
    const { TOKEN: _t, API_KEY: _k, BASE: _b, ...clean } = env;
    const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        'bash',
        ['-euo', 'pipefail', '-c', `${exportLine}\n${walkthroughScript()}`],
        { cwd: root, env: clean, timeout: 90_000 },
        (error, stdout, stderr) =>
          resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });
    expect(result.stderr + result.stdout).not.toMatch(/curl: \(\d+\)/);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^employee \d+$/m);
    expect(result.stdout).toMatch(/Return URL \d+ .* is now approved\./);
    expect(result.stdout).toMatch(
      /back at the partner: https:\/\/partner\.example\/onpay\/return\/kari\?verification_id=[0-9a-f-]{36}&status=approved/,
    );
    expect(result.stdout).toContain('"is_onboarded":true');
    expect(result.stdout).toContain('"net_salary":"937.50"');
    expect(result.stdout).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/login/\\S+$`, 'm'));
    walkthroughUserId = /^employee (\d+)$/m.exec(result.stdout)![1]!;
  }, 360_000);

  // Issue 23: what the walkthrough stored of Kari is encrypted at rest, wherever it went (the link,
  // the payout's copied account, events, webhook deliveries, idempotency records, mail, the
  // verification session): a copy of the database files (or pg_dump) shows none of it.
  it('leaves none of the employee’s personal values in clear in the database', async () => {
    expect(server, 'the walkthrough ran').toBeDefined();
    const { identification, birthday } = sandboxIdentity(Number(walkthroughUserId));
    // What the README sent, and what the sandbox eID reported about her.
    const values = ['12345678903', 'Storgata 1', '41234567', identification, birthday];
    const { database } = server!;
    const raw = await rawDatabaseText(database);
    expect(raw).toContain('Nordmann'); // the scan is real: names stay in clear (docs/data-protection.md)
    expect(values.filter((value) => raw.includes(value))).toEqual([]);
  });

  it("without BASE, the walkthrough's address follows PORT", () => {
    const script = walkthroughScript();
    expect(script).toMatch(/^BASE=\$\{BASE:-http:\/\/127\.0\.0\.1:\$\{PORT:-8080\}\}$/m);
    // PORT=<n> npm start listens there (the server above was started with a free PORT).
    expect(server?.output()).toContain(`listening on ${server?.base};`);
  });

  // Reuses the walkthrough's server: one `npm start` is enough to read what it runs on.
  it(`runs on the project's Node.js ${projectNodeVersion}, with the database reachable`, async () => {
    server ??= await startWithNpm();
    const metrics = await (await fetch(`${server.base}/metrics`)).text();
    expect(metrics).toMatch(
      new RegExp(`^nodejs_version_info\\{version="v${projectNodeVersion.replaceAll('.', '\\.')}"`, 'm'),
    );
    const ready = await fetch(`${server.base}/readyz`);
    expect(ready.status).toBe(200);
    // On SQLite the database check runs through the better-sqlite3 addon in the served process.
    expect(await ready.json()).toMatchObject({ checks: { database: 'ok' } });
    expect(server.env.DATABASE_URL).toMatch(testEngine === 'sqlite' ? /^sqlite:/ : /^postgres:/);
  }, 360_000);
});
