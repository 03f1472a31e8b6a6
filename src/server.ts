import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { openDatabase, type CliContext } from './cli/context.js';
import { loadConfig } from './config.js';
import { migrateToLatest } from './db/migrator.js';
import { migrationNotes } from './db/migration-notes.js';
import { fieldKeysForMigrations } from './platform/field-keys.js';
import type { WorkerLog } from './platform/logging.js';
import { publishServiceAddress } from './platform/settings.js';
import { createServices } from './services.js';

function demoBanner(base: string, credentials: { partner_id: number; api_key: string; access_token: string }): string {
  return [
    '',
    'onpay sandbox: a demo partner was created for this empty database.',
    `These credentials are shown once; keep them (or create more with \`npx onpay token create --partner ${credentials.partner_id}\`).`,
    `  partner_id:    ${credentials.partner_id}`,
    `  API-key:       ${credentials.api_key}`,
    `  Access token:  ${credentials.access_token}`,
    '',
    'Try your first call:',
    `  curl -s ${base}/api/v1/terms \\`,
    `    -H 'Authorization: Bearer ${credentials.access_token}' \\`,
    `    -H 'API-key: ${credentials.api_key}'`,
    '',
    "For the README's walkthrough, paste this line into the other terminal first:",
    `  export TOKEN='${credentials.access_token}' API_KEY='${credentials.api_key}' BASE='${base}'`,
    '',
  ].join('\n');
}

/**
 * `onpay serve`: migrate, build, listen, and drain gracefully on SIGTERM/SIGINT. Returns once
 * listening; from then on the server owns the process and ends it after a signal.
 */
export async function serve(ctx: CliContext): Promise<FastifyInstance> {
  const config = loadConfig(ctx.env);
  const db = await openDatabase(config);
  const applied = await migrateToLatest(db, fieldKeysForMigrations(config));
  // What a migration left for the operator to review goes to stderr, apart from the request log.
  for (const note of await migrationNotes(db.db, applied)) ctx.stderr(`onpay: review after migration ${note}\n`);

  // Instances starting together on an empty database create one demo partner between them.
  // The workers report to the server's log, which exists once the app is built.
  let appLog: FastifyBaseLogger | null = null;
  const log: WorkerLog = {
    info: (object: object, message: string) => appLog?.info(object, message),
    warn: (object: object, message: string) => appLog?.warn(object, message),
    error: (object: object, message: string) => appLog?.error(object, message),
  };
  const services = await createServices({ config, db, log });
  const demo = config.env === 'sandbox' ? await services.partners.createDemoPartner('Demo partner') : null;

  const app = await buildApp(services);
  appLog = app.log;
  app.addHook('onClose', async () => {
    await services.close();
    await db.close();
  });
  await app.listen({ port: config.port, host: config.host });
  // Before anything is printed: whoever waits for the "listening" line may signal at once.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: refusing new requests, finishing in-flight ones');
    // Closing the pools and Redis after the drain gets a bounded time of its own.
    const force = setTimeout(() => process.exit(1), config.shutdown.timeoutMs + 5_000);
    force.unref();
    // The workers stop beside the drain, not after it: webhook sends in flight finish (or are
    // abandoned after a few seconds) and are recorded while the last requests are answered.
    const workersStopped = services.stopWorkers().catch((error: unknown) => {
      app.log.error({ err: error }, 'error while stopping the background workers');
    });
    try {
      const drained = await app.drain.start(config.shutdown);
      await workersStopped;
      if (!drained)
        app.log.error({ timeoutMs: config.shutdown.timeoutMs }, 'shutdown timed out; remaining connections were cut');
      await app.close();
      process.exit(drained ? 0 : 1);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  // Outbox delivery and housekeeping run beside the API in every instance; claims keep them from
  // sending one mail twice, and each clean-up task is idempotent.
  services.startWorkers();
  // With PORT=0 (tests) the configured base names port 0: print the address actually bound.
  const address = app.server.address();
  const base =
    config.port === 0 && address && typeof address === 'object'
      ? config.publicBaseUrl.replace(/:0$/, `:${address.port}`)
      : config.publicBaseUrl;
  // The command line prints links under it when PUBLIC_BASE_URL is not set (another PORT, say).
  // Recorded before the "listening" line, so a command run after that line finds it.
  try {
    await publishServiceAddress(db.db, { url: base, published_at: services.clock.now().toISOString() });
  } catch (error) {
    app.log.warn({ err: error }, 'could not record the service address for the command line');
  }
  ctx.stdout(`onpay (${config.env}) listening on ${base}; API at ${base}/api/v1\n`);
  if (demo) ctx.stdout(`${demoBanner(base, demo)}\n`);
  return app;
}
