/**
 * Webhooks in the console (docs/decisions.md §26): partners' endpoints with their state, each
 * endpoint's delivery log, one delivery (its body masked unless revealed with a reason), resend,
 * replay from a sequence, disable and enable. Each action checks the role first (a viewer reads,
 * `manage_webhooks` changes, `reveal_personal_data` reveals), then calls the webhooks module's door.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database, WebhookDeliveryStatus } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { parseId } from '../../ids.js';
import { auditReason, revealReason, type AuditService } from '../audit/index.js';
import { can, requirePermission, type ConsoleOperator } from '../operators/index.js';
import type { PartnerService } from '../partners/index.js';
import {
  DELIVERY_STATUSES,
  ENDPOINT_STATES,
  shownBody,
  type WebhookOperations,
  type WebhookService,
} from '../webhooks/index.js';
import { choiceFilter, type FilterText, idFilter, positionFilter, readFilters } from './filters.js';
import { REVEAL_SHOWN_MS } from './money.actions.js';

export interface WebhookActionsDeps {
  /** Only handed to the audit module's `record` (the console owns no table). */
  db: Kysely<Database>;
  clock: Clock;
  operations: WebhookOperations;
  webhooks: Pick<WebhookService, 'enable'>;
  partners: Pick<PartnerService, 'partnerNames'>;
  audit: Pick<AuditService, 'record' | 'list'>;
}

/** Deliveries per page of an endpoint's log. */
export const DELIVERIES_PER_PAGE = 25;

function idOf(raw: string, what: string): number {
  const id = parseId(raw);
  if (id === null) throw new AppError('webhook_endpoint_not_found', `There is no ${what} ${raw.slice(0, 20)}.`);
  return id;
}

function reasonOf(raw: string, why: string): string {
  return auditReason(raw, `Say why ${why} (at least 3 characters): the reason is kept in the audit log.`);
}

/** A sequence number from a form: digits only, from 1. */
function sequenceOf(name: string, label: string, raw: string): number {
  const value = parseId(raw.trim());
  if (value === null) throw AppError.field(name, `${label}: write a sequence number in digits only, from 1.`);
  return value;
}

export function createWebhookActions(deps: WebhookActionsDeps) {
  const { operations } = deps;

  /** Whether this operator revealed this delivery's body in the last few minutes (the reveal's own audit entry). */
  async function revealedBy(operator: ConsoleOperator, deliveryId: number): Promise<boolean> {
    if (!can(operator.role, 'reveal_personal_data')) return false;
    const since = new Date(deps.clock.now().getTime() - REVEAL_SHOWN_MS).toISOString();
    const entries = await deps.audit.list({
      object: `webhook_delivery:${deliveryId}`,
      actor: `operator:${operator.id}`,
      action: 'pii.revealed',
      since,
      limit: 1,
    });
    return entries.length > 0;
  }

  return {
    perPage: DELIVERIES_PER_PAGE,

    /** Every endpoint (`partner`, `state` filters), with the partners' names. */
    async endpoints(operator: ConsoleOperator, query: FilterText) {
      requirePermission(operator, 'view');
      const read = readFilters(
        { partner: idFilter('Partner', 'partner id'), state: choiceFilter('State', ENDPOINT_STATES) },
        query,
      );
      const endpoints = await operations.endpoints({ partnerId: read.partner ?? null, state: read.state ?? null });
      const partnerNames = await deps.partners.partnerNames(endpoints.map((e) => e.partner_id));
      return { endpoints, partnerNames, partner: read.partner ?? null, state: read.state ?? null };
    },

    /** One endpoint and a page of its delivery log (`status`, `before` filters), newest first. */
    async endpoint(operator: ConsoleOperator, rawId: string, query: FilterText) {
      requirePermission(operator, 'view');
      const id = idOf(rawId, 'webhook endpoint');
      const endpoint = await operations.endpoint(id);
      const partnerName = (await deps.partners.partnerNames([endpoint.partner_id])).get(endpoint.partner_id) ?? '';
      const read = readFilters(
        { status: choiceFilter<WebhookDeliveryStatus>('Status', DELIVERY_STATUSES), before: positionFilter },
        query,
      );
      const log = await operations.deliveries(id, {
        status: read.status ?? null,
        beforeId: read.before ?? null,
        limit: DELIVERIES_PER_PAGE,
      });
      return { endpoint, partnerName, ...log, status: read.status ?? null, before: read.before ?? null };
    },

    /** One delivery: what was sent (the body masked unless this operator revealed it just now) and every attempt's answer. */
    async delivery(operator: ConsoleOperator, rawEndpoint: string, rawDelivery: string) {
      requirePermission(operator, 'view');
      const found = await operations.delivery(
        idOf(rawEndpoint, 'webhook endpoint'),
        idOf(rawDelivery, 'webhook delivery'),
      );
      const revealed = await revealedBy(operator, found.delivery.id);
      const partnerName =
        (await deps.partners.partnerNames([found.endpoint.partner_id])).get(found.endpoint.partner_id) ?? '';
      const { payload, ...delivery } = found.delivery;
      return {
        endpoint: { id: found.endpoint.id, partner_id: found.endpoint.partner_id, url: found.endpoint.url },
        partnerName,
        delivery,
        body: shownBody(payload, revealed),
        revealed,
        attempts: found.attempts,
      };
    },

    /** Reveals one delivery's personal fields to this operator for a few minutes: with a reason, audited as `pii.revealed`. */
    async reveal(operator: ConsoleOperator, rawEndpoint: string, rawDelivery: string, rawReason: string) {
      requirePermission(operator, 'reveal_personal_data');
      const reason = revealReason(rawReason);
      const found = await operations.delivery(
        idOf(rawEndpoint, 'webhook endpoint'),
        idOf(rawDelivery, 'webhook delivery'),
      );
      const personal = shownBody(found.delivery.payload, false).personal;
      if (personal.length === 0) throw AppError.field('reason', 'This delivery holds no personal data to reveal.');
      await deps.audit.record(deps.db, {
        action: 'pii.revealed',
        object: { type: 'webhook_delivery', id: found.delivery.id },
        partnerId: found.endpoint.partner_id,
        fields: personal,
        reason,
      });
    },

    async resend(operator: ConsoleOperator, rawEndpoint: string, rawDelivery: string) {
      requirePermission(operator, 'manage_webhooks');
      return operations.resend(idOf(rawEndpoint, 'webhook endpoint'), idOf(rawDelivery, 'webhook delivery'));
    },

    /** The review of a replay: what it would queue (nothing is queued yet). */
    async replayReview(operator: ConsoleOperator, rawEndpoint: string, form: FilterText) {
      requirePermission(operator, 'manage_webhooks');
      const id = idOf(rawEndpoint, 'webhook endpoint');
      return operations.replayReview(id, sequenceOf('from', 'From sequence', form.from ?? ''));
    },

    async replay(operator: ConsoleOperator, rawEndpoint: string, form: FilterText) {
      requirePermission(operator, 'manage_webhooks');
      const id = idOf(rawEndpoint, 'webhook endpoint');
      const from = sequenceOf('from', 'From sequence', form.from ?? '');
      const through = sequenceOf('through', 'Through sequence', form.through ?? '');
      return operations.replay(id, from, through);
    },

    async disable(operator: ConsoleOperator, rawEndpoint: string, rawReason: string) {
      requirePermission(operator, 'manage_webhooks');
      const id = idOf(rawEndpoint, 'webhook endpoint');
      return operations.disable(id, reasonOf(rawReason, 'you disable it'));
    },

    async enable(operator: ConsoleOperator, rawEndpoint: string) {
      requirePermission(operator, 'manage_webhooks');
      return deps.webhooks.enable(idOf(rawEndpoint, 'webhook endpoint'));
    },
  };
}

export type WebhookActions = ReturnType<typeof createWebhookActions>;
