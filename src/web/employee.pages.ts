import { createHmac } from 'node:crypto';
import '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { osloDay } from '../modules/bank/index.js';
import { formatAmount, fromMinorUnits, sumAmounts, toDecimal } from '../modules/payouts/index.js';
import type { EmployeeSession, PortalPayoutDetail, PortalService } from '../modules/portal/index.js';
import { linkName, ONBOARDING_STEPS, type Onboarding, type OnboardingStep } from '../modules/users/index.js';
import { safeEqual } from '../platform/secrets.js';
import { formatKroner } from './money.js';
import { html, messagePage, page, type SafeHtml } from './html.js';
import { SESSION_COOKIE } from './login.pages.js';
import { pageHeaders } from './security.js';

export interface EmployeePagesDeps {
  portal: Pick<PortalService, 'sessionOf' | 'signOut' | 'home' | 'payout'>;
  /** The person's own payout as a statement PDF; null unless it is theirs (docs/decisions.md §24). */
  statement: (session: EmployeeSession, rawPayoutId: string) => Promise<Buffer | null>;
  signingSecret: string;
  secureCookies: boolean;
}

const STEP_LABEL: Record<OnboardingStep, string> = {
  email_verified: 'E-mail address confirmed',
  terms_approved: 'Terms approved',
  profile: 'Profile registered',
  id_verification: 'Identity verified',
  bank_account: 'Bank account registered',
};

const STATUS_LABEL: Record<string, string> = {
  pending: 'Being paid',
  processing: 'Sent to the bank',
  paid: 'Paid',
  cancelled: 'Cancelled',
  failed: 'Payment failed',
};

/** The bank's reason codes (ISO 20022) in plain words; anything else says the bank gave no reason we know. */
const FAILURE_WORDS: Record<string, string> = {
  AC01: 'the account number is wrong',
  AC03: 'the account number is wrong',
  AC04: 'the account is closed',
  AC06: 'the account is blocked',
  AG01: 'the account cannot receive this kind of payment',
  AM04: 'the paying bank could not cover it',
  BE04: 'the account holder’s name or address is missing',
  MD07: 'the account holder has died',
  MS02: 'the receiving bank refused it',
  MS03: 'the bank did not say why',
  NARR: 'the bank did not say why',
  MANUAL: 'onpay stopped it',
};

// Non-breaking spaces keep "1 875,00 kr" and "15 Mar 2026" on one line in narrow phone tables.
const NBSP = '\u00a0';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const QUANTITY = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 4 });

const kroner = formatKroner;

/** The name the identity providers reported, when every verification that reported one agrees (else none). */
function personName(links: ReadonlyArray<{ link: { verified_name: string | null } }>): string | null {
  const names = new Set(links.map(({ link }) => link.verified_name).filter((name) => name !== null));
  return names.size === 1 ? ([...names][0] as string) : null;
}

function nok(minor: number): string {
  return kroner(fromMinorUnits(minor));
}

/** A date (YYYY-MM-DD, or the UTC day of a timestamp) as `<time>`, readable: "15 Mar 2026". */
function day(value: string): SafeHtml {
  const iso = value.length === 10 ? value : new Date(value).toISOString().slice(0, 10);
  const [year, month, date] = iso.split('-');
  return html`<time datetime="${iso}">${Number(date)}${NBSP}${MONTHS[Number(month) - 1] ?? month}${NBSP}${year}</time>`;
}

/** What happened with the bank, in plain words: sent on …, paid on …, or what went wrong. */
function bankLine(payout: PortalPayoutDetail): SafeHtml {
  const { bank } = payout;
  // Bank dates are Norwegian calendar days (a booking on the 27th is paid_at 23:00 UTC on the 26th).
  const osloDate = (timestamp: string) => day(osloDay(new Date(timestamp)));
  const sent = bank.sentAt
    ? html`Sent to the bank on ${osloDate(bank.sentAt)}${bank.executionDate ? html`, to be paid on ${day(bank.executionDate)}` : html``}. `
    : html``;
  if (payout.status === 'processing') return html`<p>${sent}The bank has not confirmed it yet.</p>`;
  if (payout.status === 'paid' && payout.paid_at)
    return bank.settledByBank
      ? html`<p>Paid on ${osloDate(payout.paid_at)}: the bank booked it.</p>`
      : html`<p>Paid on ${osloDate(payout.paid_at)} (marked paid by onpay: paid another way).</p>`;
  if (payout.status === 'failed') {
    const reason = FAILURE_WORDS[payout.failure_code ?? ''] ?? 'the bank gave a reason onpay does not know';
    return html`<p>${sent}The payment failed: ${reason}${payout.failure_code && payout.failure_code !== 'MANUAL' ? html` (bank code ${payout.failure_code})` : html``}. ${payout.partner_name} sees the same reason; once it is fixed (a new account number, for example), the payment is sent again.</p>`;
  }
  if (payout.status === 'pending') return html`<p>Waiting to be sent to the bank.</p>`;
  return html``;
}

/** A product's price as sent (at most 2 decimals), in kroner. */
function amount(value: string | number): string {
  return kroner(formatAmount(toDecimal(value, 'amount')));
}

/** The employee's own pages, reached through a login link: home, one payout, sign-out. */
export async function employeePages(app: FastifyInstance, deps: EmployeePagesDeps): Promise<void> {
  const csrfFor = (sessionToken: string) =>
    createHmac('sha256', deps.signingSecret).update(`csrf:${sessionToken}`).digest('base64url');

  async function signedIn(request: FastifyRequest, reply: FastifyReply): Promise<EmployeeSession | null> {
    const session = await deps.portal.sessionOf(request.cookies[SESSION_COOKIE]);
    if (session === null) {
      pageHeaders(reply.status(401)).send(
        messagePage(
          'Please sign in',
          'Open the login link from your employer or from your e-mail to see this page. Links work once, for 24 hours.',
          html`<p><a class="button" href="/login">Sign in with your e-mail</a></p>`,
        ),
      );
    }
    return session;
  }

  function checklist(onboarding: Onboarding): SafeHtml {
    const steps = ONBOARDING_STEPS.map(
      (step) =>
        html`<li class="${onboarding.steps[step] ? 'done' : ''}">${STEP_LABEL[step]}${onboarding.steps[step] ? html`<span class="visually-hidden"> (done)</span>` : html`<span class="visually-hidden"> (not yet)</span>`}</li>`,
    );
    return html`<p>${onboarding.is_onboarded ? 'You are ready to be paid.' : 'A few steps remain before you can be paid:'}</p>
<ul class="checklist">${steps}</ul>`;
  }

  function signOutForm(request: FastifyRequest): SafeHtml {
    const token = request.cookies[SESSION_COOKIE] ?? '';
    return html`<form method="post" action="/me/logout"><input type="hidden" name="csrf" value="${csrfFor(token)}"><button type="submit" class="secondary">Sign out</button></form>`;
  }

  app.get('/me', async (request, reply) => {
    const session = await signedIn(request, reply);
    if (session === null) return reply;
    const home = await deps.portal.home(session);
    if (!home)
      return pageHeaders(reply.status(404)).send(messagePage('Account not found', 'This account no longer exists.'));
    const rows = home.payouts.map(
      // Three columns, the employer under the date: four do not fit a phone's width.
      (p) =>
        html`<tr><td><a href="/me/payouts/${p.id}">${day(p.date)}</a><br><small>${p.partner_name}</small></td><td class="num">${nok(p.net_salary + p.net_vacation)}</td><td>${STATUS_LABEL[p.status] ?? p.status}</td></tr>`,
    );
    const payouts = rows.length
      ? html`<table><caption class="visually-hidden">Recent payouts</caption><thead><tr><th scope="col">Payout</th><th scope="col" class="num">Net</th><th scope="col">Status</th></tr></thead><tbody>${rows}</tbody></table>`
      : html`<p>No payouts yet.</p>`;
    // A partner's link shows that partner's records only; the person's own sign-in shows all of them.
    const body =
      home.scope === 'partner'
        ? html`<h1>Hello, ${linkName(home.view.link) || home.view.user.email}</h1>
<p class="muted">Your account with ${home.partnerName}. <a href="/login">Sign in with your e-mail</a> to see payouts from every employer.</p>
<h2>Onboarding</h2>
${checklist(home.view.onboarding)}
<h2>Recent payouts</h2>
${payouts}`
        : html`<h1>Hello, ${personName(home.view.links) ?? home.view.user.email}</h1>
<p class="muted">Signed in as ${home.view.user.email}: your payouts from every employer.</p>
<h2>Recent payouts</h2>
${payouts}
${home.view.links.map((l) => html`<h2>Onboarding with ${home.view.partnerNames.get(l.link.partner_id) ?? 'your employer'}</h2>${checklist(l.onboarding)}`)}`;
    return pageHeaders(reply).send(page({ title: 'Your account', body: html`${body}${signOutForm(request)}` }));
  });

  app.get<{ Params: { id: string } }>('/me/payouts/:id', async (request, reply) => {
    const session = await signedIn(request, reply);
    if (session === null) return reply;
    const payout = await deps.portal.payout(session, request.params.id);
    if (!payout)
      return pageHeaders(reply.status(404)).send(
        messagePage('Payout not found', 'There is no such payout in your account.'),
      );
    const products = (
      JSON.parse(payout.products) as Array<{ quantity: string; price: string; description: string }>
    ).map(
      (p) =>
        html`<tr><td>${p.description}</td><td class="num">${QUANTITY.format(p.quantity as unknown as number)}</td><td class="num">${amount(p.price)}</td><td class="num">${kroner(formatAmount(toDecimal(p.quantity, 'quantity').times(toDecimal(p.price, 'price'))))}</td></tr>`,
    );
    const withheld = sumAmounts([
      fromMinorUnits(payout.withholding_salary),
      fromMinorUnits(payout.withholding_vacation),
    ]);
    const net = sumAmounts([fromMinorUnits(payout.net_salary), fromMinorUnits(payout.net_vacation)]);
    const line = (label: string, value: string) =>
      html`<tr><th scope="row">${label}</th><td class="num">${value}</td></tr>`;
    return pageHeaders(reply).send(
      page({
        title: `Payout ${payout.date}`,
        body: html`<p><a href="/me">← Your account</a></p>
<h1>Payout for ${day(payout.date)}</h1>
<p>From ${payout.partner_name}${payout.description ? html`: ${payout.description}` : html``}. Status: <strong>${STATUS_LABEL[payout.status] ?? payout.status}</strong>.</p>
${bankLine(payout)}
${payout.hours !== null ? html`<p>Hours: ${payout.hours}</p>` : html``}
<h2>Work</h2>
<table><thead><tr><th scope="col">Description</th><th scope="col" class="num">Quantity</th><th scope="col" class="num">Price</th><th scope="col" class="num">Amount</th></tr></thead><tbody>${products}</tbody></table>
<h2>Amounts</h2>
<table><tbody>
${line('Salary', nok(payout.salary))}
${line('Holiday pay (vacation)', nok(payout.vacation))}
${line('Tax withheld', kroner(withheld))}
${line('Net salary', nok(payout.net_salary))}
${line('Net holiday pay', nok(payout.net_vacation))}
${line('You receive', kroner(net))}
${line('Pension (paid by the employer)', nok(payout.pension))}
</tbody></table>
<p><a href="/me/payouts/${payout.id}/statement.pdf" download="payout-${payout.id}.pdf">Download this payout as a PDF statement</a></p>
${signOutForm(request)}`,
      }),
    );
  });

  app.get<{ Params: { id: string } }>('/me/payouts/:id/statement.pdf', async (request, reply) => {
    const session = await signedIn(request, reply);
    if (session === null) return reply;
    const pdf = await deps.statement(session, request.params.id);
    if (!pdf)
      return pageHeaders(reply.status(404)).send(
        messagePage('Payout not found', 'There is no such payout in your account.'),
      );
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="payout-${Number(request.params.id)}.pdf"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  app.post<{ Body: { csrf?: string } }>('/me/logout', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      // A forged or stale form must not end the session, and must not claim it did either.
      if (!safeEqual(request.body?.csrf ?? '', csrfFor(token))) {
        return pageHeaders(reply.status(403)).send(
          messagePage(
            'You are still signed in',
            'The sign-out could not be confirmed. Go back to your account and press Sign out again.',
            html`<p><a class="button" href="/me">Your account</a></p>`,
          ),
        );
      }
      await deps.portal.signOut(token);
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: deps.secureCookies });
    return pageHeaders(reply).send(messagePage('Signed out', 'You are signed out. Use a new login link to come back.'));
  });
}
