/** Wire types of docs/api.md §1.4 as zod schemas, each refusing with the reason codes of §1.3. */
import { z } from 'zod';
import { decimalPlaces, decimalStringPattern } from './money.js';

/** A decimal string > 0 with at most `maxScale` decimals; a JSON number is `not_decimal_string`. */
export function money(maxScale = 2) {
  return z
    .string({ error: (iss) => (iss.input === undefined ? 'required' : 'not_decimal_string') })
    .regex(decimalStringPattern, 'not_decimal_string')
    .refine((v) => !/^-?0+(\.0+)?$/.test(v) && !v.startsWith('-'), 'not_positive')
    .refine((v) => decimalPlaces(v) <= maxScale, 'too_many_decimals');
}

/** A money amount with no fractional part (`"100.00"` is 100). */
export function whole() {
  return money(20).refine((v) => /^\d+(\.0+)?$/.test(v), 'not_integer');
}

export const rate = z
  .string({ error: (iss) => (iss.input === undefined ? 'required' : 'not_decimal_string') })
  .regex(/^\d{1,6}(\.\d{1,8})?$/, 'format');

export const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'format');
export const requestId = z
  .string()
  .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, 'format');
export const timestamp = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/, 'format');
export const clock = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'format');
export const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'format');
/** Only the type error is named here; range checks fall through to the shared reason map. */
export const int = z
  .number({ error: (iss) => (iss.code !== 'invalid_type' ? undefined : iss.input === undefined ? 'required' : 'type') })
  .int('not_integer');

export const page = int.min(1).default(1);
export const size = int.min(1).max(300).default(20);
export const listRequest = z.object({ page, size });

/** `phone` of §7.1: optional leading `+`, then 6–20 digits. */
export const phone = z
  .string()
  .trim()
  .regex(/^\+?\d{6,20}$/, 'format');
/** Login password of §7.1: 8–32 characters with at least one letter and one digit. */
export const password = z
  .string()
  .min(8)
  .max(32)
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), 'format');
/** Fund password of §7.7: exactly 6 digits. */
export const fundPassword = z.string().regex(/^\d{6}$/, 'format');

export function listPage<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), size: z.number().int() });
}
