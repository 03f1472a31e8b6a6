/**
 * The definition of done for the shared-employee defect: the attack, run as a script
 * against the service started with `npm start`, changes nothing that partner A sees.
 */
import { execFile } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonLine, onpay, root } from '../helpers/cli.js';
import { testEngine } from '../helpers/engine.js';
import { startWithNpm, type StartedServer } from '../helpers/server.js';

describe(`the shared-employee attack against npm start (${testEngine})`, () => {
  let server: StartedServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it('is refused at every step, and partner A sees nothing change', async () => {
    server = await startWithNpm();
    const b = jsonLine(await onpay(['partner', 'create', '--name', 'Partner B', '--json'], server.env)) as {
      api_key: string;
      access_token: string;
    };
    const args = [
      'bin/run-ts.js',
      'scripts/attack-shared-employee.ts',
      '--base',
      server.base,
      '--a-token',
      server.token,
      '--a-key',
      server.apiKey,
      '--b-token',
      b.access_token,
      '--b-key',
      b.api_key,
    ];
    const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, args, { cwd: root, env: server!.env, timeout: 90_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).not.toContain('NOT REFUSED');
    expect(result.stdout.match(/^refused: /gm)).toHaveLength(11);
    expect(result.stdout).toMatch(/OK: nothing partner A sees changed\n$/);
  }, 360_000);
});
