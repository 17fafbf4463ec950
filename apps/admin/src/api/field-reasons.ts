/** English text for the field reason codes of `request.invalid` (docs/api.md §1.3). */
import { isFieldReason, type FieldReason } from '@brokerage/contract';

const reasonText: Record<FieldReason, string> = {
  required: 'is required',
  type: 'has the wrong type',
  format: 'has the wrong format',
  enum: 'is not one of the allowed values',
  too_short: 'is too short',
  too_long: 'is too long',
  out_of_range: 'is out of range',
  not_integer: 'must be a whole number',
  not_decimal_string: 'must be a decimal string',
  too_many_decimals: 'has too many decimals',
  not_positive: 'must be greater than zero',
  mismatch: 'does not match',
  not_accepted: 'must be accepted',
  same_as_old: 'must differ from the old value',
  same_currency: 'must be a different currency',
  exclusive: 'conflicts with another field',
  not_allowed: 'is not allowed with the other fields',
  unknown_upload: 'refers to an unknown upload',
  file_too_large: 'is too large',
  file_type: 'has an unsupported file type',
  too_many: 'has too many entries',
};

/** "is required", or the raw reason when the server sends one this build does not know. */
export function fieldReasonText(reason: unknown): string {
  if (isFieldReason(reason)) return reasonText[reason];
  return typeof reason === 'string' ? reason : 'is invalid';
}

/** The `params.fields` of a `request.invalid` answer as field → reason code; empty when absent. */
export function invalidFields(params: Record<string, unknown>): Record<string, string> {
  const fields = params.fields;
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return {};
  const out: Record<string, string> = {};
  for (const [name, reason] of Object.entries(fields as Record<string, unknown>)) {
    out[name] = typeof reason === 'string' ? reason : 'invalid';
  }
  return out;
}

/** "value: has the wrong format; reason: is too short". */
export function describeInvalidFields(params: Record<string, unknown>): string {
  return Object.entries(invalidFields(params))
    .map(([name, reason]) => `${name}: ${fieldReasonText(reason)}`)
    .join('; ');
}

export interface SplitFields {
  /** Reasons for fields the form shows, by form field name. */
  inline: Record<string, string>;
  /** Everything else, as `[field path, reason]`, for an alert above the form. */
  others: [string, string][];
}

/**
 * Sorts the `request.invalid` fields between a form's own fields and the rest. A path into a list
 * (`instrumentIds.3`) belongs to the list's field; the first reason for a field wins.
 */
export function splitInvalidFields(params: Record<string, unknown>, formFields: readonly string[]): SplitFields {
  const split: SplitFields = { inline: {}, others: [] };
  for (const [path, reason] of Object.entries(invalidFields(params))) {
    const name = path.split('.')[0] ?? path;
    if (formFields.includes(name)) {
      if (!(name in split.inline)) split.inline[name] = reason;
    } else {
      split.others.push([path, reason]);
    }
  }
  return split;
}
