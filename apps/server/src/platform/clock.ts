/** The only source of "now" on the server, so tests can pin time. Dates are stored in UTC. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that tests move by hand. */
export class ManualClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current.getTime());
  }
  set(date: Date): void {
    this.current = new Date(date.getTime());
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** ISO-8601 UTC without milliseconds noise: `2025-03-14T15:30:00.000Z`. */
export function iso(date: Date): string {
  return date.toISOString();
}

/**
 * The system clock moved forward by an offset (test-only clock control, platform/test-clock.ts).
 * Time only moves forward: an offset never shrinks, so stored instants never come from the future.
 */
export class OffsetClock implements Clock {
  private offsetMs = 0;
  constructor(private readonly base: Clock = systemClock) {}
  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetMs);
  }
  get offset(): number {
    return this.offsetMs;
  }
  advance(ms: number): void {
    if (!Number.isSafeInteger(ms) || ms <= 0)
      throw new RangeError('OffsetClock.advance takes a positive whole number of milliseconds');
    this.offsetMs += ms;
  }
}
