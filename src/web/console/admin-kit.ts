/** What the administration pages share: their dependencies, a form's post-redirect-get, paging links, query parsing. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { parseId } from '../../ids.js';
import type { ConsoleService } from '../../modules/console/index.js';
import type { Permission } from '../../modules/operators/index.js';
import { html, type SafeHtml } from '../html.js';
import type { ConsoleKit } from './console-kit.js';
import type { Flash, FlashStore } from './flash.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a console form needs (PERMISSIONS in src/modules/operators). The action checks it itself;
     * the declaration lets test/console/matrix.test.ts try every form with every role.
     */
    permission?: Permission;
  }
}

export interface AdminPageDeps {
  kit: ConsoleKit;
  console: ConsoleService;
  flash: FlashStore;
}

export type Query = Record<string, string | undefined>;
export type Form = Record<string, string | undefined>;

/** An id (or page number) from a query or a path: src/ids.ts's rule, so nothing out of the databases' range reaches a query. */
export function intOf(value: string | undefined): number | null {
  return value === undefined ? null : parseId(value);
}

/** A form's outcome: on success, a 303 to `to` with the confirmation; on a refusal or bad input, the problem page. */
export async function act(
  { kit, flash }: AdminPageDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  back: string,
  work: () => Promise<{ to: string } & Flash>,
): Promise<FastifyReply> {
  try {
    const { to, ...shown } = await work();
    flash.set(request, reply, shown);
    return reply.redirect(to, 303);
  } catch (error) {
    return kit.problem(request, reply, inFormWords(error), back);
  }
}

/** The fields the services name as command-line options (`--rate`), as a form labels them. */
const FIELD_WORDS: Record<string, string> = {
  name: 'The name',
  rate: 'The fee',
  code: 'The code',
  title: 'The title',
  url: 'The address',
};

function plain(text: string): string {
  return text
    .replace(/--([a-z]+)/g, (option, name: string) => FIELD_WORDS[name] ?? option)
    .replace(/run `onpay return-url (approve|reject|revoke) \d+`/, (_, command: string) => `${command} it instead`);
}

/** A service's error, worded for the form that caused it rather than for the command line. */
export function inFormWords(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  const fields = error.fieldErrors
    ? Object.fromEntries(Object.entries(error.fieldErrors).map(([field, problems]) => [field, problems.map(plain)]))
    : undefined;
  return new AppError(error.code, plain(error.message), fields, error.details);
}

/** `/path?a=1&b=2` from the non-empty values. */
export function urlWith(path: string, params: Record<string, string | number | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    if (value !== null && value !== undefined && value !== '') query.set(name, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** Paging links under a list; each is a plain link, so paging works without JavaScript. */
export function pager(links: {
  newer?: string | null;
  older?: string | null;
  newerLabel?: string;
  olderLabel?: string;
}): SafeHtml {
  const items = [
    links.newer ? html`<a href="${links.newer}">${links.newerLabel ?? 'Previous page'}</a>` : null,
    links.older ? html`<a href="${links.older}" rel="next">${links.olderLabel ?? 'Next page'}</a>` : null,
  ].filter((item): item is SafeHtml => item !== null);
  return items.length ? html`<nav class="console" aria-label="Pages">${items}</nav>` : html``;
}

export interface Column {
  label: string;
  /** Right-aligned figures. */
  num?: boolean;
  /** A column of buttons: its heading is for screen readers only. */
  action?: boolean;
}

export type Cell = SafeHtml | string | number | null;

/**
 * A table, or a sentence when there is nothing to show. On a phone each row becomes a small card
 * (`table.stack`), every cell preceded by its column's name, so nothing is squeezed to a letter a
 * line.
 */
export function table(
  caption: string,
  columns: readonly Column[],
  rows: ReadonlyArray<readonly Cell[]>,
  empty: string,
): SafeHtml {
  if (rows.length === 0) return html`<p>${empty}</p>`;
  const head = columns.map(
    (c) =>
      html`<th scope="col"${c.num ? html` class="num"` : html``}>${c.action ? html`<span class="visually-hidden">${c.label}</span>` : c.label}</th>`,
  );
  const body = rows.map(
    (cells) =>
      html`<tr>${cells.map((cell, i) => {
        const column = columns[i]!;
        return html`<td${column.num ? html` class="num"` : html``}${column.action ? html`` : html` data-label="${column.label}"`}>${cell ?? ''}</td>`;
      })}</tr>`,
  );
  return html`<div class="table-wrap"><table class="stack"><caption class="visually-hidden">${caption}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
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
