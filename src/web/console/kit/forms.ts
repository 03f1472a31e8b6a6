/** What the console's pages and forms share: their dependencies, the signed-in operator, a form's post-redirect-get, ids. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseId } from '../../../ids.js';
import type { ConsoleService } from '../../../modules/console/index.js';
import type { ConsoleOperator, Permission } from '../../../modules/operators/index.js';
import type { ConsoleKit } from './session.js';
import type { Flash } from './flash.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a console form needs (PERMISSIONS in src/modules/operators). The action checks it itself;
     * the declaration lets test/console/matrix.test.ts try every form with every role.
     */
    permission?: Permission;
  }
}

/** What every signed-in console page is built from. */
export interface PageDeps {
  kit: ConsoleKit;
  console: ConsoleService;
}

/**
 * The signed-in operator. The signed-in pages' guard (console.plugin.ts) answers every request
 * without one before a handler runs, so a handler there always has one; elsewhere this is a bug.
 */
export function operatorOf(request: FastifyRequest): ConsoleOperator {
  if (!request.operator) throw new Error('operatorOf: a signed-in console page was reached without an operator');
  return request.operator;
}

/** An id (or page number) from a query or a path: src/ids.ts's rule, so nothing out of the databases' range reaches a query. */
export function intOf(value: string | undefined): number | null {
  return value === undefined ? null : parseId(value);
}

/** A form's outcome: on success, a 303 to `to` with the confirmation; on a refusal or bad input, the problem page. */
export async function act(
  { kit }: Pick<PageDeps, 'kit'>,
  request: FastifyRequest,
  reply: FastifyReply,
  back: string,
  work: () => Promise<{ to: string } & Flash>,
): Promise<FastifyReply> {
  try {
    const { to, ...shown } = await work();
    kit.flash.set(request, reply, shown);
    return reply.redirect(to, 303);
  } catch (error) {
    return kit.problem(request, reply, error, back);
  }
}
