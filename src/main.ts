import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { openDatabase, services } from './cli/context.js';
import { loadConfig } from './config.js';
import { migrateToLatest } from './db/migrator.js';
import { migrationNotes } from './db/migration-notes.js';

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
  ].join('\n');
}

/** `onpay serve`: migrate, build, listen, and close gracefully on SIGTERM/SIGINT. */
export async function serve(): Promise<FastifyInstance> {
  const config = loadConfig();
  const db = await openDatabase(config);
  const applied = await migrateToLatest(db.db);
  // What a migration left for the operator to review goes to stderr, apart from the request log.
  for (const note of await migrationNotes(db.db, applied)) process.stderr.write(`onpay: review after migration ${note}\n`);

  let demo: Awaited<ReturnType<ReturnType<typeof services>['partners']['createPartner']>> | null = null;
  if (config.env === 'sandbox') {
    const { partners } = services(config, db);
    if ((await partners.countPartners()) === 0) demo = await partners.createPartner('Demo partner');
  }

  const app = await buildApp(config, { db });
  app.addHook('onClose', async () => db.close());
  await app.listen({ port: config.port, host: config.host });
  // Outbox delivery runs beside the API in every instance; claims keep them from sending one mail twice.
  app.onpay.mailWorker?.start();
  // With PORT=0 (tests) the configured base names port 0: print the address actually bound.
  const address = app.server.address();
  const base =
    config.port === 0 && address && typeof address === 'object' ? config.publicBaseUrl.replace(/:0$/, `:${address.port}`) : config.publicBaseUrl;
  process.stdout.write(`onpay (${config.env}) listening on ${base}; API at ${base}/api/v1\n`);
  if (demo) process.stdout.write(`${demoBanner(base, demo)}\n`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // Fastify stops accepting, waits for in-flight requests, then runs onClose (pools, Redis).
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  return app;
}
