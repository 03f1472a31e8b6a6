/**
 * A list's order as a repository takes it: a column the caller may name (a closed set per list,
 * each served by an index: docs/decisions.md §29, "Tables") and a direction. Never SQL text from a
 * query: each repository maps `by` to its own columns.
 */
export interface ListOrder<K extends string> {
  by: K;
  direction: 'asc' | 'desc';
}

/** The order a query names: `due_date` ascending, `-due_date` descending. */
export type OrderKey<K extends string> = K | `-${K}`;

/** `-due_date` → `{ by: 'due_date', direction: 'desc' }`. */
export function orderOf<K extends string>(key: OrderKey<K>): ListOrder<K> {
  return key.startsWith('-') ? { by: key.slice(1) as K, direction: 'desc' } : { by: key as K, direction: 'asc' };
}
