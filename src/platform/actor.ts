/**
 * Who is acting, for the audit log: set once per request (or command, or background job) and read
 * where a change is recorded, without threading it through every service call.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** `anonymous`: a web visitor not (yet) identified, such as someone asking for a sign-in link. */
export type ActorType = 'partner' | 'operator' | 'employee' | 'system' | 'anonymous';

export interface Actor {
  type: ActorType;
  /** The partner's, operator's or employee's id; null for the system and the command line. */
  id: string | null;
  /** Readable: "partner 3 token 7", "operator 2", "command line (root)", "verification expiry". */
  label: string;
}

interface Scope {
  actor: Actor;
  requestId: string | null;
}

const storage = new AsyncLocalStorage<Scope>();

/** Background work: expiry, fan-outs, deliveries, housekeeping. */
export const SYSTEM_ACTOR: Actor = { type: 'system', id: null, label: 'system' };

/** Every request starts as this until it is authenticated. */
export const ANONYMOUS: Actor = { type: 'anonymous', id: null, label: 'anonymous' };

/** Runs `work` as this actor (a command, a background job, a request's handling). */
export function runAs<T>(actor: Actor, requestId: string | null, work: () => T): T {
  return storage.run({ actor, requestId }, work);
}

/** Names the actor of the current scope once it is known (after authentication). */
export function actAs(actor: Actor): void {
  const scope = storage.getStore();
  if (scope) scope.actor = actor;
}

export function currentActor(): Actor {
  return storage.getStore()?.actor ?? SYSTEM_ACTOR;
}

export function currentRequestId(): string | null {
  return storage.getStore()?.requestId ?? null;
}
