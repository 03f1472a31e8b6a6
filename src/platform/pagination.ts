import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';

/** `page` (1-based) and `per_page` (1..100), docs/decisions.md §5. Anything else is a 422. */
export const PageQuery = Type.Object({
  page: Type.Integer({ minimum: 1, default: 1, description: '1-based page number; a page past the end is empty' }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 25, description: 'Rows per page, 1 to 100' }),
});
export type PageQuery = Static<typeof PageQuery>;

export function PaginatedList<T extends TSchema>(item: T) {
  return Type.Object(
    {
      total: Type.Integer({ description: 'Rows matching the query, over all pages' }),
      next: Type.String({ description: 'Absolute URL of the next page, or "" on the last page' }),
      previous: Type.String({ description: 'Absolute URL of the previous page, or "" on the first page' }),
      count: Type.Integer({ description: 'Rows in this page' }),
      results: Type.Array(item),
    },
    { additionalProperties: false },
  );
}

export interface Page<T> {
  total: number;
  next: string;
  previous: string;
  count: number;
  results: T[];
}

/**
 * No list here holds 2^31 rows (ids are 32-bit serials), so a larger offset is past the end of any
 * of them. It must not reach a query either: the databases refuse an offset beyond their integer
 * range (page=1e20).
 */
const MAX_OFFSET = 2 ** 31;

/** The rows a page asks for; null when the page lies past the end of any list (an empty page, without asking the database). */
export function pageOffset(query: PageQuery): { limit: number; offset: number } | null {
  const offset = (query.page - 1) * query.per_page;
  return offset < MAX_OFFSET ? { limit: query.per_page, offset } : null;
}

/** Builds the envelope; paging links keep every other query parameter of the request. */
export function toPage<T>(
  request: FastifyRequest,
  publicBaseUrl: string,
  query: PageQuery,
  total: number,
  results: T[],
): Page<T> {
  const url = new URL(request.url, 'http://placeholder');
  const link = (page: number): string => {
    const params = new URLSearchParams(url.search);
    params.set('page', String(page));
    params.set('per_page', String(query.per_page));
    return `${publicBaseUrl}${url.pathname}?${params.toString()}`;
  };
  const lastPage = Math.max(1, Math.ceil(total / query.per_page));
  return {
    total,
    next: query.page < lastPage ? link(query.page + 1) : '',
    previous: query.page > 1 ? link(Math.min(query.page - 1, lastPage)) : '',
    count: results.length,
    results,
  };
}
