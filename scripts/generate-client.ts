/**
 * Regenerates client/schema.d.ts and openapi.json at the root (for linting) from the service's own
 * document: `npm run client:generate`. With `--document-only` it writes openapi.json alone
 * (`npm run lint:openapi` does that, then lints it). A test fails when the committed files are stale.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { openApiDocument } from './openapi-document.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The document as openapi.json holds it: two-space JSON with a final newline. */
export function documentText(document: Record<string, unknown>): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** The client's types for a document, exactly as client/schema.d.ts holds them. */
export async function clientTypes(document: Record<string, unknown>): Promise<string> {
  const ast = await openapiTS(document as never, { alphabetize: true });
  const header = '// Generated from the onpay OpenAPI document by `npm run client:generate`. Do not edit.\n\n';
  return header + astToString(ast);
}

export async function generatedClientTypes(): Promise<{ document: string; types: string }> {
  const document = await openApiDocument();
  return { document: documentText(document), types: await clientTypes(document) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--document-only')) {
    fs.writeFileSync(path.join(root, 'openapi.json'), documentText(await openApiDocument()));
    console.log('wrote openapi.json');
  } else {
    const { document, types } = await generatedClientTypes();
    fs.writeFileSync(path.join(root, 'client/schema.d.ts'), types);
    fs.writeFileSync(path.join(root, 'openapi.json'), document);
    console.log('wrote client/schema.d.ts and openapi.json');
  }
}
