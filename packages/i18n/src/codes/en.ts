/**
 * English. Server codes take their text straight from the contract's catalogue (docs/api.md §4),
 * so the toast and the envelope's `msg` fallback can never drift apart.
 */
import { codeCatalogue, codes } from '@brokerage/contract';
import type { CodeKey, FieldDictionary } from './keys.js';

const codeTexts = Object.fromEntries(codes.map((code) => [`code.${code}`, codeCatalogue[code].en])) as Record<
  CodeKey,
  string
>;

const fieldTexts = {
  'field.required': 'Required',
  'field.type': 'Invalid value',
  'field.format': 'Invalid format',
  'field.enum': 'Not a valid option',
  'field.too_short': 'Too short',
  'field.too_long': 'Too long',
  'field.out_of_range': 'Out of range',
  'field.not_integer': 'Must be a whole number',
  'field.not_decimal_string': 'Must be a number',
  'field.too_many_decimals': 'Too many decimal places',
  'field.not_positive': 'Must be greater than zero',
  'field.mismatch': 'Does not match',
  'field.not_accepted': 'Must be accepted',
  'field.same_as_old': 'Must differ from the current value',
  'field.same_currency': 'Currencies must differ',
  'field.exclusive': 'Fill in exactly one of the two',
  'field.not_allowed': 'Not allowed here',
  'field.unknown_upload': 'Upload not found, please upload again',
  'field.file_too_large': 'File too large',
  'field.file_type': 'Unsupported file type',
  'field.too_many': 'Too many items',

  'field.name.phone': 'Phone number',
  'field.name.account': 'Account',
  'field.name.password': 'Password',
  'field.name.confirmPassword': 'Confirm password',
  'field.name.inviteCode': 'Invitation code',
  'field.name.agreementAccepted': 'User agreement',
  'field.name.oldPassword': 'Current password',
  'field.name.newPassword': 'New password',
  'field.name.fundPassword': 'Fund password',
  'field.name.confirmFundPassword': 'Confirm fund password',
  'field.name.loginPassword': 'Login password',
  'field.name.oldFundPassword': 'Current fund password',
  'field.name.newFundPassword': 'New fund password',
  'field.name.amount': 'Amount',
  'field.name.currency': 'Currency',
  'field.name.body': 'Request',

  'error.word': 'Error',
} satisfies FieldDictionary;

export const en: Record<string, string> = { ...codeTexts, ...fieldTexts };
