/**
 * Reading a console list's filters from the text of a query or a form. A value that cannot be read
 * is never dropped (a dropped filter widens the list, and "select all matching" then selects what
 * the operator did not ask for): every unreadable one is named with the reason, in one 422, and the
 * page lists nothing until it is fixed (docs/console.md, "Filters").
 */
import { AppError, type FieldErrors } from '../../errors.js';
import { MAX_ID, parseId } from '../../ids.js';
import { orderOf, type ListOrder, type OrderKey } from '../../db/list-order.js';

/** A filter's text as the query or form sent it (a missing field and an empty one mean "any"). */
export type FilterText = Record<string, string | undefined>;

/** How one field is read: its value, or a sentence saying why it cannot be (without the label). */
export interface FilterRule<T> {
  label: string;
  read(text: string): { value: T } | { problem: string };
}

const article = (noun: string) => (/^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`);
const quoted = (text: string) => `“${text.length > 40 ? `${text.slice(0, 40)}…` : text}”`;

/** An id (src/ids.ts's rule): digits only, 1 to MAX_ID; empty means any. */
export function idFilter(label: string, noun: string): FilterRule<number | undefined> {
  return {
    label,
    read(text) {
      if (text === '') return { value: undefined };
      const id = parseId(text);
      if (id !== null) return { value: id };
      if (/^\d+$/.test(text) && Number(text) > MAX_ID)
        return { problem: `${quoted(text)} is larger than any ${noun} (at most ${MAX_ID}).` };
      if (/^[-+]?\d+$/.test(text) && Number(text) < 1)
        return { problem: `${quoted(text)} is not ${article(noun)}: they start at 1.` };
      return { problem: `${quoted(text)} is not ${article(noun)}: write the number in digits only, for example 42.` };
    },
  };
}

/** A calendar date, YYYY-MM-DD, that exists (not 2026-02-30); empty means any. */
export function dateFilter(label: string): FilterRule<string | undefined> {
  return {
    label,
    read(text) {
      if (text === '') return { value: undefined };
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
      const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
      if (!date || date.toISOString().slice(0, 10) !== text)
        return { problem: `${quoted(text)} is not a date: write it as YYYY-MM-DD, for example 2026-04-01.` };
      return { value: text };
    },
  };
}

/** One of a closed list; empty means `fallback` (any, or a page's default). */
export function choiceFilter<T extends string>(
  label: string,
  choices: readonly T[],
  fallback?: T,
): FilterRule<T | undefined> {
  return {
    label,
    read(text) {
      if (text === '') return { value: fallback };
      if ((choices as readonly string[]).includes(text)) return { value: text as T };
      return { problem: `${quoted(text)} is not one of ${choices.join(', ')}.` };
    },
  };
}

/** Free text (a search), at most `max` characters; empty means none. */
export function textFilter(label: string, max: number): FilterRule<string | undefined> {
  return {
    label,
    read(text) {
      if (text === '') return { value: undefined };
      if (text.length > max) return { problem: `at most ${max} characters (this one has ${text.length}).` };
      return { value: text };
    },
  };
}

/** The highest page a list pages to (an offset past it is not a page anyone reaches by paging). */
export const MAX_PAGE = 1_000_000;

/**
 * A list's order (the `sort` field: `due_date`, `-due_date` descending), one of `keys`, the orders
 * an index serves (docs/decisions.md §29, "Tables"); empty means `fallback`.
 */
export function orderFilter<K extends string>(
  keys: readonly OrderKey<K>[],
  fallback: OrderKey<K>,
): FilterRule<ListOrder<K>> {
  const choice = choiceFilter('Order', keys, fallback);
  return {
    label: choice.label,
    read(text) {
      const read = choice.read(text);
      return 'problem' in read ? read : { value: orderOf(read.value ?? fallback) };
    },
  };
}

/** A page number from 1; empty means the first page. */
export const pageFilter: FilterRule<number> = {
  label: 'Page',
  read(text) {
    if (text === '') return { value: 1 };
    if (/^[1-9]\d{0,6}$/.test(text) && Number(text) <= MAX_PAGE) return { value: Number(text) };
    return { problem: `${quoted(text)} is not a page number (1 to ${MAX_PAGE}).` };
  },
};

/** A paging position (the id of the last entry shown), from the list's own "next page" link; empty means the start. */
export const positionFilter: FilterRule<number | undefined> = idFilter('Page position', 'position in the list');

type Values<R extends Record<string, FilterRule<unknown>>> = {
  [K in keyof R]: R[K] extends FilterRule<infer T> ? T : never;
};

/**
 * Every field of `rules` read from `text` (trimmed), or one 422 naming each field that cannot be
 * read: "Invoice: “#9” is not an invoice number: …", keyed by the field's name.
 */
export function readFilters<R extends Record<string, FilterRule<unknown>>>(rules: R, text: FilterText): Values<R> {
  const errors: FieldErrors = {};
  const values: Record<string, unknown> = {};
  for (const [name, rule] of Object.entries(rules)) {
    const read = rule.read((text[name] ?? '').trim());
    if ('problem' in read) errors[name] = [`${rule.label}: ${read.problem}`];
    else values[name] = read.value;
  }
  if (Object.keys(errors).length > 0) throw AppError.fields(errors);
  return values as Values<R>;
}

/** A date range whose start lies after its end matches nothing: said, not silently listed empty. */
export function checkRange(
  from: { name: string; label: string; value: string | undefined },
  to: { name: string; label: string; value: string | undefined },
): void {
  if (from.value !== undefined && to.value !== undefined && from.value > to.value)
    throw AppError.field(
      to.name,
      `${from.label} (${from.value}) is after ${to.label.toLowerCase()} (${to.value}): nothing can lie between them. Swap them or change one.`,
    );
}
