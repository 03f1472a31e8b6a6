/**
 * The operator console under /console: server-rendered pages, usable without JavaScript. Every
 * page but the doors needs a live session; every form carries a CSRF token; what a role may do is
 * checked by the actions themselves (src/modules/console), not by which buttons are shown.
 */
import type { FastifyInstance } from 'fastify';
import type { ConsoleService } from '../../modules/console/index.js';
import type { OperatorService } from '../../modules/operators/index.js';
import { consoleAuthPages } from './auth.pages.js';
import { createConsoleKit } from './console-kit.js';
import { dashboardPage } from './dashboard.page.js';
import { adminPages } from './admin.pages.js';
import { createFlash } from './flash.js';
import { employeesPage } from './employees.page.js';
import { invoiceDocumentsPage } from './invoice-documents.page.js';
import { invoicesPage } from './invoices.page.js';
import { payoutsPage } from './payouts.page.js';
import { payoutPage } from './payout.page.js';
import { bankPage } from './bank.page.js';
import { erasePage } from './erase.page.js';
import { webhooksPage } from './webhooks.page.js';
import { stuckPage } from './stuck.page.js';
import { employeeMailPage } from './employee-mail.page.js';
import { partnerRequestsPage } from './partner-requests.page.js';

export interface ConsolePluginDeps {
  operators: OperatorService;
  console: ConsoleService;
  serviceSecret: string;
  publicBaseUrl: string;
  requireTotp: boolean;
}

export async function consolePages(app: FastifyInstance, deps: ConsolePluginDeps): Promise<void> {
  const kit = createConsoleKit({
    serviceSecret: deps.serviceSecret,
    secure: deps.publicBaseUrl.startsWith('https://'),
  });
  app.decorateRequest('operator', null);
  const isConsole = (url: string) => url === '/console' || url.startsWith('/console/') || url.startsWith('/console?');
  // Who is signed in, on every console request (the doors use it too: a signed-in operator skips
  // sign-in), before the body is read: a request without a session is refused without it.
  app.addHook('onRequest', async (request) => {
    if (isConsole(request.url)) request.operator = await deps.operators.sessionOf(request.cookies[kit.sessionCookie]);
  });
  app.addHook('preHandler', async (request) => {
    if (isConsole(request.url)) {
      // A field sent twice (`?q=a&q=b`) arrives as an array; every console field but the payout
      // selection's `id` is one value, so the first one counts (never a TypeError, never a 500).
      singleValued(request.query);
      singleValued(request.body);
    }
  });
  await app.register(async (doors) =>
    consoleAuthPages(doors, { operators: deps.operators, kit, requireTotp: deps.requireTotp }),
  );

  // The signed-in pages: without a session, a page goes to sign-in and a form is refused before
  // its body is read; a form's CSRF token (a field of the body) must belong to the session.
  await app.register(async (pages) => {
    // Every signed-in form names the permission it needs (`config.permission`): the role and CSRF
    // matrix (test/console/matrix.test.ts) tries each one, so a new form is covered by itself.
    pages.addHook('onRoute', (route) => {
      const methods = ([] as string[]).concat(route.method);
      if (methods.includes('POST') && !route.config?.permission)
        throw new Error(`${route.url}: a console form must declare config.permission`);
    });
    pages.addHook('onRequest', async (request, reply) => {
      if (!request.operator) return kit.signedOut(request, reply);
    });
    pages.addHook('preHandler', async (request, reply) => {
      if (
        request.method === 'POST' &&
        !kit.csrfOk(request, (request.body as Record<string, unknown> | undefined)?.csrf)
      )
        return kit.formExpired(request, reply);
    });
    await dashboardPage(pages, { kit, console: deps.console });
    const flash = createFlash({
      serviceSecret: deps.serviceSecret,
      secure: deps.publicBaseUrl.startsWith('https://'),
      sessionCookie: kit.sessionCookie,
    });
    await adminPages(pages, { kit, console: deps.console, flash });
    for (const money of [employeesPage, invoicesPage, erasePage, partnerRequestsPage])
      await money(pages, { kit, console: deps.console });
    await stuckPage(pages, { kit, console: deps.console });
    await employeeMailPage(pages, { kit, console: deps.console });
    await payoutsPage(pages, { kit, console: deps.console, flash });
    await payoutPage(pages, { kit, console: deps.console });
    await bankPage(pages, { kit, console: deps.console, flash });
    await webhooksPage(pages, { kit, console: deps.console, flash });
    await invoiceDocumentsPage(pages, { kit, console: deps.console, flash });
  });
}

/** Fields that may repeat: the payouts a form selects. */
const MULTI_VALUED = new Set(['id']);

function singleValued(fields: unknown): void {
  if (typeof fields !== 'object' || fields === null) return;
  const record = fields as Record<string, unknown>;
  for (const [name, value] of Object.entries(record)) {
    if (Array.isArray(value) && !MULTI_VALUED.has(name)) record[name] = value[0];
  }
}
