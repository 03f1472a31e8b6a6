/**
 * Schema validation of ISO 20022 messages with libxml2 (xmllint-wasm: WebAssembly, no native
 * build). The schemas are the official copies in ./schemas (their sources in schemas/README.md).
 */
import { readFile } from 'node:fs/promises';
import { validateXML } from 'xmllint-wasm';

/** The messages onpay writes or reads, by the name of their schema file. */
export const MESSAGE_SCHEMAS = [
  'pain.001.001.03',
  'pain.001.001.09',
  'pain.002.001.03',
  'pain.002.001.10',
  'camt.054.001.02',
  'camt.054.001.08',
] as const;
export type MessageSchema = (typeof MESSAGE_SCHEMAS)[number];

const cache = new Map<MessageSchema, Promise<string>>();

function schemaText(message: MessageSchema): Promise<string> {
  let text = cache.get(message);
  if (!text) {
    text = readFile(new URL(`./schemas/${message}.xsd`, import.meta.url), 'utf8');
    cache.set(message, text);
  }
  return text;
}

/** The first problems libxml2 found (at most 5, each with its line), or an empty list when `xml` is valid. */
export async function schemaProblems(xml: string, message: MessageSchema): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'message.xml', contents: xml }],
    schema: [{ fileName: `${message}.xsd`, contents: await schemaText(message) }],
    // A large report (10 000 transactions) needs more than the default 32 MiB.
    initialMemoryPages: 512,
    maxMemoryPages: 16_384,
  });
  if (result.valid) return [];
  return result.errors
    .slice(0, 5)
    .map((e) => (e.loc ? `line ${e.loc.lineNumber}: ${e.message.trim()}` : e.message.trim()));
}
