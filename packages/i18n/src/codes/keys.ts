/**
 * The keys every language's code dictionary must have. Typing each dictionary against
 * `CodeDictionary` makes a missing or misspelt key a compile error; the tests check the
 * same thing at run time over the merged messages.
 */
import type { Code, FieldReason, MessageCode } from '@brokerage/contract';

/** Request fields a validation toast may name (docs/api.md §1.3 `params.fields`); extend as endpoints are added. */
export const fieldNames = [
  'phone',
  'account',
  'password',
  'confirmPassword',
  'inviteCode',
  'agreementAccepted',
  'oldPassword',
  'newPassword',
  'fundPassword',
  'confirmFundPassword',
  'loginPassword',
  'oldFundPassword',
  'newFundPassword',
  'amount',
  'currency',
  'body',
] as const;
export type FieldName = (typeof fieldNames)[number];

export type CodeKey = `code.${Code}`;
export type FieldReasonKey = `field.${FieldReason}`;
export type FieldNameKey = `field.name.${FieldName}`;
/** Spec §8: a text that cannot be translated is replaced by this word. */
export type ErrorWordKey = 'error.word';

/** Everything except the server codes, which English takes from the catalogue. */
export type FieldDictionary = Record<FieldReasonKey | FieldNameKey | ErrorWordKey, string>;
export type CodeDictionary = Record<CodeKey, string> & FieldDictionary;

/** A personal message's title and body (contract `messageCatalogue`): `<code>.title`, `<code>.body`. */
export type MessageKey = `${MessageCode}.title` | `${MessageCode}.body`;
export type MessageDictionary = Record<MessageKey, string>;
