/**
 * `npm run lint:openapi` lints the document with Redocly's recommended rules (redocly.yaml): the
 * one warning left is the licence the document does not name. Everything else it reports (an
 * example that does not match its schema, say) is a fault of the document or of the rules'
 * configuration, and fails here. openapi.json is the committed document; the contract test
 * (openapi.test.ts) fails when it is stale.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../helpers/cli.js';

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }>;
}

function lint(): Promise<LintReport> {
  return new Promise((resolve, reject) => {
    execFile(
      path.join(root, 'node_modules/.bin/redocly'),
      ['lint', 'openapi.json', '--config', 'redocly.yaml', '--format=json'],
      {
        cwd: root,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        timeout: 120_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        try {
          resolve(JSON.parse(stdout) as LintReport);
        } catch {
          reject(new Error(`redocly lint printed no report (${String(error)}):\n${stderr}\n${stdout.slice(0, 2000)}`));
        }
      },
    );
  });
}

describe('Redocly lint of the OpenAPI document', () => {
  it('finds no error and one warning, the licence (every example matches its schema)', async () => {
    const report = await lint();
    const found = report.problems.map((p) => `${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`);
    expect(found).toEqual(['info-license at #/info: Info object should contain `license` field.']);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 1 });
  }, 150_000);
});
