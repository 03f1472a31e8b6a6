/**
 * CtrlSum is the sum of the payouts' net amounts to the øre, for 1 000 random batches (fast-check),
 * and NbOfTxs their number, in the group header and in each PmtInf. An independent reference in
 * BigInt øre; the file read back as strings.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO_PAYER } from '../../src/config.js';
import { buildPain001 } from '../../src/modules/bank/pain001.js';
import { parsePain001 } from '../helpers/bank.js';

const asAmount = (ore: bigint) => `${ore / 100n}.${(ore % 100n).toString().padStart(2, '0')}`;

const transfer = fc.record({
  // From 0.01 to 10 000 000.00 NOK: larger than any one salary.
  amount: fc.integer({ min: 1, max: 1_000_000_000 }),
  foreign: fc.boolean(),
  day: fc.integer({ min: 1, max: 28 }),
});

describe('pain.001 control sums', () => {
  it('CtrlSum and NbOfTxs equal the reference sum and count, to the øre, for 1 000 random batches', () => {
    fc.assert(
      fc.property(fc.array(transfer, { minLength: 1, maxLength: 60 }), fc.boolean(), (transfers, v09) => {
        const groups = new Map<string, typeof transfers>();
        for (const t of transfers) {
          const key = `${t.day}:${t.foreign}`;
          groups.set(key, [...(groups.get(key) ?? []), t]);
        }
        const built = buildPain001({
          format: v09 ? 'pain.001.001.09' : 'pain.001.001.03',
          messageId: 'ONP-TEST',
          createdAt: '2026-11-25T10:00:00.000Z',
          payer: DEMO_PAYER,
          groups: [...groups.entries()].map(([key, list], g) => ({
            pmtInfId: `ONP-TEST-${g + 1}`,
            executionDate: `2026-12-${key.split(':')[0]!.padStart(2, '0')}`,
            domestic: !list[0]!.foreign,
            transfers: list.map((t, i) => ({
              traceId: `OP-1-${g}-${i}`,
              amount: t.amount,
              creditorName: 'Kari Nordmann',
              account: t.foreign
                ? { style: 'iban' as const, iban: 'DE89370400440532013000', bic: 'DEUTDEFF' }
                : { style: 'bban' as const, bban: '12345678903' },
              remittance: 'Salary',
            })),
          })),
        });
        const doc = parsePain001(built.bytes.toString('utf8'));
        const total = transfers.reduce((sum, t) => sum + BigInt(t.amount), 0n);
        expect(doc.GrpHdr.CtrlSum).toBe(asAmount(total));
        expect(doc.GrpHdr.NbOfTxs).toBe(String(transfers.length));
        expect(built.controlSum).toBe(Number(total));
        for (const info of doc.PmtInf) {
          const sum = info.CdtTrfTxInf.reduce((s, tx) => s + BigInt(tx.Amt.InstdAmt['#text'].replace('.', '')), 0n);
          expect(info.CtrlSum).toBe(asAmount(sum));
          expect(info.NbOfTxs).toBe(String(info.CdtTrfTxInf.length));
        }
      }),
      { numRuns: 1000 },
    );
  });
});
