/** The administration pages (partners, return URLs, terms, audit log, mail), registered among the signed-in console pages. */
import type { FastifyInstance } from 'fastify';
import type { PageDeps } from './kit/index.js';
import { auditPage } from './audit.page.js';
import { mailPages } from './mail.page.js';
import { partnersPages } from './partners.page.js';
import { returnUrlPages } from './return-urls.page.js';
import { termsPages } from './terms.page.js';

export async function adminPages(app: FastifyInstance, deps: PageDeps): Promise<void> {
  await partnersPages(app, deps);
  await returnUrlPages(app, deps);
  await termsPages(app, deps);
  await auditPage(app, deps);
  await mailPages(app, deps);
}
