/** What the console's lists share: reading query and form fields, a pager that keeps the filter, and a flash line after a redirect. */
import { parseId } from '../../ids.js';
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

export function pageNumber(source: Query | undefined): number {
  const page = Number(field(source, 'page'));
  return Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1;
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

/** A date field's value when it is YYYY-MM-DD, else undefined. */
export function dateParam(value: string): string | undefined {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
}

/** An id parameter (src/ids.ts's rule), else undefined. */
export function idParam(value: string): number | undefined {
  return parseId(value) ?? undefined;
}

export function flash(message: string | undefined, tone: 'ok' | 'bad' = 'ok'): SafeHtml {
  return message ? html`<p class="notice ${tone}" role="status">${message}</p>` : html``;
}
