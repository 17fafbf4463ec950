/** The reply envelope of docs/api.md §1.3, and the field reason codes of `request.invalid`. */
import type { Code } from './codes.js';
import { codeCatalogue } from './codes.js';

export interface Ok<T> {
  status: 1;
  msg: 'ok';
  data: T;
  /** Success key (`result.*.ok`) of a mutating call, or `list.empty`. */
  code?: Code;
}

export interface Fail {
  status: 0;
  msg: string;
  code: Code;
  params: Record<string, unknown>;
}

export type Envelope<T> = Ok<T> | Fail;

export interface ListPage<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

export const fieldReasons = [
  'required',
  'type',
  'format',
  'enum',
  'too_short',
  'too_long',
  'out_of_range',
  'not_integer',
  'not_decimal_string',
  'too_many_decimals',
  'not_positive',
  'mismatch',
  'not_accepted',
  'same_as_old',
  'same_currency',
  'exclusive',
  'not_allowed',
  'unknown_upload',
  'file_too_large',
  'file_type',
  'too_many',
] as const;
export type FieldReason = (typeof fieldReasons)[number];

export function isFieldReason(value: unknown): value is FieldReason {
  return typeof value === 'string' && (fieldReasons as readonly string[]).includes(value);
}

/** Fills `{name}` placeholders of a text from params; unknown placeholders stay as they are. */
export function fillPlaceholders(text: string, params: Record<string, unknown>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

/** The English text of a code with its params filled in (the `msg` of a rejection). */
export function englishMessage(code: Code, params: Record<string, unknown> = {}): string {
  return fillPlaceholders(codeCatalogue[code].en, params);
}

export function httpStatusOf(code: Code): number {
  return codeCatalogue[code].http;
}
