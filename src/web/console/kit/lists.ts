/** What the console's lists share: reading fields, tables, one pager, a list that explains an unreadable filter, CSV downloads, and how times and counts are written. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ConsoleExport } from '../../../modules/console/index.js';
import { can, type ConsoleOperator } from '../../../modules/operators/index.js';
import { csvText, sendExport } from '../../../platform/export-stream.js';
import { AppError } from '../../../errors.js';
import { html, type SafeHtml } from '../../html.js';
import { unfitFields } from './fields.js';

/** The text fields of a query or a form, as the console reads them (one value a name, but the payouts' `id`). */
export type Query = Record<string, string | string[] | undefined>;
/** A form's fields: the same shape as a query's. */
export type Form = Query;

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

/** `/path?a=1&b=2` from the non-empty values. */
export function urlWith(path: string, params: Record<string, string | number | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    if (value !== null && value !== undefined && value !== '') query.set(name, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The notice of a list whose filter cannot be read: each field named with why; nothing is listed. */
export function unreadableFilter(details: readonly string[]): SafeHtml {
  return html`<div class="notice bad" role="alert" id="filter-problem"><p>Nothing is shown: fix the filter first.</p><ul>${details.map((d) => html`<li>${d}</li>`)}</ul></div>`;
}

/**
 * A list's read: its result, or, when the query did not fit the route's schema or the action could
 * not read the filter (a 422 naming fields), `nothing` and the notice that names them, with the
 * page answering 422. Other errors go on.
 */
export async function listOrExplain<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  read: () => Promise<T>,
  nothing: T,
): Promise<{ found: T; problem: SafeHtml | null }> {
  const unfit = unfitFields(request);
  if (unfit) {
    reply.status(422);
    return { found: nothing, problem: unreadableFilter(unfit) };
  }
  try {
    return { found: await read(), problem: null };
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'validation_failed') throw error;
    reply.status(422);
    return { found: nothing, problem: unreadableFilter(Object.values(error.fieldErrors ?? {}).flat()) };
  }
}

/** Where a list is: a numbered page of a counted list, of a list that does not count its rows, or a position a list seeks from. */
export type Paging =
  | { page: number; perPage: number; total: number }
  | { page: number; hasMore: boolean }
  | { first: string | null; next: string | null; firstLabel?: string; nextLabel?: string };

/**
 * The one pager: "Page 2 of 7" (counted), "Page 2" (uncounted), or links back to the first page and
 * on (a list paged by position). Every link is plain and keeps the filter, so paging works without
 * JavaScript.
 */
export function pager(path: string, params: Record<string, string | number | null | undefined>, at: Paging): SafeHtml {
  const link = (page: number, rel: 'prev' | 'next', label: string) =>
    html`<a href="${urlWith(path, { ...params, page })}" rel="${rel}">${label}</a>`;
  if ('first' in at) {
    const items = [
      at.first ? html`<a href="${at.first}">${at.firstLabel ?? 'Previous page'}</a>` : null,
      at.next ? html`<a href="${at.next}" rel="next">${at.nextLabel ?? 'Next page'}</a>` : null,
    ].filter((item): item is SafeHtml => item !== null);
    return items.length ? html`<nav class="pager" aria-label="Pages">${items}</nav>` : html``;
  }
  const { page } = at;
  const pages = 'total' in at ? Math.max(1, Math.ceil(at.total / at.perPage)) : null;
  const hasMore = pages === null ? (at as { hasMore: boolean }).hasMore : page < pages;
  if (page <= 1 && !hasMore) return html``;
  const prev = page > 1 ? link(page - 1, 'prev', 'Previous page') : html``;
  const next = hasMore ? link(page + 1, 'next', 'Next page') : html``;
  const where = pages === null ? html`Page ${page}` : html`Page ${Math.min(page, pages)} of ${pages}`;
  return html`<nav class="pager" aria-label="Pages"><span>${where}</span> ${prev} ${next}</nav>`;
}

export interface Column {
  label: string;
  /** Right-aligned figures. */
  num?: boolean;
  /** A column of buttons: its heading is for screen readers only. */
  action?: boolean;
  /** Never wrapped (ids such as `payout:12`): the cell stays one line, on a phone too. */
  nowrap?: boolean;
  /**
   * The column sorts the list: the order its heading's link asks for first (`-id`: newest first;
   * `due_date`: earliest first); the link of the sorted column asks for the other direction.
   */
  sort?: string;
}

/** How a sortable table links its headings: the list's path, its query (filters, page size) and the order it is in. */
export interface Sorted {
  path: string;
  /** The list's query without its page and order (a new order starts again on page 1). */
  params: Record<string, string | number | null | undefined>;
  /** The order the rows are in (the list's default when the query names none). */
  current: string;
}

const ascending = (key: string) => key.replace(/^-/, '');

/** A column's heading: a link to the other order when it sorts the list, with `aria-sort` when the list is in its order. */
function heading(column: Column, sorted: Sorted | undefined): SafeHtml {
  const num = column.num ? html` class="num"` : html``;
  if (column.action) return html`<th scope="col"${num}><span class="visually-hidden">${column.label}</span></th>`;
  if (!column.sort || !sorted) return html`<th scope="col"${num}>${column.label}</th>`;
  const key = ascending(column.sort);
  const now = sorted.current === key ? 'ascending' : sorted.current === `-${key}` ? 'descending' : null;
  const next = now === 'ascending' ? `-${key}` : now === 'descending' ? key : column.sort;
  const href = urlWith(sorted.path, { ...sorted.params, sort: next });
  const arrow = now === 'ascending' ? ' ▲' : now === 'descending' ? ' ▼' : '';
  return html`<th scope="col"${num}${now ? html` aria-sort="${now}"` : html``}><a href="${href}">${column.label}<span aria-hidden="true">${arrow}</span></a></th>`;
}

export type Cell = SafeHtml | string | number | null;

/**
 * A table, or a sentence when there is nothing to show. On a phone each row becomes a small card
 * (`table.stack`), every cell preceded by its column's name, so nothing is squeezed to a letter a
 * line. A cell of several pieces (links and words) is one element, so that the card keeps it on one
 * side of its name. With `sorted`, the headings of the columns that declare `sort` link to the
 * list in their order, keeping its filters and page size (docs/console.md, "Building a page").
 */
export function table(
  caption: string,
  columns: readonly Column[],
  rows: ReadonlyArray<readonly Cell[]>,
  empty: string,
  options: { id?: string; sorted?: Sorted } = {},
): SafeHtml {
  if (rows.length === 0) return html`<p>${empty}</p>`;
  const head = columns.map((c) => heading(c, options.sorted));
  const body = rows.map(
    (cells) =>
      html`<tr>${cells.map((cell, i) => {
        const column = columns[i]!;
        const classes = [column.num ? 'num' : '', column.nowrap ? 'nowrap' : ''].filter(Boolean).join(' ');
        return html`<td${classes ? html` class="${classes}"` : html``}${column.action ? html`` : html` data-label="${column.label}"`}>${cell ?? ''}</td>`;
      })}</tr>`,
  );
  return html`<div class="table-wrap"><table class="stack"${options.id ? html` id="${options.id}"` : html``}><caption class="visually-hidden">${caption}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

/** The page-size choice of a list's filter form (a `per_page` select; the list's other fields stay as they are). */
export function perPageChoice(sizes: readonly number[], current: number): SafeHtml {
  return html`<label for="f-per-page">Rows per page<select id="f-per-page" name="per_page">${sizes.map((n) => html`<option value="${n}"${n === current ? html` selected` : html``}>${n}</option>`)}</select></label>`;
}

/**
 * The order choice of a list's filter form (a `sort` select, each order in words), so that filtering
 * keeps the order and a phone, whose cards have no headings, can choose one.
 */
export function orderChoice(orders: ReadonlyArray<readonly [key: string, words: string]>, current: string): SafeHtml {
  return html`<label for="f-sort">Order<select id="f-sort" name="sort">${orders.map(([key, words]) => html`<option value="${key}"${key === current ? html` selected` : html``}>${words}</option>`)}</select></label>`;
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

const COUNT = new Intl.NumberFormat('nb-NO');

/** A count as the pages write it, Norwegian style: `2 130`. */
export function count(n: number): string {
  return COUNT.format(n);
}

/** How long before `now` a time was, in words: `less than a minute ago`, `3 minutes ago`, `5 hours ago`, `12 days ago`. */
export function ago(iso: string, now: string): string {
  const minutes = Math.floor((Date.parse(now) - Date.parse(iso)) / 60_000);
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (minutes < 1) return 'less than a minute ago';
  if (minutes < 60) return plural(minutes, 'minute');
  if (minutes < 48 * 60) return plural(Math.floor(minutes / 60), 'hour');
  return plural(Math.floor(minutes / (24 * 60)), 'day');
}

/** `2026-11-23T10:04:05.123Z` → `2026-11-23 10:04 UTC`. */
export function when(iso: string | null): string {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : '';
}
