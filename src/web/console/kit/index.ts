/**
 * The console kit: the one way to build a console page (docs/decisions.md §29; docs/console.md,
 * "Building a page"). Pages import from here only.
 */
export { act, intOf, operatorOf, type PageDeps } from './forms.js';
export { inFormWords } from './words.js';
export { Csrf, Fields, FormFields, IdParams, PerPage, Text, unfitFields, unfitProblems, unfitRead } from './fields.js';
export { chip, type ChipTone } from './chips.js';
export type { Flash, FlashStore } from './flash.js';
export {
  ago,
  count,
  csvLink,
  field,
  fields,
  listOrExplain,
  pager,
  perPageChoice,
  sendCsv,
  table,
  unreadableFilter,
  urlWith,
  when,
  type Cell,
  type Column,
  type Form,
  type Paging,
  type Query,
} from './lists.js';
export { createConsoleKit, NAV, type ConsoleKit, type ConsoleKitOptions } from './session.js';
