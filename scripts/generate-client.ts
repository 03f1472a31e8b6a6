/**
 * Regenerates client/schema.d.ts (and openapi.json at the root, for linting) from the service's
 * own document: `npm run client:generate`. A test fails when the committed files are stale.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { openApiDocument } from './openapi-document.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function generatedClientTypes(): Promise<{ document: string; types: string }> {
  const document = await openApiDocument();
  const ast = await openapiTS(document as never, { alphabetize: true });
  const header = '// Generated from the onpay OpenAPI document by `npm run client:generate`. Do not edit.\n\n';
  return { document: `${JSON.stringify(document, null, 2)}\n`, types: header + astToString(ast) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { document, types } = await generatedClientTypes();
  fs.writeFileSync(path.join(root, 'client/schema.d.ts'), types);
  fs.writeFileSync(path.join(root, 'openapi.json'), document);
  console.log('wrote client/schema.d.ts and openapi.json');
}
