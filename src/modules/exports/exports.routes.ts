import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { columnsOf } from '../../platform/csv.js';
import {
  csvText,
  EXPORT_CHUNK_ROWS,
  EXPORT_MEDIA_TYPES,
  exportFormatOf,
  ndjsonText,
  sendExport,
} from '../../platform/export-stream.js';
import { errorResponses } from '../../platform/openapi.js';
import { callerOf } from '../../platform/request-context.js';
import type { AuditService } from '../audit/index.js';
import { PayoutExportQuery, PayoutSchema, type PayoutService } from '../payouts/index.js';
import { UserPayload, type UserService } from '../users/index.js';

const USER_COLUMNS = columnsOf(UserPayload);
const PAYOUT_COLUMNS = columnsOf(PayoutSchema);

/** Test seam: rows per read (EXPORT_CHUNK_ROWS without it), and a call after each chunk read. */
export interface ExportTuning {
  chunkRows?: number;
  afterChunk?: (rowsSoFar: number) => void | Promise<void>;
}

export interface ExportsModuleDeps {
  users: Pick<UserService, 'exportChunks'>;
  payouts: Pick<PayoutService, 'exportChunks'>;
  audit: Pick<AuditService, 'recordExport'>;
  tuning?: ExportTuning;
}

/**
 * The 200 of an export, per media type: NDJSON lines are the list's item, CSV is text with these
 * columns (documented only: the body is a stream, nothing serialises it).
 */
function exportResponse(item: TSchema, columns: readonly { header: string }[], what: string) {
  return {
    description: `Every ${what} of yours, streamed`,
    content: {
      [EXPORT_MEDIA_TYPES.ndjson]: {
        schema: { ...item, $id: undefined, description: `One ${what} per line (each line one JSON object)` },
      },
      [EXPORT_MEDIA_TYPES.csv]: {
        schema: Type.String({
          description: `A header row, then one row per ${what}. Columns: ${columns.map((c) => `\`${c.header}\``).join(', ')}.`,
        }),
      },
    },
  };
}

const notAcceptable = errorResponses('not_acceptable');
const EXPORT_NOTE =
  'Streams every row, in id order, at the pace you read (a read of 500 rows at a time); counts once against the rate limit. `Accept: application/x-ndjson` (also for none, `*/*` or `application/json`) gives one JSON object per line; `Accept: text/csv` gives RFC 4180 CSV (UTF-8, CRLF, a header row, nested values as dotted columns, a cell a spreadsheet would run as a formula prefixed with `\'`); anything else is a 406. Rows added or changed during the export appear at most once. A failure half-way cuts the connection before the end of the chunked body: a stream that did not end cleanly is incomplete (see the basics guide, "Exports").';

/** The chunks, with the test seam's call after each (the rows read so far). */
async function* observed<T>(chunks: AsyncIterable<T[]>, after?: (rowsSoFar: number) => void | Promise<void>) {
  let rows = 0;
  for await (const chunk of chunks) {
    rows += chunk.length;
    yield chunk;
    await after?.(rows);
  }
}

export function exportRoutes({ users, payouts, audit, tuning }: ExportsModuleDeps): FastifyPluginAsyncTypebox {
  const size = tuning?.chunkRows ?? EXPORT_CHUNK_ROWS;
  /** The export in the asked format, audited before its first row and when it ended. */
  function send<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    list: 'users' | 'payouts',
    filters: Record<string, string | number | undefined>,
    columns: Parameters<typeof csvText<T>>[0],
    chunks: () => AsyncIterable<T[]>,
  ) {
    const format = exportFormatOf(request.headers.accept);
    const partnerId = callerOf(request).partnerId;
    const record = { list, object: { type: 'partner' as const, id: partnerId }, partnerId, format, filters };
    return sendExport(reply, {
      format,
      name: list,
      chunks: tuning?.afterChunk ? observed(chunks(), tuning.afterChunk) : chunks(),
      text: format === 'csv' ? csvText(columns) : ndjsonText<T>(),
      started: () => audit.recordExport(record),
      ended: (outcome) => audit.recordExport(record, outcome),
    });
  }

  return async (app) => {
    app.get(
      '/users/export',
      {
        schema: {
          tags: ['Users'],
          operationId: 'exportUsers',
          summary: 'All your employees, streamed as NDJSON or CSV',
          description: `Every employee linked to you, each the User payload of \`GET /users\`. ${EXPORT_NOTE}`,
          response: { 200: exportResponse(UserPayload, USER_COLUMNS, 'employee'), ...notAcceptable },
        },
      },
      async (request, reply) =>
        send(request, reply, 'users', {}, USER_COLUMNS, () => users.exportChunks(callerOf(request).partnerId, size)),
    );

    app.get(
      '/payouts/export',
      {
        schema: {
          tags: ['Payouts'],
          operationId: 'exportPayouts',
          summary: 'All your payouts, streamed as NDJSON or CSV',
          description: `Every payout of yours matching the filters of \`GET /payouts\` (\`status\`, \`user_id\`, \`from\`, \`to\`), each the Payout of that list. ${EXPORT_NOTE}`,
          querystring: PayoutExportQuery,
          response: {
            200: exportResponse(PayoutSchema, PAYOUT_COLUMNS, 'payout'),
            ...notAcceptable,
            ...errorResponses(
              AppError.field(
                'page',
                'page is not a known query parameter; this operation takes status, from, to, user_id.',
              ),
            ),
          },
        },
      },
      async (request, reply) =>
        send(request, reply, 'payouts', { ...request.query }, PAYOUT_COLUMNS, () =>
          payouts.exportChunks(callerOf(request).partnerId, request.query, size),
        ),
    );
  };
}
