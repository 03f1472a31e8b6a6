/** The console's words for the errors services report by field and code (docs/decisions.md §29). */
import { AppError } from '../../../errors.js';

/** How the console's forms label the fields the services name (a field not here is named as the service names it). */
const FORM_LABELS: Record<string, string> = {
  name: 'The name',
  rate: 'The fee',
  code: 'The code',
  title: 'The title',
  url: 'The address',
  percent: 'Withholding %',
  type: 'Tax type',
  table: 'Tax table',
  start: 'Valid from',
  free_card: 'Tax-free card',
  tax: 'The tax facts form',
  at: 'The payment time',
  reason: 'The reason',
};

/** What to press instead of a refused return-URL decision (the service names the decision). */
const INSTEAD: Record<string, string> = {
  revoke: 'To withdraw it, revoke it instead.',
  reject: 'To turn it down, reject it instead.',
  approve: 'To approve it, approve it again.',
};

/** A service's error in the console's words: fields by their form labels, what to do instead as a button. */
export function inFormWords(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  const instead = error.details?.instead;
  if (error.code === 'conflict' && typeof instead === 'string' && INSTEAD[instead])
    return new AppError(error.code, `${error.message} ${INSTEAD[instead]}`);
  return error.wordedFor((field) => FORM_LABELS[field] ?? field);
}
