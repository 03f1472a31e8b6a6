import type { FastifyInstance } from 'fastify';
import { formatKroner } from '../money.js';
import { html, type SafeHtml } from '../html.js';
import { operatorOf, type PageDeps } from './kit/index.js';

export async function dashboardPage(app: FastifyInstance, { kit, console }: PageDeps): Promise<void> {
  app.get('/console', async (request, reply) => {
    const board = await console.dashboard(operatorOf(request));
    const today = board.today;
    const card = (label: string, count: number, href: string | null, detail: string | SafeHtml = '') =>
      html`<div class="card"><div class="count">${count}</div>${href ? html`<a href="${href}">${label}</a>` : html`${label}`}${detail ? html`<br><small class="muted">${detail}</small>` : html``}</div>`;
    const due = board.payoutsPending.map(
      (row) =>
        html`<tr><td><a href="/console/payouts?status=pending&amp;due_from=${row.due_date}&amp;due_to=${row.due_date}">${row.due_date}</a></td><td class="num">${row.count}</td><td class="num">${formatKroner(row.net)}</td></tr>`,
    );
    return kit.render(
      request,
      reply,
      'Dashboard',
      html`<h1>Dashboard</h1>
<div class="cards">
${card('Return URLs awaiting a decision', board.returnUrlsAwaiting, '/console/return-urls?status=pending')}
${card('Verifications ending in an error today', board.verificationErrorsToday, `/console/employees/stuck?state=verification_error&changed_from=${today}`)}
${card('Different verified identities to review', board.identitiesToReview, '/console/employees/identity-review')}
${card('Payouts failed: rejected or returned by the bank (retry or cancel)', board.payoutsFailed.count, '/console/payouts?status=failed', formatKroner(board.payoutsFailed.net))}
${card('Payouts at the bank, not yet confirmed', board.payoutsAtTheBank.count, '/console/payouts?status=processing', html`${formatKroner(board.payoutsAtTheBank.net)}; <a href="/console/bank/import">import the bank's reports</a>`)}
${card('Webhook endpoints failing', board.webhooks.failing, '/console/webhooks?state=failing', html`${board.webhooks.disabled} disabled after failing for 5 days (<a href="/console/webhooks?state=disabled">disabled endpoints</a>)`)}
${card('Mail failing', board.mail.failed, '/console/mail?status=failed', `${board.mail.retrying} being retried, ${board.mail.pending} waiting`)}
</div>
<h2>Payouts pending, by due date</h2>
${
  due.length
    ? html`<div class="table-wrap"><table><thead><tr><th scope="col">Due date</th><th scope="col" class="num">Payouts</th><th scope="col" class="num">To pay out</th></tr></thead><tbody>${due}</tbody></table></div>`
    : html`<p>No payouts are pending.</p>`
}`,
      '/console',
    );
  });
}
