/**
 * The operator console under /console: server-rendered pages, usable without JavaScript. Every
 * page but the doors needs a live session; every form carries a CSRF token; what a role may do is
 * checked by the actions themselves (src/modules/console), not by which buttons are shown.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ConsoleService } from '../../modules/console/index.js';
import { requirePermission, type OperatorService } from '../../modules/operators/index.js';
import { consoleAuthPages } from './auth.pages.js';
import { createConsoleKit, operatorOf, unfitRead } from './kit/index.js';
import { dashboardPage } from './dashboard.page.js';
import { adminPages } from './admin.pages.js';
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
  app.addHook('preValidation', async (request) => {
    if (isConsole(request.url)) {
      // A field sent twice (`?q=a&q=b`) arrives as an array; a field whose schema does not take
      // several values (every one but the payouts a form selects) keeps the first (never a 500).
      const schema = request.routeOptions.schema;
      singleValued(request.query, schema?.querystring);
      singleValued(request.body, schema?.body);
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
    // A page (GET) whose query does not fit its schema still renders: listOrExplain lists nothing
    // and names the fields. A form's body or path that does not fit answers the error handler below.
    pages.addHook('onRoute', (route) => {
      const methods = ([] as string[]).concat(route.method);
      if (methods.includes('GET')) route.attachValidation = true;
    });
    pages.addHook('onRequest', async (request, reply) => {
      if (!request.operator) return kit.signedOut(request, reply);
    });
    // The CSRF token before the schema: a forged form learns nothing about its fields.
    // (The bank report upload, the one multipart form, checks its token itself before reading the
    // file; every other route refuses a multipart body before this hook, as it has no parser for it.)
    pages.addHook('preValidation', async (request, reply) => {
      if (
        request.method === 'POST' &&
        !String(request.headers['content-type'] ?? '').startsWith('multipart/') &&
        !kit.csrfOk(request, (request.body as Record<string, unknown> | undefined)?.csrf)
      )
        return kit.formExpired(request, reply);
      // Then the role the form declares, before its fields: a role that may not use the form
      // learns nothing of them either. (The action checks it again, whoever calls it.)
      const permission = request.routeOptions.config.permission;
      if (request.method === 'POST' && permission) {
        try {
          requirePermission(operatorOf(request), permission);
        } catch (error) {
          return kit.problem(request, reply, error, '/console');
        }
      }
    });
    // A page that did not look at its unfit query would list as if it fit: fail loudly instead.
    pages.addHook('onSend', async (request) => {
      if (request.validationError && !unfitRead(request))
        throw new Error(`${request.routeOptions.url}: a console page must read its query through listOrExplain`);
    });
    pages.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.validation) return kit.unfit(request, reply, error.validation as never, error.validationContext);
      throw error;
    });
    const pageDeps = { kit, console: deps.console };
    for (const section of [
      dashboardPage,
      adminPages,
      employeesPage,
      invoicesPage,
      erasePage,
      partnerRequestsPage,
      stuckPage,
      employeeMailPage,
      payoutsPage,
      payoutPage,
      bankPage,
      webhooksPage,
      invoiceDocumentsPage,
    ])
      await section(pages, pageDeps);
  });
}

const repeatableOf = new WeakMap<object, ReadonlySet<string>>();

/** The fields a query or form schema lets repeat (an array, or one value or an array): read once a schema. */
function repeatable(schema: unknown): ReadonlySet<string> {
  if (typeof schema !== 'object' || schema === null) return new Set();
  let names = repeatableOf.get(schema);
  if (!names) {
    type Property = { type?: unknown; anyOf?: Property[] };
    const properties = (schema as { properties?: Record<string, Property> }).properties ?? {};
    const takesArray = (p: Property | undefined): boolean =>
      p?.type === 'array' || (p?.anyOf ?? []).some((q) => q.type === 'array');
    names = new Set(Object.keys(properties).filter((name) => takesArray(properties[name])));
    repeatableOf.set(schema, names);
  }
  return names;
}

/** Every repeated field the schema does not let repeat keeps its first value. */
function singleValued(fields: unknown, schema: unknown): void {
  if (typeof fields !== 'object' || fields === null) return;
  const many = repeatable(schema);
  const record = fields as Record<string, unknown>;
  for (const [name, value] of Object.entries(record)) {
    if (Array.isArray(value) && !many.has(name)) record[name] = value[0];
  }
}
