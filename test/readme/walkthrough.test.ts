/**
 * Runs the README's "First integration in 5 minutes" script exactly as written, against the
 * service started the way the Quick start starts it (`npm start`: build, then serve) on a fresh
 * database, so neither the walkthrough nor the start command can drift from the service.
 */
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase, testEngine, type TestDatabase } from '../helpers/engine.js';
import { freePort } from '../helpers/net.js';
import { cliEnv, root } from '../helpers/cli.js';


export function walkthroughScript(): string {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const match = /<!-- walkthrough:start -->\s*```sh\n([\s\S]*?)```\s*<!-- walkthrough:end -->/.exec(readme);
  if (!match?.[1]) throw new Error('README.md has no walkthrough block between the walkthrough markers');
  return match[1];
}



describe(`README walkthrough (${testEngine})`, () => {
  let server: ChildProcessWithoutNullStreams | undefined;
  let database: TestDatabase | undefined;
  let tmp: string | undefined;

  afterAll(async () => {
    // npm runs the service in a child of its own: end the whole process group.
    if (server?.pid !== undefined && server.exitCode === null) process.kill(-server.pid, 'SIGKILL');
    await database?.drop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('works, copy-pasted, against a fresh sandbox', async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'onpay-readme-'));
    let databaseUrl = `sqlite:${path.join(tmp, 'onpay.db')}`;
    if (testEngine === 'postgres') {
      database = await freshDatabase('postgres');
      databaseUrl = database.url;
    }
    const port = await freePort();
    const env = cliEnv({ DATABASE_URL: databaseUrl, PORT: String(port), LOG_LEVEL: 'warn' });
    server = spawn('npm', ['start'], { cwd: root, env, detached: true });
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      // The first start compiles the sources (tsc) before serving.
      const timer = setTimeout(() => reject(new Error(`npm start did not print credentials:\n${output}`)), 60_000);
      server!.stdout.on('data', () => {
        if (/Access token:\s+\S+/.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      });
      server!.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
    });
    const token = /Access token:\s+(\S+)/.exec(output)![1]!;
    const apiKey = /API-key:\s+(\S+)/.exec(output)![1]!;

    const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        'bash',
        ['-euo', 'pipefail', '-c', walkthroughScript()],
        { cwd: root, env: { ...env, TOKEN: token, API_KEY: apiKey, BASE: `http://127.0.0.1:${port}` }, timeout: 90_000 },
        (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });
    expect(result.stderr + result.stdout).not.toMatch(/curl: \(\d+\)/);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^employee \d+$/m);
    expect(result.stdout).toMatch(/Return URL \d+ .* is now approved\./);
    expect(result.stdout).toMatch(/back at the partner: https:\/\/partner\.example\/onpay\/return\/kari\?verification_id=[0-9a-f-]{36}&status=approved/);
    expect(result.stdout).toContain('"is_onboarded":true');
    expect(result.stdout).toContain('"net_salary":"937.50"');
    expect(result.stdout).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/login/\\S+$`, 'm'));
  }, 180_000);
});
