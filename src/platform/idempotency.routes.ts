import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AppError } from '../errors.js';
import type { Idempotency } from './idempotency.js';
import { described, errorResponses } from './openapi.js';
import { callerOf } from './request-context.js';
import { isUuid } from './secrets.js';

const KEY = '6f1c1f8e-7c53-4b8e-9a51-3f0c4f3d2a10';

export const StoredKeySchema = Type.Object(
  {
    key: Type.String({ format: 'uuid' }),
    method: Type.String({ description: 'The method of the request that used the key' }),
    path: Type.String({ description: 'Its path' }),
    status: Type.Union([Type.Integer(), Type.Null()], {
      description:
        'What it answered (a key is stored only for a success); null when the answer was not recorded (a crash right after the write)',
    }),
    resource: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], {
      description:
        'The ids in its answer: `id` (an employee or a return URL), `verification_id`, `invoice_id` and `payout_ids`, `count`',
    }),
    created_at: Type.String({ format: 'date-time' }),
    expires_at: Type.String({ format: 'date-time', description: 'Until then the key cannot be used again (30 days)' }),
  },
  {
    $id: 'IdempotencyKey',
    additionalProperties: false,
    examples: [
      {
        key: KEY,
        method: 'POST',
        path: '/api/v1/payouts',
        status: 201,
        resource: { count: 2, invoice_id: 77, payout_ids: [501, 502] },
        created_at: '2026-11-21T10:10:00.000Z',
        expires_at: '2026-12-21T10:10:00.000Z',
      },
    ],
  },
);

/** GET /idempotency-keys/{key}: the way back for a client whose answer was lost. */
export function idempotencyRoutes(idempotency: Pick<Idempotency, 'lookup'>): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/idempotency-keys/:key',
      {
        schema: {
          tags: ['Idempotency'],
          operationId: 'getIdempotencyKey',
          summary: 'What the request that used an Idempotency-key did',
          description:
            'A request whose answer you did not get (a timeout, a dropped connection) may have succeeded. Retrying it with the same `Idempotency-key` answers 400 when it did; this tells you what it answered: its status and the ids it created (`payout_ids` and `invoice_id` of a batch, the employee `id`, the `verification_id`). 404 when you never used the key successfully (a failed request stores no key: retry it), when it expired (30 days), or for a key that is not a UUID.',
          params: Type.Object({ key: Type.String({ description: 'The Idempotency-key you sent', examples: [KEY] }) }),
          response: {
            200: described(StoredKeySchema, 'The stored key and what its request answered'),
            ...errorResponses('idempotency_key_not_found'),
          },
        },
      },
      async (request) => {
        const key = request.params.key.trim();
        const stored = isUuid(key) ? await idempotency.lookup(callerOf(request).partnerId, key.toLowerCase()) : null;
        if (!stored) throw new AppError('idempotency_key_not_found');
        return stored;
      },
    );
  };
}
