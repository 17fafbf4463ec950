/**
 * Turns zod issues into the per-field reason codes of docs/api.md §1.3. A schema that needs a
 * specific reason (mismatch, not_accepted, not_decimal_string...) puts the reason code in
 * its issue message; everything else is mapped from the kind of issue.
 */
import type { z } from 'zod';
import { isFieldReason, type FieldReason } from './envelope.js';

interface RawIssue {
  code?: string;
  input?: unknown;
  origin?: string;
  message?: string;
}

export function reasonOf(issue: RawIssue): FieldReason {
  if (isFieldReason(issue.message)) return issue.message;
  if (
    issue.input === undefined &&
    (issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_union')
  ) {
    return 'required';
  }
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'required' : 'type';
    case 'too_small':
      if (issue.origin === 'string' || issue.origin === 'array') return 'too_short';
      return 'out_of_range';
    case 'too_big':
      if (issue.origin === 'string') return 'too_long';
      if (issue.origin === 'array') return 'too_many';
      return 'out_of_range';
    case 'invalid_value':
      return 'enum';
    case 'invalid_format':
      return 'format';
    case 'not_multiple_of':
      return 'not_integer';
    default:
      return 'format';
  }
}

/** Pass as `{ error: reasonErrorMap }` to `safeParse`: every issue's message becomes its reason code. */
export const reasonErrorMap = (issue: RawIssue): { message: FieldReason } => ({ message: reasonOf(issue) });

/** `{ "a.b": "required" }`: the first reason per field path; a body that is not an object is `body`. */
export function fieldReasonsOf(error: z.ZodError): Record<string, FieldReason> {
  const fields: Record<string, FieldReason> = {};
  for (const issue of error.issues) {
    const path = issue.path.length === 0 ? 'body' : issue.path.map(String).join('.');
    if (!(path in fields)) fields[path] = isFieldReason(issue.message) ? issue.message : reasonOf(issue);
  }
  return fields;
}
