import type { FastifyInstance } from 'fastify';
import { isUuid } from '../../platform/secrets.js';
import type { RequestLog } from './request-log.service.js';

/** A response of the partner API that no route answered (unknown path): logged without ids. */
const NO_ROUTE = '(no such route)';

/**
 * Registers, on the partner API plugin, the hook that notes each authenticated request in the
 * request log after its response was sent: a buffer push, no I/O, no promise (docs/decisions.md §25).
 * `onDrop` is told when the buffer was full and the entry was dropped.
 */
export function registerRequestLogHook(
  api: FastifyInstance,
  requestLog: Pick<RequestLog, 'note'>,
  onDrop: () => void,
): void {
  api.addHook('onResponse', (request, reply, done) => {
    const caller = request.caller;
    if (caller) {
      const route = request.routeOptions.url;
      const key = request.headers['idempotency-key'];
      const noted = requestLog.note({
        partnerId: caller.partnerId,
        method: request.method,
        route: route ?? NO_ROUTE,
        params: route ? (request.params as Record<string, string> | null) : null,
        status: reply.statusCode,
        durationMs: reply.elapsedTime,
        requestId: request.id,
        // Only a well-formed key (the guard refuses others): the partner's own value, never free text.
        idempotencyKey: typeof key === 'string' && isUuid(key.trim()) ? key.trim().toLowerCase() : null,
      });
      if (!noted) onDrop();
    }
    done();
  });
}
