/** The console's view of a delivery body (docs/decisions.md §26): personal fields masked wherever they sit, bounded length. */
import { describe, expect, it } from 'vitest';
import { SHOWN_BODY_CHARS, shownBody } from '../../src/modules/webhooks/index.js';

const event = {
  id: 'evt_1',
  type: 'user.updated',
  sequence: 4,
  data: {
    object: {
      id: '7',
      name: 'Kari Nordmann',
      phone: '41234567',
      address: 'Storgata 1',
      postal_code: '0155',
      city: 'Oslo',
      bank_account_number: '12345678903',
      bank_iban_number: null,
      nested: [{ identification: '17059012355', birthday: '1990-05-17', document_id: 'FH1234567' }],
    },
    previous_attributes: { bank_account_number: '98765432109' },
  },
};

describe('a delivery body as the console shows it', () => {
  it('masks every personal field, nested and in previous_attributes, keeping the rest and the last 4 characters', () => {
    const shown = shownBody(JSON.stringify(event), false);
    for (const clear of [
      '41234567',
      'Storgata 1',
      '0155',
      '12345678903',
      '98765432109',
      '17059012355',
      '1990-05-17',
      'FH1234567',
    ])
      expect(shown.text).not.toContain(clear);
    expect(shown.text).toContain('"bank_account_number": "•••••••8903"');
    expect(shown.text).toContain('"postal_code": "•••••••"');
    expect(shown.text).toContain('"bank_iban_number": null');
    expect(shown.text).toContain('"name": "Kari Nordmann"');
    expect(shown.personal).toEqual([
      'address',
      'bank_account_number',
      'birthday',
      'city',
      'document_id',
      'identification',
      'phone',
      'postal_code',
    ]);
    expect(shown.truncated).toBe(false);
  });

  it('revealed, shows the values; a long body is cut after SHOWN_BODY_CHARS and says so; not JSON is not shown masked', () => {
    expect(shownBody(JSON.stringify(event), true).text).toContain('"bank_account_number": "12345678903"');
    const long = shownBody(JSON.stringify({ ...event, padding: 'x'.repeat(10_000) }), false);
    expect(long.text).toHaveLength(SHOWN_BODY_CHARS);
    expect(long.truncated).toBe(true);
    expect(long.bytes).toBeGreaterThan(10_000);
    expect(shownBody('phone=41234567', false).text).toBe('(not JSON: not shown)');
  });
});
