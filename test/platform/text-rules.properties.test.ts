/**
 * The text rule, as a property over random full-Unicode text sent through the API: within each
 * field's length limit, a text with a forbidden character is never stored, and one without is
 * never refused for its characters (and is stored). The rule is stated here on its own, not
 * taken from the service.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { onboardedEmployee, type Employee } from '../helpers/employees.js';
import { expectUserPayload } from '../helpers/payload.js';
import { batch, item, stored } from '../helpers/payouts.js';
import { PROFILE, putProfile, createUser } from '../helpers/users.js';

/**
 * The oracle. Forbidden: C0 controls U+0000–U+001F, DEL U+007F, C1 controls U+0080–U+009F,
 * bidirectional embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069, and a surrogate
 * that is not half of a pair. A multi-line field may also hold tabs, `\n`, and `\r` right before
 * `\n`. Returns the first forbidden code point as `U+XXXX`, or null.
 */
function firstForbidden(text: string, multiline: boolean): string | null {
  const points = Array.from(text); // a pair is one element; an unpaired surrogate is one on its own
  for (let i = 0; i < points.length; i++) {
    const c = (points[i] as string).codePointAt(0) as number;
    const control = c <= 0x1f || (c >= 0x7f && c <= 0x9f);
    const bidi = (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
    const lone = c >= 0xd800 && c <= 0xdfff;
    const allowedBreak = multiline && (c === 0x09 || c === 0x0a || (c === 0x0d && points[i + 1] === '\n'));
    if ((control && !allowedBreak) || bidi || lone) return `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return null;
}

/** One code point of any kind, with the edge cases (forbidden ones, lone surrogates, line breaks, marks) well represented. */
const codePoint = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '\n',
      '\r',
      '\t',
      '\u200E',
      '\u200F',
      '\u061C',
      '\u2028',
      '\u00A0',
      '\uFEFF',
      ' ',
      'ø',
      '😀',
    ),
  },
  {
    weight: 2,
    arbitrary: fc
      .oneof(
        fc.integer({ min: 0, max: 0x1f }),
        fc.integer({ min: 0x7f, max: 0x9f }),
        fc.integer({ min: 0x202a, max: 0x202e }),
        fc.integer({ min: 0x2066, max: 0x2069 }),
        fc.integer({ min: 0xd800, max: 0xdfff }),
      )
      .map((c) => String.fromCharCode(c)),
  },
);

/** Text of at most `max` code points (the unit of the API's length limits). */
function text(max: number): fc.Arbitrary<string> {
  return fc
    .oneof(
      fc.string({ unit: codePoint, maxLength: Math.min(max, 64) }),
      fc.string({ unit: 'binary', maxLength: Math.min(max, 64) }),
      fc.string({ unit: 'grapheme', maxLength: 24 }),
      fc.string({ unit: codePoint, minLength: max - 2, maxLength: max }),
    )
    .map((s) => Array.from(s).slice(0, max).join(''));
}

/** The free-text fields of PUT/PATCH /users/{id}, with their limits. */
const USER_FIELDS = [
  { name: 'first_name', max: 254, multiline: false },
  { name: 'last_name', max: 254, multiline: false },
  { name: 'address', max: 255, multiline: false },
  { name: 'postal_code', max: 10, multiline: false },
  { name: 'city', max: 255, multiline: false },
  { name: 'note', max: 4096, multiline: true },
] as const;

const RUNS = { users: 150, payouts: 50 };

describe('text rule property (random full-Unicode text through the API)', () => {
  let t: TestApp;
  let acme: TestPartner;
  let kari: Employee;

  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    acme = await t.partner('Acme');
    kari = await onboardedEmployee(t, acme);
  });
  afterAll(() => t.close());

  it('user text fields: stored (trimmed) exactly when the text has no forbidden character', async () => {
    const { id } = await createUser(t, acme);
    await putProfile(t, acme, id);
    // What the API should show: the service trims text; a blank profile field is refused by another rule.
    const model: Record<string, string> = { ...PROFILE, note: '' };
    const shown = () => ({
      name: `${model.first_name} ${model.last_name}`,
      address: model.address,
      postal_code: model.postal_code,
      city: model.city,
      note: model.note,
    });
    const outcomes = { stored: 0, refused: 0 };

    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...USER_FIELDS).chain((field) => fc.tuple(fc.constant(field), text(field.max))),
        async ([field, value]) => {
          const res = await t.as(acme, {
            method: 'PATCH',
            url: `/api/v1/users/${id}`,
            payload: { [field.name]: value },
          });
          const forbidden = firstForbidden(value, field.multiline);
          if (forbidden !== null) {
            outcomes.refused += 1;
            expect(res.statusCode, res.body).toBe(422);
            const problems = (res.json() as { errors: Record<string, string[]> }).errors[field.name] ?? [];
            expect(
              problems.some((p) => p.startsWith(`${field.name} must`) && p.endsWith(`(found ${forbidden}).`)),
              res.body,
            ).toBe(true);
          } else if (!field.multiline && value.trim() === '') {
            expect(res.statusCode, res.body).toBe(422);
            expect(res.json()).toMatchObject({ errors: { [field.name]: [`${field.name} must not be empty.`] } });
          } else {
            outcomes.stored += 1;
            expect(res.statusCode, res.body).toBe(200);
            model[field.name] = value.trim();
          }
          const read = expectUserPayload((await t.as(acme, { method: 'GET', url: `/api/v1/users/${id}` })).json());
          expect({
            name: read.name,
            address: read.address,
            postal_code: read.postal_code,
            city: read.city,
            note: read.note,
          }).toEqual(shown());
        },
      ),
      { numRuns: RUNS.users },
    );
    // Both sides of the rule were tried, not just one.
    expect(outcomes.stored).toBeGreaterThan(RUNS.users / 10);
    expect(outcomes.refused).toBeGreaterThan(RUNS.users / 10);
  });

  it('payout item description: a payout is created, with the text as sent, exactly when it has no forbidden character', async () => {
    const outcomes = { stored: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(text(255), async (description) => {
        const before = await stored(t, acme.partnerId);
        const res = await t.as(acme, {
          method: 'POST',
          url: '/api/v1/payouts',
          payload: batch([item(kari, { description })]),
        });
        const forbidden = firstForbidden(description, false);
        if (forbidden !== null) {
          outcomes.refused += 1;
          expect(res.statusCode, res.body).toBe(422);
          expect(
            (res.json() as { errors: Record<string, string[]> }).errors['payouts.0.description']?.[0],
            res.body,
          ).toMatch(new RegExp(`^payouts\\.0\\.description must .*\\(found ${forbidden.replace('+', '\\+')}\\)\\.$`));
          expect(await stored(t, acme.partnerId)).toEqual(before);
        } else {
          outcomes.stored += 1;
          expect(res.statusCode, res.body).toBe(201);
          const payoutId = (res.json() as { payout_ids: number[] }).payout_ids[0] as number;
          const payout = await t.as(acme, { method: 'GET', url: `/api/v1/payouts/${payoutId}` });
          expect((payout.json() as { description: string }).description).toBe(description);
        }
      }),
      { numRuns: RUNS.payouts },
    );
    expect(outcomes.stored).toBeGreaterThan(RUNS.payouts / 10);
    expect(outcomes.refused).toBeGreaterThan(RUNS.payouts / 10);
  });
});
