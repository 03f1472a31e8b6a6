import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.js';
import { csvCell, csvLine, neutralise } from '../../src/platform/csv.js';
import { exportFormatOf } from '../../src/platform/export-stream.js';
import { parseCsv } from '../helpers/csv.js';

describe('CSV cells', () => {
  it('neutralises what a spreadsheet would run, and keeps numbers as written', () => {
    const cases: Array<[string, string]> = [
      ['=1+1', "'=1+1"],
      ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
      ['+cmd|/C calc!A0', "'+cmd|/C calc!A0"],
      ['-2+3', "'-2+3"],
      ['\tx', "'\tx"],
      ['\rx', "'\rx"],
      ['-', "'-"],
      ['+47 912 34 567', '+47 912 34 567'],
      ['-12.50', '-12.50'],
      ['+4791234567', '+4791234567'],
      ['-0,5', '-0,5'],
      ['12.50', '12.50'],
      ['Kari = boss', 'Kari = boss'],
      ['', ''],
    ];
    for (const [text, cell] of cases) expect(neutralise(text), JSON.stringify(text)).toBe(cell);
  });

  it('quotes what needs quoting (RFC 4180) and reads back as written', () => {
    const values = ['plain', 'a,b', 'say "hi"', 'two\r\nlines', 'lf\nonly', null, true, 42, '=HYPERLINK("x")'];
    const line = csvLine(values);
    expect(line.endsWith('\r\n')).toBe(true);
    expect(parseCsv(line)).toEqual([
      ['plain', 'a,b', 'say "hi"', 'two\r\nlines', 'lf\nonly', '', 'true', '42', `'=HYPERLINK("x")`],
    ]);
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
  });
});

describe('the export format of Accept', () => {
  it('is NDJSON without Accept and for JSON or any type, CSV for text/csv; q decides; 406 for anything else', () => {
    expect(exportFormatOf(undefined)).toBe('ndjson');
    expect(exportFormatOf('')).toBe('ndjson');
    expect(exportFormatOf('*/*')).toBe('ndjson');
    expect(exportFormatOf('application/json')).toBe('ndjson');
    expect(exportFormatOf('application/x-ndjson')).toBe('ndjson');
    expect(exportFormatOf('text/csv')).toBe('csv');
    expect(exportFormatOf('TEXT/CSV; charset=utf-8')).toBe('csv');
    expect(exportFormatOf('text/*')).toBe('csv');
    expect(exportFormatOf('text/csv, application/json;q=0.9')).toBe('csv');
    expect(exportFormatOf('text/csv;q=0.5, application/json')).toBe('ndjson');
    expect(exportFormatOf('text/html, text/csv;q=0.1')).toBe('csv');
    expect(exportFormatOf('text/csv, */*')).toBe('csv');
    expect(exportFormatOf('application/json, text/csv')).toBe('ndjson');
    expect(exportFormatOf('text/*, application/*')).toBe('ndjson');
    for (const accept of ['text/html', 'application/xml', 'text/csv;q=0', 'image/*']) {
      expect(() => exportFormatOf(accept), accept).toThrow(AppError);
    }
  });
});
