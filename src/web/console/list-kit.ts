/** What the console's lists share: reading query and form fields, a pager that keeps the filter, and a flash line after a redirect. */
import type { FastifyReply } from 'fastify';
import type { ConsoleExport } from '../../modules/console/index.js';
import { can, type ConsoleOperator } from '../../modules/operators/index.js';
import { csvText, sendExport } from '../../platform/export-stream.js';
import { AppError } from '../../errors.js';
import { html, type SafeHtml } from '../html.js';
import { urlWith } from './admin-kit.js';

export type Query = Record<string, string | string[] | undefined>;

/** One text field of a query or form (the first, when repeated), trimmed; '' when absent. */
export function field(source: Query | undefined, name: string): string {
  const value = source?.[name];
  return (Array.isArray(value) ? (value[0] ?? '') : (value ?? '')).trim();
}

/** Every value of a repeated field (checkboxes). */
export function fields(source: Query | undefined, name: string): string[] {
  const value = source?.[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** The notice of a list whose filter cannot be read: each field named with why; nothing is listed. */
export function unreadableFilter(details: readonly string[]): SafeHtml {
  return html`<div class="notice bad" role="alert" id="filter-problem"><p>Nothing is shown: fix the filter first.</p><ul>${details.map((d) => html`<li>${d}</li>`)}</ul></div>`;
}

/**
 * A list's read: its result, or, when the action could not read the filter (a 422 naming fields),
 * `nothing` and the notice that names them, with the page answering 422. Other errors go on.
 */
export async function listOrExplain<T>(
  reply: FastifyReply,
  read: () => Promise<T>,
  nothing: T,
): Promise<{ found: T; problem: SafeHtml | null }> {
  try {
    return { found: await read(), problem: null };
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'validation_failed') throw error;
    reply.status(422);
    return { found: nothing, problem: unreadableFilter(Object.values(error.fieldErrors ?? {}).flat()) };
  }
}

/** "Page 2 of 7", with previous and next links that keep the filter. */
export function pager(
  path: string,
  params: Record<string, string | number | undefined>,
  page: number,
  perPage: number,
  total: number,
): SafeHtml {
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return html``;
  const prev =
    page > 1 ? html`<a href="${urlWith(path, { ...params, page: page - 1 })}" rel="prev">Previous page</a>` : html``;
  const next =
    page < pages ? html`<a href="${urlWith(path, { ...params, page: page + 1 })}" rel="next">Next page</a>` : html``;
  return html`<nav class="pager" aria-label="Pages"><span>Page ${Math.min(page, pages)} of ${pages}</span> ${prev} ${next}</nav>`;
}

export function flash(message: string | undefined, tone: 'ok' | 'bad' = 'ok'): SafeHtml {
  return message ? html`<p class="notice ${tone}" role="status">${message}</p>` : html``;
}

/** The list's filter as a CSV download (docs/console.md, "CSV downloads"), for the roles that may export. */
export function csvLink(operator: ConsoleOperator, path: string, params: Record<string, string | undefined>): SafeHtml {
  if (!can(operator.role, 'export_lists')) return html``;
  return html`<p><a href="${urlWith(path, params)}" download>Download every matching row as CSV</a></p>`;
}

/** Streams a console export as a CSV file named `name`.csv. */
export function sendCsv<T>(reply: FastifyReply, name: string, exported: ConsoleExport<T>): Promise<FastifyReply> {
  return sendExport(reply, {
    format: 'csv',
    name,
    chunks: exported.chunks,
    text: csvText(exported.columns),
    started: exported.started,
    ended: exported.ended,
  });
}
