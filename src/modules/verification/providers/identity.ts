/** Helpers shared by the real providers for what they report. */

/** A birth date as YYYY-MM-DD (OIDC `birthdate`); YYYYMMDD is accepted; a year alone or 0000 is not a birth date. */
export function normaliseBirthdate(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(raw.trim());
  if (!match || match[1] === '0000') return null;
  const iso = `${match[1]}-${match[2]}-${match[3]}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : null;
}

/** A non-empty trimmed string, or null (providers send null, numbers and blanks for "absent"). */
export function text(value: unknown): string | null {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** A provider's own error text is not ours to trust for length: outcome_reason keeps 250 characters of it (encrypted). */
export function shortReason(reason: string): string {
  return reason.length > 250 ? `${reason.slice(0, 247)}...` : reason;
}
