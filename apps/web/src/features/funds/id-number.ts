/**
 * The ID number of the real-name form (spec §2, §9: "split into the first 6 digits and the
 * last 1 digit"): three inputs whose parts join into the full `idNumber` (docs/api.md §7.9, 5–30
 * characters [A-Za-z0-9]; the split is display only).
 */
export const ID_FIRST_LENGTH = 6;
export const ID_LAST_LENGTH = 1;
export const ID_MAX_LENGTH = 30;
export const ID_MIDDLE_MAX = ID_MAX_LENGTH - ID_FIRST_LENGTH - ID_LAST_LENGTH;

export interface IdParts {
  first: string;
  middle: string;
  last: string;
}

/** Letters and digits only, upper-cased. */
export function cleanIdText(text: string): string {
  return text.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

export function joinIdNumber(parts: IdParts): string {
  return `${parts.first}${parts.middle}${parts.last}`;
}

/** Splits a whole number (typed or pasted into the first box) into the three boxes. */
export function splitIdNumber(text: string): IdParts {
  const clean = cleanIdText(text).slice(0, ID_MAX_LENGTH);
  if (clean.length <= ID_FIRST_LENGTH) return { first: clean, middle: '', last: '' };
  return {
    first: clean.slice(0, ID_FIRST_LENGTH),
    middle: clean.slice(ID_FIRST_LENGTH, clean.length - ID_LAST_LENGTH),
    last: clean.slice(clean.length - ID_LAST_LENGTH),
  };
}

/** Complete when the first box has 6 characters, the last has 1, and the whole fits the contract. */
export function isIdComplete(parts: IdParts): boolean {
  const whole = joinIdNumber(parts);
  return (
    parts.first.length === ID_FIRST_LENGTH &&
    parts.last.length === ID_LAST_LENGTH &&
    whole.length <= ID_MAX_LENGTH &&
    /^[0-9A-Z]+$/.test(whole)
  );
}
