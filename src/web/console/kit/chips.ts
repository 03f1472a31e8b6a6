/**
 * Statuses as chips: the status's own words in a small outlined label, its colour (good, bad,
 * waiting, neutral) only a second signal. The colours are the page's text colours for success and
 * failure and its muted text, so the contrast is the text's, in the light and the dark theme.
 */
import { html, type SafeHtml } from '../../html.js';

export type ChipTone = 'ok' | 'bad' | 'wait' | 'neutral';

/** The tone of the statuses the console shows (payouts, invoices, deliveries, endpoints, verifications, return URLs). */
const TONES: Record<string, ChipTone> = {
  paid: 'ok',
  delivered: 'ok',
  approved: 'ok',
  verified: 'ok',
  succeeded: 'ok',
  active: 'ok',
  enabled: 'ok',
  failed: 'bad',
  error: 'bad',
  rejected: 'bad',
  disabled: 'bad',
  failing: 'bad',
  cancelled: 'neutral',
  pending: 'wait',
  processing: 'wait',
  started: 'wait',
  waiting: 'wait',
};

/** A status as a chip: `<span class="chip chip-ok">paid</span>`; the text is the status, `_` written as a space. */
export function chip(status: string, tone: ChipTone = TONES[status] ?? 'neutral'): SafeHtml {
  return html`<span class="chip chip-${tone}">${status.replaceAll('_', ' ')}</span>`;
}
