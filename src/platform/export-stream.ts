/**
 * Streaming exports (docs/decisions.md §21): every row of a list, read in keyset chunks and written
 * as NDJSON or CSV at the pace the client reads. Memory stays constant: one chunk is read only when
 * the socket has taken the previous one (Readable back-pressure), never the whole list.
 */
import { AsyncResource } from 'node:async_hooks';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { AppError } from '../errors.js';
import { csvLine, type CsvColumn } from './csv.js';

export type ExportFormat = 'ndjson' | 'csv';

export const EXPORT_MEDIA_TYPES = { ndjson: 'application/x-ndjson', csv: 'text/csv' } as const;
const CONTENT_TYPES = { ndjson: 'application/x-ndjson; charset=utf-8', csv: 'text/csv; charset=utf-8; header=present' };

/** Rows read per query: an index seek each, small enough that a chunk's text stays well under a megabyte. */
export const EXPORT_CHUNK_ROWS = 500;

/** Which format a media range of `Accept` asks for; null when it names neither. */
function formatOfRange(range: string): ExportFormat | null {
  switch (range) {
    case '*/*':
    case 'application/*':
    case 'application/json':
    case 'application/x-ndjson':
      return 'ndjson';
    case 'text/*':
    case 'text/csv':
      return 'csv';
    default:
      return null;
  }
}

/** Whether rank `a` is before `b`, comparing element by element. */
function outranks(a: readonly number[], b: readonly number[]): boolean {
  const at = a.findIndex((value, n) => value !== b[n]);
  return at >= 0 && (a[at] as number) > (b[at] as number);
}

/**
 * The format `Accept` asks for: NDJSON without one, for any of its application types, or `*` /
 * `*`; CSV for `text/csv` or `text/*`. The highest `q` wins; on a tie a named type beats a
 * wildcard (`text/csv, *` + `/*` is CSV), then NDJSON. 406 for anything else.
 */
export function exportFormatOf(accept: string | undefined): ExportFormat {
  if (accept === undefined || accept.trim() === '') return 'ndjson';
  let best: { format: ExportFormat; rank: number[] } | null = null;
  for (const part of accept.split(',')) {
    const [range = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const format = formatOfRange(range);
    const qParameter = parameters.find((p) => p.startsWith('q='));
    const q = qParameter === undefined ? 1 : Number(qParameter.slice(2));
    if (format === null || !(q > 0)) continue;
    const rank = [q, range.includes('*') ? 0 : 1, format === 'ndjson' ? 1 : 0];
    if (best === null || outranks(rank, best.rank)) best = { format, rank };
  }
  if (best === null) throw new AppError('not_acceptable');
  return best.format;
}

export function contentTypeOf(format: ExportFormat): string {
  return CONTENT_TYPES[format];
}

/**
 * The rows after each key (in the read's own order, ascending or descending), `size` at a time,
 * until a chunk comes back short. The key must be immutable and unique (an id): a row inserted or
 * changed during the export is then listed at most once (once, if its key lies ahead of the reader).
 * A chunk handed on is the reader's: it may empty it.
 */
export async function* keysetChunks<T>(
  read: (after: number | null, size: number) => Promise<T[]>,
  keyOf: (row: T) => number,
  size = EXPORT_CHUNK_ROWS,
): AsyncGenerator<T[]> {
  let after: number | null = null;
  for (;;) {
    const rows = await read(after, size);
    const last = rows.length < size;
    if (rows.length === 0) return;
    // Taken before the chunk is handed on: the reader may empty it (mapReleasing).
    after = keyOf(rows[rows.length - 1] as T);
    yield rows;
    if (last) return;
  }
}

/**
 * `rows` mapped in order, each source row dropped from `rows` once mapped (`rows` is left empty).
 * A chunk arrives from the driver whole; turning a row into its payload allocates several KiB
 * (decryption, the payload, its text), so while the chunk is worked through young collections run,
 * and a chunk's raw rows, all reachable until the last is mapped, survived two of them and were
 * promoted: the old generation filled with dead rows before a full collection, and the service
 * grew by about 80 MiB during its first PostgreSQL export of 100 000 rows (docs/performance.md,
 * "The first PostgreSQL export's memory"). Dropped as they are mapped, they die young.
 */
export function mapReleasing<S, T>(rows: S[], map: (row: S) => T): T[] {
  const out = new Array<T>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    out[i] = map(rows[i] as S);
    (rows as Array<S | undefined>)[i] = undefined;
  }
  rows.length = 0;
  return out;
}

/** How an export ended: every row written, or not (the client went away, or a read failed). */
export interface ExportOutcome {
  rows: number;
  complete: boolean;
}

/** How an export writes its rows: a header (CSV), then one line per row, each ending in its line break. */
export interface ExportText<T> {
  header?: string;
  line: (row: T) => string;
}

/** NDJSON: one JSON object per line, each line ending in LF. */
export function ndjsonText<T>(): ExportText<T> {
  return { line: (row) => `${JSON.stringify(row)}\n` };
}

/** CSV: RFC 4180 records (CRLF), a header row first. */
export function csvText<T>(columns: readonly CsvColumn<T>[]): ExportText<T> {
  return {
    header: csvLine(columns.map((column) => column.header)),
    line: (row) => csvLine(columns.map((column) => column.value(row))),
  };
}

/**
 * The characters written at once: well under V8's large-object size (128 KiB, so 64 Ki two-byte
 * characters). A larger string (a 500-row chunk's text is about 300 KiB) would be allocated in the
 * large-object space, which only a full collection frees. (Measured, this did not change the first
 * export's RSS growth: docs/performance.md, "Streaming exports".)
 */
const PIECE_CHARS = 16 * 1024;

/**
 * The lines of these rows after `pieces`, joined into pieces of about PIECE_CHARS characters; each
 * row is dropped from `rows` once written (as in mapReleasing).
 */
function piecesOf<T>(rows: T[], line: (row: T) => string, pieces: string[]): string[] {
  let piece = pieces.pop() ?? '';
  for (let i = 0; i < rows.length; i++) {
    piece += line(rows[i] as T);
    (rows as Array<T | undefined>)[i] = undefined;
    if (piece.length >= PIECE_CHARS) {
      pieces.push(piece);
      piece = '';
    }
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}

/**
 * The export as a byte stream: the header (CSV), then each chunk's lines. A read that fails
 * destroys the stream with the error (the server then cuts the connection without the end of the
 * chunked body, so no client takes it for complete). `onEnd` hears how it ended, once: a complete
 * export ends its body only after `onEnd` finished (and not at all if it failed); an export the
 * client left, or that failed, tells it without waiting.
 */
export function exportStream<T>(
  chunks: AsyncIterable<T[]>,
  text: ExportText<T>,
  onEnd: (outcome: ExportOutcome) => Promise<void>,
): Readable {
  let rows = 0;
  let ended = false;
  async function* bytes(): AsyncGenerator<string> {
    let pieces: string[] = text.header === undefined ? [] : [text.header];
    for await (const chunk of chunks) {
      // The whole chunk is written to text at once, before the first of its pieces is handed on:
      // its rows are garbage from then on, and only the text waits for the socket.
      rows += chunk.length;
      pieces = piecesOf(chunk, text.line, pieces);
      // What a chunk read is written before the next read: a failure of that read then finds the
      // response started, and cuts it.
      for (const piece of pieces) yield piece;
      pieces = [];
    }
    for (const piece of pieces) yield piece;
    ended = true;
    await onEnd({ rows, complete: true });
  }
  // One piece in the buffer at most: the next is made when the socket took this one.
  const stream = Readable.from(bytes(), { objectMode: false, highWaterMark: 1 });
  stream.once('close', () => {
    if (!ended) void onEnd({ rows, complete: false });
  });
  return stream;
}

export interface ExportReply<T> {
  format: ExportFormat;
  /** The file name a browser saves it under (without the extension). */
  name: string;
  chunks: AsyncIterable<T[]>;
  text: ExportText<T>;
  /** Recorded before the first row is read: an export that cannot be audited does not start. */
  started: () => Promise<void>;
  /**
   * Hears how it ended, in the request's scope (so the audit log names its actor). A complete
   * export's body ends once this finished: if it fails, the connection is cut (the export is not
   * complete unless recorded). A failure is logged.
   */
  ended: (outcome: ExportOutcome) => Promise<void>;
}

/** Sends an export as a stream; the handler returns what this returns. HEAD reads no row and records nothing: nothing leaves. */
export async function sendExport<T>(reply: FastifyReply, options: ExportReply<T>): Promise<FastifyReply> {
  const extension = options.format === 'csv' ? 'csv' : 'ndjson';
  reply
    .header('content-type', contentTypeOf(options.format))
    .header('content-disposition', `attachment; filename="${options.name}.${extension}"`)
    .header('cache-control', 'no-store');
  if (reply.request.method === 'HEAD') return reply.send();
  await options.started();
  const ended = AsyncResource.bind(async (outcome: ExportOutcome) => {
    try {
      await options.ended(outcome);
    } catch (error) {
      reply.log.error({ err: error }, 'the end of an export was not recorded');
      if (outcome.complete) throw error;
    }
  });
  return reply.send(exportStream(options.chunks, options.text, ended));
}
