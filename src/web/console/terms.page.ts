/**
 * Terms: the versions published, newest first, and (administrators) publishing new terms, through a
 * review that says whom it asks to approve them again before anything changes.
 */
import type { Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can } from '../../modules/operators/index.js';
import { html } from '../html.js';
import {
  act,
  count,
  Fields,
  FormFields,
  listOrExplain,
  operatorOf,
  type PageDeps,
  pager,
  table,
  Text,
  when,
} from './kit/index.js';

const TermsQuery = Fields({ page: Text('Page', 20) });
const TermsForm = FormFields({
  code: Text('Code', 64),
  title: Text('Title', 255),
  url: Text('Address', 2048),
  confirmed: Text('Confirmation', 1),
});
type TermsBody = Static<typeof TermsForm>;

export async function termsPages(app: FastifyInstance, deps: PageDeps): Promise<void> {
  const { kit, console } = deps;
  const flash = kit.flash;

  app.get<{ Querystring: Static<typeof TermsQuery> }>(
    '/console/terms',
    { schema: { querystring: TermsQuery } },
    async (request, reply) => {
      const operator = operatorOf(request);
      const { found, problem } = await listOrExplain(
        request,
        reply,
        () => console.admin.terms(operator, { page: request.query.page }),
        null,
      );
      const page = found?.page ?? 1;
      const rows = (found?.terms ?? []).map((t) => [
        html`<code>${t.code}</code>${t.code === found?.current ? html` <strong>(current)</strong>` : html``}`,
        t.title,
        html`<a href="${t.url}" rel="noreferrer">${t.url}</a>`,
        when(t.published_at),
      ]);
      const publish = can(operator.role, 'publish_terms')
        ? html`<h2>Publish new terms</h2>
<p>New terms become current at once: every employee must approve them again, and every partner hears of it (<code>terms.published</code>). Publishing an existing code makes that version current again. The next page says how many employees that concerns; nothing changes before you confirm there.</p>
<form method="post" action="/console/terms/review">
${kit.csrfField(request)}
<p><label for="code">Code</label><br><input id="code" name="code" type="text" required maxlength="64" pattern="[A-Za-z0-9][A-Za-z0-9._\\-]{0,63}" aria-describedby="code-help"><br><small id="code-help" class="muted">Letters, digits, dots, dashes or underscores, for example 2026-12.</small></p>
<p><label for="title">Title</label><br><input id="title" name="title" type="text" required maxlength="255"></p>
<p><label for="url">Where the terms can be read (URL)</label><br><input id="url" name="url" type="url" required maxlength="2048"></p>
<button type="submit">Review the new terms</button>
</form>`
        : html`<p class="muted">Only administrators publish terms.</p>`;
      return kit.render(
        request,
        reply,
        'Terms',
        html`<h1>Terms</h1>
${flash.take(request, reply)}
${
  problem ??
  html`${table(
    'Published terms',
    [{ label: 'Code' }, { label: 'Title' }, { label: 'Address' }, { label: 'Published' }],
    rows,
    'No terms are published.',
  )}
${pager('/console/terms', {}, { page, hasMore: found?.has_more ?? false })}`
}
${publish}`,
        '/console/terms',
      );
    },
  );

  /** The review before publishing: the terms, and whom they would ask to approve again (nothing changes here). */
  async function review(request: FastifyRequest<{ Body: TermsBody }>, reply: FastifyReply): Promise<FastifyReply> {
    const body = request.body ?? {};
    let found;
    try {
      found = await console.admin.reviewTerms(operatorOf(request), {
        code: body.code ?? '',
        title: body.title ?? '',
        url: body.url ?? '',
      });
    } catch (error) {
      return kit.problem(request, reply, error, '/console/terms');
    }
    const { terms, current, awaiting, partners } = found;
    const impact =
      awaiting.people === 0
        ? html`<p>No employee needs to approve them: every partner link has approved <code>${terms.code}</code> already.</p>`
        : html`<p><strong>${count(awaiting.people)} employee${awaiting.people === 1 ? '' : 's'} will need to approve the new terms</strong> (${count(awaiting.links)} partner link${awaiting.links === 1 ? '' : 's'} at ${count(awaiting.partners)} partner${awaiting.partners === 1 ? '' : 's'}). Until each one does, payouts to them are refused and their partner sees them as not onboarded.</p>`;
    return kit.render(
      request,
      reply,
      'Publish terms',
      html`<p><a href="/console/terms">Terms</a> ›</p>
<h1>Publish terms ${terms.code}?</h1>
<div class="notice bad" role="alert" id="terms-impact">
${impact}
<p>They become current at once, and every partner (${count(partners)}) gets a <code>terms.published</code> event.</p>
</div>
<dl class="facts"><dt>Code</dt><dd><code>${terms.code}</code></dd><dt>Title</dt><dd>${terms.title}</dd><dt>Address</dt><dd><a href="${terms.url}" rel="noreferrer">${terms.url}</a></dd><dt>Current terms</dt><dd><code>${current}</code>${current === terms.code ? ' (these)' : ''}</dd></dl>
<form method="post" action="/console/terms">${kit.csrfField(request)}
<input type="hidden" name="code" value="${terms.code}"><input type="hidden" name="title" value="${terms.title}"><input type="hidden" name="url" value="${terms.url}"><input type="hidden" name="confirmed" value="1">
<button type="submit">Publish terms ${terms.code}</button> <a href="/console/terms">Back to the terms, publish nothing</a>
</form>`,
      '/console/terms',
    );
  }

  app.post<{ Body: TermsBody }>(
    '/console/terms/review',
    { config: { permission: 'publish_terms' }, schema: { body: TermsForm } },
    review,
  );

  app.post<{ Body: TermsBody }>(
    '/console/terms',
    { config: { permission: 'publish_terms' }, schema: { body: TermsForm } },
    (request, reply) =>
      // Only the review page's button publishes: a form without it (an old page) gets the review first.
      request.body?.confirmed !== '1'
        ? review(request, reply)
        : act(deps, request, reply, '/console/terms', async () => {
            const body = request.body ?? {};
            const published = await console.admin.publishTerms(operatorOf(request), {
              code: body.code ?? '',
              title: body.title ?? '',
              url: body.url ?? '',
            });
            return { to: '/console/terms', message: `Terms ${published.code} are now current.` };
          }),
  );
}
