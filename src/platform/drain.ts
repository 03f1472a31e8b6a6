/**
 * Graceful shutdown without reset connections. Node's server.close() (and Fastify's close) also
 * destroys every kept-alive connection that is idle at that instant, and a client that sent its
 * next request on one at the same moment gets ECONNRESET. So draining is done here first: stop
 * accepting connections, keep the open ones, answer each request that still arrives on them with
 * 503 and `Connection: close` (the client then closes that connection and goes elsewhere), let
 * requests in flight finish, and only close connections that stayed idle through a grace period.
 */
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ShutdownConfig } from '../config.js';
import { AppError } from '../errors.js';

/** How long a client is asked to wait before retrying a request refused during shutdown, in seconds. */
export const SHUTDOWN_RETRY_AFTER_SECONDS = 1;

/** How often connections that became idle after the grace period are looked for. */
const IDLE_SWEEP_MS = 50;

export interface Drain {
  readonly draining: boolean;
  /**
   * Stops accepting connections and refuses further requests. Resolves true once every connection
   * has closed, or false when the timeout cut the remaining ones.
   */
  start(options: ShutdownConfig): Promise<boolean>;
}

/** Registers the refusal hook; call before any other request hook, so a refused request costs nothing else. */
export function registerDrain(app: FastifyInstance): Drain {
  let draining = false;
  const body = JSON.stringify(new AppError('service_unavailable').body());

  app.addHook('onRequest', (_request, reply, done) => {
    if (!draining) return done();
    void reply
      .status(503)
      .header('Connection', 'close')
      .header('Retry-After', String(SHUTDOWN_RETRY_AFTER_SECONDS))
      .type('application/json; charset=utf-8')
      .send(body);
  });

  const drain: Drain = {
    get draining() {
      return draining;
    },
    start({ idleGraceMs, timeoutMs }) {
      draining = true;
      const server = app.server;
      return new Promise<boolean>((resolve) => {
        if (!server.listening) return resolve(true);
        const timers: ReturnType<typeof setTimeout>[] = [];
        const finish = (clean: boolean) => {
          for (const timer of timers) clearTimeout(timer);
          resolve(clean);
        };
        // net.Server's close, not http.Server's: it stops accepting and waits for the open
        // connections without destroying the idle ones.
        net.Server.prototype.close.call(server, () => finish(true));
        timers.push(
          setTimeout(() => {
            server.closeIdleConnections();
            timers.push(setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS));
          }, idleGraceMs),
          setTimeout(() => {
            server.closeAllConnections();
            finish(false);
          }, timeoutMs),
        );
      });
    },
  };
  app.decorate('drain', drain);
  return drain;
}

declare module 'fastify' {
  interface FastifyInstance {
    drain: Drain;
  }
}
