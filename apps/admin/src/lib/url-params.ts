/** Reading list filters and paging from the URL's search params, so reload and back keep them. */

/** The raw value when it is one of `values`, else undefined (a hand-edited URL falls back to "any"). */
export function oneOf<T extends string>(values: readonly T[], raw: string | null): T | undefined {
  return raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : undefined;
}

/** A whole number from 1 to `max`, else `fallback`. */
export function positiveInt(raw: string | null, fallback: number, max: number): number {
  if (raw === null || !/^\d{1,4}$/.test(raw)) return fallback;
  const value = Number.parseInt(raw, 10);
  return value >= 1 && value <= max ? value : fallback;
}
