import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Budget, Limiter } from '../platform/limiter.js';
import { messagePage } from './html.js';
import { pageHeaders } from './security.js';

/** The service's own web pages' budget, per client address (unsigned webhook deliveries share it). */
export interface PageBudget {
  limiter: Limiter;
  perMinute: number;
}

export function pageBudget(request: FastifyRequest, perMinute: number): Budget {
  return { kind: 'page', key: `web:${request.ip}`, limit: perMinute };
}

export interface PagesPluginOptions {
  /** null: no limiter at all (benchmarks only). */
  budget: PageBudget | null;
  /** Every page lives in one of these; each is registered behind the address limit. */
  pages: readonly FastifyPluginAsync[];
}

/**
 * The end user's pages as one encapsulated plugin: every page registered inside is limited per
 * client address (429 as a page), and gets cookies and HTML form bodies, which the API does not
 * take (and whose hooks it should not pay for).
 */
export async function pagesPlugin(pages: FastifyInstance, options: PagesPluginOptions): Promise<void> {
  const budget = options.budget;
  if (budget) {
    // Before the cookie plugin's hooks: a refused request costs as little as possible.
    pages.addHook('onRequest', async (request, reply) => {
      const decision = await budget.limiter.hit(request, pageBudget(request, budget.perMinute));
      if (!decision || decision.allowed) return;
      budget.limiter.refuse(reply, pageBudget(request, budget.perMinute), decision);
      return pageHeaders(reply.status(429)).send(
        messagePage(
          'Too many requests',
          'Too many pages were asked for from your network in the last minute. Wait a minute, then try again.',
        ),
      );
    });
  }
  await pages.register(cookie);
  await pages.register(formbody);
  for (const page of options.pages) await pages.register(page);
}
