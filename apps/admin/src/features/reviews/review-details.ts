/**
 * Reading the `details` of a review item (API.md §19.3). The contract types them as a free record, so
 * each queue's fields are read here with their types checked, one view model per queue; a field that is
 * missing or of another type reads as null rather than breaking the drawer. Keys the drawer does not
 * know are listed as "other details", so nothing the server sends is hidden. Pure, so tested in node.
 */
import { Dec, currencyScale, isCurrency, type ReviewQueue } from '@brokerage/contract';

type Details = Record<string, unknown>;

function text(details: Details, key: string): string | null {
  const value = details[key];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function flag(details: Details, key: string): boolean | null {
  const value = details[key];
  return typeof value === 'boolean' ? value : null;
}

function record(details: Details, key: string): Details | null {
  const value = details[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Details) : null;
}

/**
 * An image link the drawer may load: a same-origin path (the signed `/files/<id>?exp=…&sig=…` links)
 * or an absolute http(s) URL. Anything else (`javascript:`, `data:`, protocol-relative) is refused.
 */
export function safeImageUrl(value: string | null): string | null {
  if (!value) return null;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  return /^https?:\/\//i.test(value) ? value : null;
}

export interface KycDetails {
  name: string | null;
  idNumber: string | null;
  frontImageUrl: string | null;
  backImageUrl: string | null;
}

export function readKycDetails(details: Details): KycDetails {
  return {
    name: text(details, 'name'),
    idNumber: text(details, 'idNumber'),
    frontImageUrl: safeImageUrl(text(details, 'frontImageUrl')),
    backImageUrl: safeImageUrl(text(details, 'backImageUrl')),
  };
}

/** The channel as it was when the user deposited (the server keeps a snapshot with the deposit). */
export interface ChannelSnapshot {
  channelId: string | null;
  type: string | null;
  name: string | null;
  currency: string | null;
  accountName: string | null;
  accountNumber: string | null;
  bankName: string | null;
  branch: string | null;
  network: string | null;
  address: string | null;
  qrImageUrl: string | null;
  min: string | null;
  max: string | null;
  window: { open: string; close: string } | null;
  days: number[] | null;
  timezone: string | null;
}

function readChannel(channel: Details): ChannelSnapshot {
  const window = record(channel, 'window');
  const open = window ? text(window, 'open') : null;
  const close = window ? text(window, 'close') : null;
  const days = channel.days;
  return {
    channelId: text(channel, 'channelId') ?? text(channel, 'id'),
    type: text(channel, 'type'),
    name: text(channel, 'name'),
    currency: text(channel, 'currency'),
    accountName: text(channel, 'accountName'),
    accountNumber: text(channel, 'accountNumber'),
    bankName: text(channel, 'bankName'),
    branch: text(channel, 'branch'),
    network: text(channel, 'network'),
    address: text(channel, 'address'),
    qrImageUrl: safeImageUrl(text(channel, 'qrImageUrl')),
    min: text(channel, 'min'),
    max: text(channel, 'max'),
    window: open !== null && close !== null ? { open, close } : null,
    days: Array.isArray(days) ? days.filter((day): day is number => typeof day === 'number') : null,
    timezone: text(channel, 'timezone'),
  };
}

export interface DepositDetails {
  orderNo: string | null;
  channelId: string | null;
  channel: ChannelSnapshot | null;
  proofImageUrl: string | null;
}

export function readDepositDetails(details: Details): DepositDetails {
  const channel = record(details, 'channel');
  return {
    orderNo: text(details, 'orderNo'),
    channelId: text(details, 'channelId'),
    channel: channel ? readChannel(channel) : null,
    proofImageUrl: safeImageUrl(text(details, 'proofImageUrl')),
  };
}

/** Where a withdrawal is paid: a bank card (full number) or a wallet (full address). */
export type Destination =
  | {
      kind: 'card';
      holder: string | null;
      cardNumber: string | null;
      bankName: string | null;
      branch: string | null;
      bankCode: string | null;
    }
  | { kind: 'wallet'; type: string | null; address: string | null; holder: string | null }
  | { kind: 'unknown'; raw: Details };

function readDestination(destination: Details): Destination {
  const kind = text(destination, 'kind');
  if (kind === 'card') {
    return {
      kind: 'card',
      holder: text(destination, 'holder'),
      cardNumber: text(destination, 'cardNumber') ?? text(destination, 'number'),
      bankName: text(destination, 'bankName'),
      branch: text(destination, 'branch'),
      bankCode: text(destination, 'bankCode'),
    };
  }
  if (kind === 'wallet') {
    return { kind: 'wallet', type: text(destination, 'type'), address: text(destination, 'address'), holder: text(destination, 'holder') };
  }
  return { kind: 'unknown', raw: destination };
}

export interface WithdrawDetails {
  orderNo: string | null;
  destination: Destination | null;
  fee: string | null;
  withdrawableAtSubmit: string | null;
  unpaidLoan: boolean | null;
}

export function readWithdrawDetails(details: Details): WithdrawDetails {
  const destination = record(details, 'destination');
  return {
    orderNo: text(details, 'orderNo'),
    destination: destination ? readDestination(destination) : null,
    fee: text(details, 'fee'),
    withdrawableAtSubmit: text(details, 'withdrawableAtSubmit'),
    unpaidLoan: flag(details, 'unpaidLoan'),
  };
}

/** A day-trading (seat account) application: the user's account type and open positions when read. */
export interface DayTradeDetails {
  accountType: string | null;
  /** How many positions the user has open (holding, locked or closing). */
  openPositions: number | null;
}

export function readDayTradeDetails(details: Details): DayTradeDetails {
  const open = details.openPositions;
  return {
    accountType: text(details, 'accountType'),
    openPositions: typeof open === 'number' && Number.isInteger(open) && open >= 0 ? open : null,
  };
}

const shownKeys: Partial<Record<ReviewQueue, readonly string[]>> = {
  kyc: ['name', 'idNumber', 'frontImageUrl', 'backImageUrl'],
  day_trade: ['accountType', 'openPositions'],
  deposit: ['orderNo', 'channelId', 'channel', 'proofImageUrl'],
  withdraw: ['orderNo', 'destination', 'fee', 'withdrawableAtSubmit', 'unpaidLoan'],
};

/** The details the drawer has no dedicated place for (all of them for a queue it does not know). */
export function otherDetails(queue: ReviewQueue, details: Details): Details {
  const shown = shownKeys[queue] ?? [];
  const rest: Details = {};
  for (const [key, value] of Object.entries(details)) if (!shown.includes(key)) rest[key] = value;
  return rest;
}

/** What reaches the card or wallet: amount − fee, exactly, at the currency's scale; null when unknown. */
export function netPayout(amount: string | null, fee: string | null, currency: string | null): string | null {
  if (amount === null || fee === null || currency === null || !isCurrency(currency)) return null;
  try {
    return new Dec(amount).minus(new Dec(fee)).toFixed(currencyScale[currency]);
  } catch {
    return null;
  }
}

const dayNames = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** ISO weekdays as text: "every day", "Mon–Fri", or a list ("Mon, Wed, Sat"). */
export function formatDays(days: readonly number[]): string {
  const sorted = [...new Set(days)].filter((day) => day >= 1 && day <= 7).sort((a, b) => a - b);
  if (sorted.length === 0) return 'no days';
  if (sorted.length === 7) return 'every day';
  const isRun = sorted.every((day, index) => index === 0 || day === (sorted[index - 1] ?? 0) + 1);
  const name = (day: number) => dayNames[day - 1] ?? String(day);
  if (isRun && sorted.length > 2) return `${name(sorted[0] ?? 1)}–${name(sorted[sorted.length - 1] ?? 7)}`;
  return sorted.map(name).join(', ');
}

export const isoDayOptions = dayNames.map((label, index) => ({ label, value: index + 1 }));
