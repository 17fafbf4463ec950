import { useState } from 'react';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/**
 * Field errors derived from the values on every render, shown from the first submit on
 * (docs/ui.md "Forms"): a field's error disappears as soon as the field is fixed, and comes back if it
 * is broken again; nothing is red before the user first presses the button.
 *
 * `current` is the form's validation of its values right now. `reveal()` (call it on submit)
 * starts showing them and answers whether the form is valid.
 */
export function useFieldErrors<K extends string>(
  current: FieldErrors<K>,
): { errors: FieldErrors<K>; reveal: () => boolean; first: string | undefined } {
  const [shown, setShown] = useState(false);
  const errors = shown ? current : {};
  return {
    errors,
    first: Object.values<string | undefined>(current).find(Boolean),
    reveal: () => {
      setShown(true);
      return Object.values<string | undefined>(current).every((error) => !error);
    },
  };
}
