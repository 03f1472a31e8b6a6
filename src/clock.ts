/** Time as a dependency, so tests move it instead of waiting for it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The storage and wire form of a timestamp: ISO 8601 UTC with milliseconds. */
export function isoNow(clock: Clock): string {
  return clock.now().toISOString();
}

/** `ms` milliseconds after `date` (before it, when negative). */
export function addMs(date: Date, ms: number): Date {
  return new Date(date.getTime() + ms);
}
