/**
 * Builds the app in sandbox on an in-memory database and returns its OpenAPI document: the same
 * document the running service serves at /api/v1/openapi.json.
 */
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/kysely.js';
import { migrateToLatest } from '../src/db/migrator.js';
import { createServices } from '../src/services.js';

export async function openApiDocument(env: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const config = loadConfig({
    ONPAY_ENV: 'sandbox',
    DATABASE_URL: 'sqlite::memory:',
    PUBLIC_BASE_URL: 'http://127.0.0.1:8080',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const db = createDb(config.database);
  await migrateToLatest(db.db);
  const services = await createServices({ config, db });
  const app = await buildApp(services, { logger: false });
  try {
    await app.ready();
    const response = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    return response.json() as Record<string, unknown>;
  } finally {
    await app.close();
    await services.close();
    await db.close();
  }
}
