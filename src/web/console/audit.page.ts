/** The audit log: filtered by object, actor, action and time, newest first, paged back on the server. */
import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AuditEntryPayload } from '../../modules/audit/index.js';
import { html, type SafeHtml } from '../html.js';
import { Fields, listOrExplain, operatorOf, type PageDeps, pager, table, Text, urlWith, when } from './kit/index.js';
import { objectCell } from './object-links.js';

const AuditQuery = Fields({
  object: Text('Object', 80),
  actor: Text('Actor', 80),
  action: Text('Action', 80),
  since: Text('Since', 80),
  before: Text('Page position', 20),
});

/** Audit entries as a table (the audit page, a partner's recent activity). */
export function activityTable(entries: AuditEntryPayload[], empty: string): SafeHtml {
  return table(
    'Audit entries',
    [
      { label: 'Id', num: true },
      { label: 'When' },
      { label: 'Actor' },
      { label: 'Action' },
      { label: 'Object', nowrap: true },
      { label: 'Fields' },
      { label: 'Reason' },
    ],
    entries.map((e) => [
      e.id,
      when(e.at),
      e.actor.label,
      html`<code>${e.action}</code>`,
      html`<span>${objectCell(e.object)}</span>`,
      e.fields.join(', '),
      e.reason,
    ]),
    empty,
  );
}

export async function auditPage(app: FastifyInstance, { kit, console }: PageDeps): Promise<void> {
  app.get<{ Querystring: Static<typeof AuditQuery> }>(
    '/console/audit',
    { schema: { querystring: AuditQuery } },
    async (request, reply) => {
      const q = request.query;
      const filters = { object: q.object ?? '', actor: q.actor ?? '', action: q.action ?? '', since: q.since ?? '' };
      const before = q.before ?? '';
      const { found, problem } = await listOrExplain(
        request,
        reply,
        () => console.admin.auditLog(operatorOf(request), { ...filters, before }),
        { entries: [], has_more: false },
      );
      const field = (name: keyof typeof filters, label: string, hint: string, type = 'text') =>
        html`<label for="f-${name}">${label}<input id="f-${name}" name="${name}" type="${type}" value="${filters[name]}" maxlength="80" aria-describedby="h-${name}"><small id="h-${name}" class="muted">${hint}</small></label>`;
      const oldest = found.entries.at(-1)?.id;
      return kit.render(
        request,
        reply,
        'Audit log',
        html`<h1>Audit log</h1>
<p>Every change, newest first: who did it, what and when. The log keeps which fields changed, never their values.</p>
<form method="get" action="/console/audit" class="filters">
${field('object', 'Object', 'partner:3, user:12')}
${field('actor', 'Actor', 'operator:2, partner:3, system')}
${field('action', 'Action', 'token.revoked')}
${field('since', 'Since', '2026-11-23 or a time with zone')}
<button type="submit" class="secondary">Filter</button> <a href="/console/audit">Clear</a>
</form>
${problem ?? activityTable(found.entries, before ? 'No older entries.' : 'No entries match.')}
${pager('/console/audit', filters, {
  first: before ? urlWith('/console/audit', { ...filters }) : null,
  firstLabel: 'Newest entries',
  next: found.has_more && oldest ? urlWith('/console/audit', { ...filters, before: oldest }) : null,
  nextLabel: 'Older entries',
})}`,
        '/console/audit',
      );
    },
  );
}
