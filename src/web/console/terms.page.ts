/** Terms: the versions published, newest first, and (administrators) publishing new terms. */
import type { FastifyInstance } from 'fastify';
import { can } from '../../modules/operators/index.js';
import { html } from '../html.js';
import { act, type AdminPageDeps, type Form, pager, type Query, table, urlWith, when } from './admin-kit.js';
import { listOrExplain } from './list-kit.js';

export async function termsPages(app: FastifyInstance, deps: AdminPageDeps): Promise<void> {
  const { kit, console, flash } = deps;

  app.get<{ Querystring: Query }>('/console/terms', async (request, reply) => {
    const operator = request.operator!;
    const { found, problem } = await listOrExplain(
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
<p>New terms become current at once: every employee must approve them again, and every partner hears of it (<code>terms.published</code>). Publishing an existing code makes that version current again.</p>
<form method="post" action="/console/terms">
${kit.csrfField(request)}
<p><label for="code">Code</label><br><input id="code" name="code" type="text" required maxlength="64" pattern="[A-Za-z0-9][A-Za-z0-9._\\-]{0,63}" aria-describedby="code-help"><br><small id="code-help" class="muted">Letters, digits, dots, dashes or underscores, for example 2026-12.</small></p>
<p><label for="title">Title</label><br><input id="title" name="title" type="text" required maxlength="255"></p>
<p><label for="url">Where the terms can be read (URL)</label><br><input id="url" name="url" type="url" required maxlength="2048"></p>
<button type="submit">Publish terms</button>
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
${pager({
  newer: page > 1 ? urlWith('/console/terms', { page: page - 1 }) : null,
  older: found?.has_more ? urlWith('/console/terms', { page: page + 1 }) : null,
})}`
}
${publish}`,
      '/console/terms',
    );
  });

  app.post<{ Body: Form }>('/console/terms', { config: { permission: 'publish_terms' } }, (request, reply) =>
    act(deps, request, reply, '/console/terms', async () => {
      const body = request.body ?? {};
      const published = await console.admin.publishTerms(request.operator!, {
        code: body.code ?? '',
        title: body.title ?? '',
        url: body.url ?? '',
      });
      return { to: '/console/terms', message: `Terms ${published.code} are now current.` };
    }),
  );
}
