import { describe, expect, it } from 'vitest';
import { normaliseIdentification } from '../../src/modules/users/identity-numbers.js';
import { sandboxIdentity } from '../../src/modules/verification/providers/sandbox.js';

describe('sandboxIdentity', () => {
  it('gives every user a distinct, valid Norwegian synthetic number matching the birthday', () => {
    const seen = new Set<string>();
    for (let userId = 1; userId <= 5000; userId++) {
      const identity = sandboxIdentity(userId);
      expect(normaliseIdentification('NO', identity.identification)).toBe(identity.identification);
      // Synthetic test numbers: day as born, month + 80, two-digit year.
      const [year, month, day] = identity.birthday.split('-');
      expect(identity.identification.slice(0, 6)).toBe(`${day}${Number(month) + 80}${year!.slice(2)}`);
      seen.add(identity.identification);
    }
    expect(seen.size).toBe(5000);
  });
});
