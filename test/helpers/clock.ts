import type { Clock } from '../../src/clock.js';

/** A clock that only moves when the test moves it. */
export class ManualClock implements Clock {
  private ms: number;

  constructor(start: string | Date = '2026-11-21T10:00:00.000Z') {
    this.ms = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.ms);
  }

  advance(ms: number): void {
    this.ms += ms;
  }

  set(at: string | Date): void {
    this.ms = new Date(at).getTime();
  }
}
