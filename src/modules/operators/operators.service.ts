import type { Kysely } from 'kysely';
import { addMs, type Clock } from '../../clock.js';
import type { Database, OperatorRole, OperatorRow } from '../../db/database.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { AppError } from '../../errors.js';
import { isId } from '../../ids.js';
import { actAs } from '../../platform/actor.js';
import type { RateLimitStore } from '../../platform/rate-limit.js';
import { randomToken, sha256Hex } from '../../platform/secrets.js';
import type { AuditService } from '../audit/index.js';
import {
  checkTotp,
  DECOY_HASH,
  hashPassword,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  sealSecret,
  totpEnrolment,
  verifyPassword,
} from './credentials.js';
import * as repo from './operators.repository.js';

/** docs/decisions.md §18. */
export const SETUP_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** Sign-in attempts per account (known or not) and per client address, in a 15-minute window. */
export const CONSOLE_SIGN_IN_LIMITS = { windowMs: 15 * 60 * 1000, perAccount: 5, perAddress: 20 } as const;
/** A session's last-seen time is written at most this often (every request would be a write). */
const TOUCH_INTERVAL_MS = 60_000;
export const ROLES: readonly OperatorRole[] = ['admin', 'operator', 'viewer'];

/** What each role may do; the console's actions check it before anything changes. */
export const PERMISSIONS = {
  view: ['viewer', 'operator', 'admin'],
  reveal_personal_data: ['operator', 'admin'],
  decide_return_urls: ['operator', 'admin'],
  move_payouts: ['operator', 'admin'],
  set_tax: ['operator', 'admin'],
  /** A list as a CSV file: every matching row at once, so not the viewer's (docs/decisions.md §21). */
  export_lists: ['operator', 'admin'],
  resend_mail: ['operator', 'admin'],
  /** Webhooks in the console: resend, replay, disable, enable (docs/decisions.md §26). */
  manage_webhooks: ['operator', 'admin'],
  /** A mail body on an employee's page: sandbox only, audited (docs/decisions.md §28). */
  read_mail_body: ['operator', 'admin'],
  manage_partners: ['admin'],
  manage_tokens: ['admin'],
  publish_terms: ['admin'],
  manage_operators: ['admin'],
  /** The person's right to erasure (docs/data-protection.md): irreversible, so administrators only. */
  erase_personal_data: ['admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type Permission = keyof typeof PERMISSIONS;

/** A signed-in operator. */
export interface ConsoleOperator {
  id: number;
  email: string;
  role: OperatorRole;
  sessionHash: string;
}

export function can(role: OperatorRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly OperatorRole[]).includes(role);
}

/** Throws 403 unless the operator's role allows it: the console's checks live here, not in its buttons. */
export function requirePermission(operator: Pick<ConsoleOperator, 'role'>, permission: Permission): void {
  if (!can(operator.role, permission)) throw new AppError('forbidden', `Your role (${operator.role}) may not do this.`);
}

export type SetupStep =
  { step: 'password'; operator: OperatorRow } | { step: 'totp'; operator: OperatorRow; secret: string };

export type SignInResult =
  { kind: 'signed_in'; token: string; operator: OperatorRow } | { kind: 'refused' } | { kind: 'limited' };

export interface OperatorServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  audit: Pick<AuditService, 'record'>;
  limiter: Pick<RateLimitStore, 'hit'>;
  /** Encrypts TOTP secrets at rest (the service's signing secret). */
  serviceSecret: string;
  publicBaseUrl: string;
  /** False only in a sandbox configured so (CONSOLE_REQUIRE_TOTP=false): sign-in without a code. */
  requireTotp: boolean;
}

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function checkEmail(email: string): string {
  const trimmed = email.trim();
  if (trimmed.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed))
    throw AppError.invalid({ email: { code: 'email', problem: 'must be an e-mail address.' } });
  return trimmed;
}

export function createOperatorService(deps: OperatorServiceDeps) {
  const { db, clock, audit } = deps;
  const now = () => clock.now().toISOString();

  async function issueSetupLink(operatorId: number): Promise<{ setupUrl: string; expiresAt: string }> {
    const token = randomToken(32);
    const expiresAt = addMs(clock.now(), SETUP_LINK_LIFETIME_MS).toISOString();
    await repo.updateOperator(db, operatorId, {
      setup_token_hash: sha256Hex(token),
      setup_expires_at: expiresAt,
      updated_at: now(),
    });
    return { setupUrl: `${deps.publicBaseUrl}/console/setup/${token}`, expiresAt };
  }

  async function byId(id: number): Promise<OperatorRow> {
    const row = isId(id) ? await repo.findOperator(db, id) : undefined;
    if (!row) throw new AppError('operator_not_found', `Operator ${id} does not exist.`);
    return row;
  }

  return {
    /** `onpay operator create`: a pending operator and a one-time set-up link (24 h). */
    async create(
      rawEmail: string,
      role: OperatorRole,
    ): Promise<{ operator: OperatorRow; setupUrl: string; expiresAt: string }> {
      const email = checkEmail(rawEmail);
      if (!ROLES.includes(role))
        throw AppError.invalid({ role: { code: 'role', problem: 'must be admin, operator or viewer.' } });
      let operator: OperatorRow;
      try {
        operator = await db.transaction().execute(async (trx) => {
          const row = await repo.insertOperator(trx, {
            email,
            email_normalized: normaliseEmail(email),
            role,
            status: 'pending',
            created_at: now(),
            updated_at: now(),
          });
          await audit.record(trx, {
            action: 'operator.created',
            object: { type: 'operator', id: row.id },
            fields: ['email', 'role'],
          });
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError('conflict', `An operator with the e-mail address ${email} exists already.`);
        throw error;
      }
      return { operator, ...(await issueSetupLink(operator.id)) };
    },

    list: () => repo.listOperators(db),

    /** `onpay operator disable`: no more sign-ins; every session ends now. */
    async disable(id: number): Promise<{ operator: OperatorRow; changed: boolean }> {
      const operator = await byId(id);
      if (operator.status === 'disabled') return { operator, changed: false };
      await db.transaction().execute(async (trx) => {
        await repo.updateOperator(trx, id, {
          status: 'disabled',
          setup_token_hash: null,
          setup_expires_at: null,
          updated_at: now(),
        });
        await repo.endSessionsOf(trx, id, now());
        await audit.record(trx, { action: 'operator.disabled', object: { type: 'operator', id }, fields: ['status'] });
      });
      return { operator: await byId(id), changed: true };
    },

    /**
     * `onpay operator reset`: forgets the password, the authenticator and the recovery codes, ends
     * every session and issues a new set-up link (a lost phone, a leaked password).
     */
    async reset(id: number): Promise<{ operator: OperatorRow; setupUrl: string; expiresAt: string }> {
      await byId(id);
      await db.transaction().execute(async (trx) => {
        await repo.updateOperator(trx, id, {
          status: 'pending',
          password_hash: null,
          totp_secret: null,
          totp_last_step: null,
          recovery_codes: null,
          failed_sign_ins: 0,
          locked_until: null,
          updated_at: now(),
        });
        await repo.endSessionsOf(trx, id, now());
        await audit.record(trx, {
          action: 'operator.reset',
          object: { type: 'operator', id },
          fields: ['password', 'totp', 'recovery_codes'],
        });
      });
      const link = await issueSetupLink(id);
      return { operator: await byId(id), ...link };
    },

    /** Where a set-up link stands; null when it is unknown, used or past its 24 hours. */
    async setupState(token: string): Promise<SetupStep | null> {
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
      const operator = await repo.findOperatorBySetupToken(db, sha256Hex(token));
      if (
        !operator ||
        operator.status !== 'pending' ||
        !operator.setup_expires_at ||
        Date.parse(operator.setup_expires_at) <= clock.now().getTime()
      )
        return null;
      if (!operator.password_hash || !operator.totp_secret) return { step: 'password', operator };
      const secret = openSecret(operator.totp_secret, deps.serviceSecret);
      return secret ? { step: 'totp', operator, secret } : { step: 'password', operator };
    },

    enrolment: (secret: string, email: string) => totpEnrolment(secret, email),

    /** Set-up step 1: the password (twice), and a new authenticator secret to enrol next. */
    async choosePassword(token: string, password: string, repeated: string): Promise<void> {
      const state = await this.setupState(token);
      if (!state) throw new AppError('setup_link_invalid');
      if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
        throw AppError.field(
          'password',
          `The password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters long.`,
        );
      }
      if (
        password.toLowerCase().includes(state.operator.email_normalized.split('@')[0]!) &&
        state.operator.email_normalized.split('@')[0]!.length >= 4
      ) {
        throw AppError.field('password', 'The password must not contain your e-mail name.');
      }
      if (password !== repeated) throw AppError.field('repeat', 'The two passwords are not the same.');
      await repo.updateOperator(db, state.operator.id, {
        password_hash: await hashPassword(password),
        totp_secret: sealSecret(newTotpSecret(), deps.serviceSecret),
        updated_at: now(),
      });
    },

    /** Set-up step 2: a code from the authenticator proves the enrolment; returns the recovery codes, shown once. */
    async confirmAuthenticator(
      token: string,
      code: string,
    ): Promise<{ operator: OperatorRow; recoveryCodes: string[] }> {
      const state = await this.setupState(token);
      if (!state || state.step !== 'totp') throw new AppError('setup_link_invalid');
      const step = await checkTotp(state.secret, code.replace(/\s/g, ''), clock.now().getTime(), null);
      if (step === null)
        throw AppError.field('code', 'The code is not right. Enter the 6 digits your authenticator app shows now.');
      const recoveryCodes = newRecoveryCodes();
      await db.transaction().execute(async (trx) => {
        await repo.updateOperator(trx, state.operator.id, {
          status: 'active',
          totp_last_step: step,
          recovery_codes: JSON.stringify(recoveryCodes.map((c) => sha256Hex(c))),
          setup_token_hash: null,
          setup_expires_at: null,
          updated_at: now(),
        });
        actAs({
          type: 'operator',
          id: String(state.operator.id),
          label: `operator ${state.operator.id} (${state.operator.email})`,
        });
        await audit.record(trx, {
          action: 'operator.activated',
          object: { type: 'operator', id: state.operator.id },
          fields: ['password', 'totp', 'recovery_codes'],
        });
      });
      return { operator: await byId(state.operator.id), recoveryCodes };
    },

    /**
     * Password and authenticator code (or a recovery code). The answer for a wrong password, a
     * wrong code, an unknown or a disabled account is the same, and takes as long; attempts are
     * limited per account (known or not) and per client address.
     */
    async signIn(rawEmail: string, password: string, code: string, clientAddress: string): Promise<SignInResult> {
      const email = normaliseEmail(rawEmail).slice(0, 254);
      const nowMs = clock.now().getTime();
      const { windowMs, perAccount, perAddress } = CONSOLE_SIGN_IN_LIMITS;
      if (!(await deps.limiter.hit(`console-signin-addr:${clientAddress}`, nowMs, perAddress, windowMs)).allowed)
        return { kind: 'limited' };
      if (!(await deps.limiter.hit(`console-signin-acct:${sha256Hex(email)}`, nowMs, perAccount, windowMs)).allowed)
        return { kind: 'limited' };

      const operator = await repo.findOperatorByEmail(db, email);
      const passwordOk = await verifyPassword(
        password.slice(0, MAX_PASSWORD_LENGTH),
        operator?.password_hash ?? DECOY_HASH,
      );
      const usable = operator && operator.status === 'active' && passwordOk;
      let secondFactor: { step: number } | { recovery: string } | null = null;
      if (usable) {
        const trimmed = code.replace(/\s/g, '');
        const secret = operator.totp_secret ? openSecret(operator.totp_secret, deps.serviceSecret) : null;
        const step = secret ? await checkTotp(secret, trimmed, nowMs, operator.totp_last_step) : null;
        if (step !== null) secondFactor = { step };
        else if (
          /^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/.test(trimmed.toLowerCase()) &&
          (JSON.parse(operator.recovery_codes ?? '[]') as string[]).includes(sha256Hex(trimmed.toLowerCase()))
        ) {
          secondFactor = { recovery: sha256Hex(trimmed.toLowerCase()) };
        } else if (!deps.requireTotp && trimmed === '') secondFactor = { step: operator.totp_last_step ?? 0 };
      }

      return db.transaction().execute(async (trx): Promise<SignInResult> => {
        if (!usable || secondFactor === null) {
          if (operator) {
            await repo.countFailure(trx, operator.id, now());
            actAs({ type: 'anonymous', id: null, label: `anonymous (${clientAddress})` });
            await audit.record(trx, {
              action: 'operator.sign_in_failed',
              object: { type: 'operator', id: operator.id },
            });
          }
          return { kind: 'refused' };
        }
        // A code works once, also when two sign-ins race with it.
        if (
          'step' in secondFactor &&
          secondFactor.step > (operator.totp_last_step ?? -1) &&
          !(await repo.takeTotpStep(trx, operator.id, secondFactor.step))
        )
          return { kind: 'refused' };
        if ('recovery' in secondFactor) {
          const remaining = (JSON.parse(operator.recovery_codes ?? '[]') as string[]).filter(
            (c) => c !== secondFactor.recovery,
          );
          if (!(await repo.takeRecoveryCodes(trx, operator.id, operator.recovery_codes, JSON.stringify(remaining))))
            return { kind: 'refused' };
        }
        await repo.updateOperator(trx, operator.id, { failed_sign_ins: 0, last_sign_in_at: now(), updated_at: now() });
        const token = randomToken(32);
        await repo.insertSession(trx, {
          idHash: sha256Hex(token),
          operatorId: operator.id,
          now: now(),
          expiresAt: addMs(clock.now(), SESSION_ABSOLUTE_MS).toISOString(),
        });
        actAs({ type: 'operator', id: String(operator.id), label: `operator ${operator.id} (${operator.email})` });
        await audit.record(trx, {
          action: 'operator.signed_in',
          object: { type: 'operator', id: operator.id },
          fields: 'recovery' in secondFactor ? ['recovery_code'] : [],
        });
        return { kind: 'signed_in', token, operator };
      });
    },

    /**
     * The operator of a console session cookie, if the session is live: not ended, used within the
     * last 30 minutes, at most 12 hours old, its operator active. The request then acts as them.
     */
    async sessionOf(token: string | undefined): Promise<ConsoleOperator | null> {
      if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
      const idHash = sha256Hex(token);
      const session = await repo.findSession(db, idHash);
      const nowMs = clock.now().getTime();
      if (!session || session.ended_at !== null || session.status !== 'active') return null;
      if (Date.parse(session.expires_at) <= nowMs || Date.parse(session.last_seen_at) + SESSION_IDLE_MS <= nowMs)
        return null;
      if (Date.parse(session.last_seen_at) + TOUCH_INTERVAL_MS <= nowMs) await repo.touchSession(db, idHash, now());
      actAs({
        type: 'operator',
        id: String(session.operator_id),
        label: `operator ${session.operator_id} (${session.email})`,
      });
      return { id: session.operator_id, email: session.email, role: session.role, sessionHash: idHash };
    },

    async signOut(operator: ConsoleOperator, everywhere: boolean): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (everywhere) await repo.endSessionsOf(trx, operator.id, now());
        else await repo.endSession(trx, operator.sessionHash, now());
        await audit.record(trx, {
          action: everywhere ? 'operator.signed_out_everywhere' : 'operator.signed_out',
          object: { type: 'operator', id: operator.id },
        });
      });
    },
  };
}

export type OperatorService = ReturnType<typeof createOperatorService>;
