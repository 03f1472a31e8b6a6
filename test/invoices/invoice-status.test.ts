import { describe, expect, it } from 'vitest';
import type { PayoutStatus } from '../../src/db/database.js';
import { invoiceStatusOf } from '../../src/modules/payouts/index.js';

const of = (counts: Partial<Record<PayoutStatus, number>>) =>
  invoiceStatusOf(new Map(Object.entries(counts) as Array<[PayoutStatus, number]>));

/** An invoice's status from its payouts' (docs/decisions.md §24). */
describe('invoiceStatusOf', () => {
  it.each([
    [{ pending: 3 }, 'pending'],
    [{}, 'pending'],
    [{ pending: 1, processing: 2 }, 'processing'],
    [{ pending: 1, paid: 1 }, 'processing'],
    [{ failed: 1, paid: 2 }, 'processing'],
    [{ cancelled: 2 }, 'cancelled'],
    [{ paid: 2, cancelled: 1 }, 'paid'],
    [{ paid: 1 }, 'paid'],
  ] as const)('%o → %s', (counts, status) => {
    expect(of(counts)).toBe(status);
  });
});
