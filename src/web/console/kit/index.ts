/**
 * The console kit: the one way to build a console page (docs/decisions.md §29; docs/console.md,
 * "Building a page"). Pages import from here only.
 */
export { act, intOf, operatorOf, type PageDeps } from './forms.js';
export { Fields, FormFields, IdParams, PerPage, Sort, Text, unfitFields, unfitRead } from './fields.js';
export { chip } from './chips.js';
export {
  ago,
  count,
  csvLink,
  field,
  fields,
  listOrExplain,
  orderChoice,
  pager,
  perPageChoice,
  sendCsv,
  table,
  urlWith,
  when,
  type Cell,
  type Column,
  type Form,
  type Paging,
  type Query,
  type Sorted,
} from './lists.js';
export { createConsoleKit, type ConsoleKit } from './session.js';
