/**
 * Display helpers. Money, rates and quotas arrive as decimal strings and are shown exactly as sent:
 * nothing here turns them into numbers.
 */
import dayjs from 'dayjs';
import type { AccountType, KycStatus, RestrictAction, Restriction } from '@brokerage/contract';

/** The pattern the date pickers type and show (antd's DatePicker takes a dayjs pattern, not Intl). */
export const dateTimeFormat = 'YYYY-MM-DD HH:mm:ss';
export const emptyText = '—';

/** One `Intl.DateTimeFormat` per locale: building one costs far more than using it. */
const timeFormats = new Map<string, Intl.DateTimeFormat>();

function timeFormat(locale: string): Intl.DateTimeFormat {
  const cached = timeFormats.get(locale);
  if (cached) return cached;
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    numberingSystem: 'latn',
  };
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat(locale, options);
  } catch {
    formatter = new Intl.DateTimeFormat('en', options);
  }
  timeFormats.set(locale, formatter);
  return formatter;
}

/**
 * A Timestamp (ISO-8601 UTC) in the browser's local time, in the conventions of the page's
 * language (`<html lang>`, English in the back office: "11/20/2026, 17:26:05").
 */
export function formatTime(timestamp: string | null | undefined, locale?: string): string {
  if (!timestamp) return emptyText;
  const parsed = dayjs(timestamp);
  if (!parsed.isValid()) return timestamp;
  const lang = locale ?? (typeof document === 'undefined' ? '' : document.documentElement.lang);
  return timeFormat(lang || 'en').format(parsed.toDate());
}

/** A decimal string as sent, or a dash when missing. */
export function formatAmount(value: string | null | undefined): string {
  return value === null || value === undefined || value === '' ? emptyText : value;
}

export function formatText(value: string | null | undefined): string {
  return value === null || value === undefined || value === '' ? emptyText : value;
}

/** Any JSON value on one line (table cells), or indented (detail views). */
export function formatJson(value: unknown, indent = false): string {
  if (value === undefined) return emptyText;
  return JSON.stringify(value, null, indent ? 2 : undefined) ?? emptyText;
}

/** A cell of a free-form record (cards, wallets): strings as they are, other values as JSON. */
export function formatCell(value: unknown): string {
  if (value === null || value === undefined || value === '') return emptyText;
  return typeof value === 'string' ? value : formatJson(value);
}

export const restrictionLabels: Record<Restriction, string> = {
  frozen: 'Frozen',
  login_banned: 'Login banned',
  disabled: 'Disabled',
  trade_blocked: 'Trade blocked',
  withdraw_blocked: 'Withdraw blocked',
};

export const restrictActionLabels: Record<RestrictAction, string> = {
  freeze: 'Freeze',
  login_ban: 'Ban login',
  disable: 'Disable',
  trade_block: 'Block trading',
  withdraw_block: 'Block withdrawals',
  unblock: 'Unblock',
};

export const kycStatusLabels: Record<KycStatus, string> = {
  none: 'Not submitted',
  pending: 'Pending review',
  verified: 'Verified',
  rejected: 'Rejected',
};

export const kycStatusColors: Record<KycStatus, string> = {
  none: 'default',
  pending: 'processing',
  verified: 'success',
  rejected: 'error',
};

export const accountTypeLabels: Record<AccountType, string> = {
  standard: 'Standard',
  institutional: 'Institutional',
  dma: 'DMA',
};
