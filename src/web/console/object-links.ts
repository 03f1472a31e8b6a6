/** Where the console shows an object the audit log names (`payout:12` → its page), for links from lists and the log. */
import { html, type SafeHtml } from '../html.js';

const PAGES: Record<string, (id: string) => string> = {
  payout: (id) => `/console/payouts/${id}`,
  user: (id) => `/console/employees/${id}`,
  invoice: (id) => `/console/invoices/${id}`,
  partner: (id) => `/console/partners/${id}`,
  bank_file: (id) => `/console/bank/files/${id}`,
};

/** The page of an audit object (`payout:12`), or null when it has none. */
export function objectPage(object: string): string | null {
  const colon = object.indexOf(':');
  if (colon === -1) return null;
  const id = object.slice(colon + 1);
  if (!/^\d{1,18}$/.test(id)) return null;
  return PAGES[object.slice(0, colon)]?.(id) ?? null;
}

/** The audit log filtered to one object. */
export function auditObjectLink(object: string): string {
  return `/console/audit?object=${encodeURIComponent(object)}`;
}

/** The audit log's object cell: the object's page where it has one, and its entries in the log. */
export function objectCell(object: string): SafeHtml {
  const page = objectPage(object);
  const entries = html`<a href="${auditObjectLink(object)}" style="white-space:nowrap">${object}</a>`;
  return page
    ? html`${entries} <a href="${page}" style="white-space:nowrap"><small>open<span class="visually-hidden"> ${object}</span></small></a>`
    : entries;
}
