/**
 * The Basics guide's typed-client recipe, run exactly as written in a fresh folder against a
 * sandbox on a real port: the shell block between its markers (download the client and the
 * example, install, run), then the `first-call.ts` snippet. The one stand-in is the registry: the
 * test has no network, so `npm install` is a shim that links the packages this repository has
 * installed (node_modules) and records them in package.json as npm would; every other `npm` and
 * `npx` command is npm's own.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { root } from '../helpers/cli.js';

const RETURN_URL = 'https://partner.example/onpay/return';

/** A fenced block of docs/basics.md between `<!-- name:start -->` and `<!-- name:end -->`. */
function guideBlock(name: string, language: string): string {
  const guide = fs.readFileSync(path.join(root, 'docs/basics.md'), 'utf8');
  const match = new RegExp(
    `<!-- ${name}:start -->\\s*\`\`\`${language}\\n([\\s\\S]*?)\`\`\`\\s*<!-- ${name}:end -->`,
  ).exec(guide);
  if (!match?.[1]) throw new Error(`docs/basics.md has no ${language} block between the ${name} markers`);
  return match[1];
}

/** The variables the guide asks the reader to export before the recipe (the block just above it). */
function exportedNames(): string[] {
  const guide = fs.readFileSync(path.join(root, 'docs/basics.md'), 'utf8');
  const before = guide.slice(0, guide.indexOf('<!-- typed-client:start -->'));
  const block = [...before.matchAll(/```sh\n([\s\S]*?)```/g)].at(-1)?.[1] ?? '';
  return [...block.matchAll(/\b(ONPAY_[A-Z_]+)=/g)].map((m) => m[1] as string);
}

const OFFLINE_INSTALL = `
// npm install <package@range ...>, without a registry: the packages come from the repository's
// node_modules (linked), and package.json gets them as dependencies, created when missing, as npm does.
import fs from 'node:fs';
import path from 'node:path';
const modules = process.env.ONPAY_TEST_NODE_MODULES;
const specs = process.argv.slice(2).filter((a) => a !== 'install' && !a.startsWith('-'));
if (!fs.existsSync('node_modules')) fs.symlinkSync(modules, 'node_modules', 'dir');
const pkg = fs.existsSync('package.json') ? JSON.parse(fs.readFileSync('package.json', 'utf8')) : {};
pkg.dependencies ??= {};
for (const spec of specs) {
  const name = spec.replace(/(?<=.)@.*$/, '');
  const installed = JSON.parse(fs.readFileSync(path.join(modules, name, 'package.json'), 'utf8'));
  pkg.dependencies[name] = '^' + installed.version;
}
fs.writeFileSync('package.json', JSON.stringify(pkg, null, 2) + '\\n');
console.log('added ' + specs.length + ' packages (offline, from the repository)');
`;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    execFile('bash', ['-euo', 'pipefail', '-c', script], { cwd, env, timeout: 120_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('the Basics guide’s typed-client recipe', () => {
  let t: TestApp;
  let partner: TestPartner;
  let base: string;
  let tmp: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    t = await buildTestApp();
    partner = await t.partner('Recipe Co');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const registered = await t.as(partner, {
      method: 'POST',
      url: '/api/v1/verification-return-urls',
      payload: { partner_return_url: RETURN_URL },
    });
    await t.services.verification.returnUrls.decide(Number((registered.json() as { id: string }).id), 'approved');

    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'onpay-recipe-'));
    const bin = path.join(tmp, 'bin');
    const home = path.join(tmp, 'home');
    const folder = path.join(tmp, 'work');
    fs.mkdirSync(bin);
    fs.mkdirSync(home);
    fs.mkdirSync(folder);
    const projectBin = path.join(root, 'node_modules/.bin');
    const systemPath = `${projectBin}:${process.env.PATH ?? '/usr/bin:/bin'}`;
    const realNpm = execFileSync('bash', ['-c', 'command -v npm'], { env: { PATH: systemPath } })
      .toString()
      .trim();
    fs.writeFileSync(path.join(bin, 'offline-install.mjs'), OFFLINE_INSTALL);
    fs.writeFileSync(
      path.join(bin, 'npm'),
      `#!/usr/bin/env bash\nif [ "\${1:-}" = install ]; then exec node "${bin}/offline-install.mjs" "$@"; fi\nexec "${realNpm}" "$@"\n`,
      { mode: 0o755 },
    );
    // A clean environment: a reader's shell, not the test runner's (no npm_config_* or NODE_OPTIONS).
    env = {
      PATH: `${bin}:${systemPath}`,
      HOME: home,
      npm_config_cache: path.join(home, '.npm'),
      npm_config_update_notifier: 'false',
      npm_config_fund: 'false',
      npm_config_audit: 'false',
      ONPAY_TEST_NODE_MODULES: path.join(root, 'node_modules'),
      ONPAY_URL: base,
      ONPAY_TOKEN: partner.token,
      ONPAY_API_KEY: partner.apiKey,
      ONPAY_RETURN_URL: RETURN_URL,
    };
    env.TMP_WORK = folder;
  });
  afterAll(async () => {
    await t?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('asks the reader for exactly the variables the recipe reads', () => {
    expect(exportedNames()).toEqual(['ONPAY_URL', 'ONPAY_TOKEN', 'ONPAY_API_KEY', 'ONPAY_RETURN_URL']);
    const used = new Set([...guideBlock('typed-client', 'sh').matchAll(/\$(ONPAY_[A-Z_]+)/g)].map((m) => m[1]));
    for (const name of used) expect(exportedNames()).toContain(name);
  });

  it('works as written in an empty folder: the example onboards, pays and links an employee', async () => {
    const folder = env.TMP_WORK as string;
    const result = await run(guideBlock('typed-client', 'sh'), folder, env);
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    const printed = JSON.parse(result.stdout.slice(result.stdout.indexOf('{'))) as {
      verification: string;
      payout: { status: string; net_salary: string };
      loginUrl: string;
    };
    expect(printed.verification).toBe('approved');
    expect(printed.payout).toMatchObject({ status: 'pending', net_salary: '937.50' });
    expect(printed.loginUrl).toMatch(/\/login\/\S+$/);
    // What the recipe made: an ES module package with the client's one dependency and tsx.
    const pkg = JSON.parse(fs.readFileSync(path.join(folder, 'onpay-example/package.json'), 'utf8')) as {
      type?: string;
      dependencies: Record<string, string>;
    };
    expect(pkg.type).toBe('module');
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['openapi-fetch', 'tsx']);
  }, 150_000);

  it('the first-call.ts snippet runs in the same folder with npx tsx', async () => {
    const folder = path.join(env.TMP_WORK as string, 'onpay-example');
    fs.writeFileSync(path.join(folder, 'first-call.ts'), guideBlock('typed-client-snippet', 'ts'));
    const result = await run('npx tsx first-call.ts', folder, env);
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toContain('current terms: onpay terms of service');
    expect(result.stdout).toMatch(/^payout \d+: 937\.50 to be paid$/m);
  }, 60_000);
});
