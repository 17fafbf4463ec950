/** Settings of a benchmark from its environment variables. */

/** A positive whole number from `name`, or `fallback` when the variable is unset or blank; anything else stops the run. */
export function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number.parseInt(raw, 10);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}
