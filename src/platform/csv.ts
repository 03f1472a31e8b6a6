/**
 * CSV as RFC 4180 writes it (docs/basics.md, "Exports"): fields separated by commas, records by
 * CRLF, a field quoted when it holds a comma, a double quote, CR or LF, a double quote doubled.
 * A cell a spreadsheet would run as a formula is neutralised by a leading `'`, unless it is a
 * number as written (`+47 912 34 567`, `-12.50`): those are data, and a number is never run.
 */

/** What a spreadsheet reads as the start of a formula (OWASP, "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A number as a person writes one: an optional sign, digits (spaces between groups), optional decimals. */
const NUMBER = /^[+-]?\d[\d ]*([.,]\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

/** The text of one cell, made safe to open in a spreadsheet. */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) && !NUMBER.test(text) ? `'${text}` : text;
}

/** One cell as written to the file: null and undefined are empty, booleans and numbers as JSON writes them. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = neutralise(typeof value === 'string' ? value : String(value));
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, ending in CRLF. */
export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** A column of an export: its header and how a row gives its value. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => unknown;
}

/**
 * The columns of a list's item schema, in the schema's order: a nested object becomes one column per
 * leaf, named by its path (`onboarding.steps.profile`); an array is one cell, its items separated
 * by a space (`missing_steps`). Read from the schema, so the CSV follows the JSON shape by itself.
 */
export function columnsOf<T>(schema: object, path: readonly string[] = []): CsvColumn<T>[] {
  const properties = (schema as { type?: unknown; properties?: Record<string, object> }).properties;
  if ((schema as { type?: unknown }).type === 'object' && properties)
    return Object.entries(properties).flatMap(([name, property]) => columnsOf<T>(property, [...path, name]));
  return [
    {
      header: path.join('.'),
      value: (row) => {
        let value: unknown = row;
        for (const key of path) value = (value as Record<string, unknown> | null | undefined)?.[key];
        return Array.isArray(value) ? value.join(' ') : value;
      },
    },
  ];
}
