/**
 * A CSV reader for the tests, written from RFC 4180 alone (not from src/platform/csv.ts): fields
 * separated by commas, records by CRLF, a quoted field may hold commas, CRLF and doubled quotes.
 * Strict: a bare LF between records, a quote inside an unquoted field or an unterminated quote throws.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  const fieldAt = (): string => {
    if (text[i] === '"') {
      let value = '';
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            value += '"';
            i += 2;
            continue;
          }
          i++;
          return value;
        }
        value += text[i++];
      }
    }
    const start = i;
    while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
      if (text[i] === '"') throw new Error(`a quote inside an unquoted field at ${i}`);
      i++;
    }
    return text.slice(start, i);
  };
  while (i < text.length) {
    record.push(fieldAt());
    if (text[i] === ',') {
      i++;
      continue;
    }
    if (text.startsWith('\r\n', i)) {
      i += 2;
      records.push(record);
      record = [];
      continue;
    }
    if (i < text.length) throw new Error(`expected a comma or CRLF at ${i}, found ${JSON.stringify(text[i])}`);
  }
  if (record.length > 0) throw new Error('the last record does not end in CRLF');
  return records;
}

/** The records after the header, as objects keyed by the header's names. */
export function csvObjects(text: string): { header: string[]; rows: Array<Record<string, string>> } {
  const [header = [], ...records] = parseCsv(text);
  for (const record of records) if (record.length !== header.length) throw new Error('a record with another width');
  return {
    header,
    rows: records.map((record) => Object.fromEntries(header.map((name, n) => [name, record[n] ?? '']))),
  };
}
