/**
 * Shows a `request.invalid` refusal on the form that sent it: each field the form has gets the
 * server's reason under it, the rest become one line for an alert. Other refusals stay toasts.
 */
import type { FormInstance } from 'antd';
import type { ApiError } from '../api/client';
import { fieldReasonText, invalidFields, splitInvalidFields } from '../api/field-reasons';

/** True when the refusal names fields, so the form shows it instead of a toast. */
export function hasFieldReasons(error: ApiError): boolean {
  return error.code === 'request.invalid' && Object.keys(invalidFields(error.params)).length > 0;
}

/** Puts the reasons on the form's fields; returns the text for the fields it does not have, or null. */
export function showServerFieldErrors<V>(
  form: FormInstance<V>,
  error: ApiError,
  formFields: readonly string[],
): string | null {
  const { inline, others } = splitInvalidFields(error.params, formFields);
  form.setFields(
    Object.entries(inline).map(([name, reason]) => ({
      // The names come from `formFields`, which are this form's own field names.
      name: name as Parameters<FormInstance<V>['getFieldError']>[0],
      errors: [`The server refused this field: it ${fieldReasonText(reason)}`],
    })),
  );
  if (others.length === 0) return null;
  return `${error.message} ${others.map(([name, reason]) => `${name}: ${fieldReasonText(reason)}`).join('; ')}`;
}
