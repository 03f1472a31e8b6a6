/** Reading PDFs back in tests (unpdf): their text, every page merged. */
export async function pdfText(body: Buffer | Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  return (await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true })).text;
}

/** An API amount as the PDFs write it: "1234.50" → "1 234,50". */
export function nok(amount: string): string {
  const [whole = '', fraction = ''] = amount.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${fraction}`;
}
