/**
 * The deposit channel editor's model (config key `deposit.channels`, docs/api.md §19.7, §10.1): form values
 * to a channel and back, the checks made before anything is sent, and the summary of a change. A
 * channel is checked twice: by the rules a usable channel needs that the contract leaves optional (a
 * bank channel needs the account to pay into, a crypto channel the address), then by the contract's own
 * `depositChannelConfig` schema, the one the server applies. Pure, so it is tested in node.
 */
import {
  Money,
  clock,
  configKeyMap,
  depositChannelConfig,
  type Currency,
  type DepositChannelConfig,
} from '@brokerage/contract';

export const channelsConfigKey = 'deposit.channels';
export const channelsMax = 50;

export type ChannelType = DepositChannelConfig['type'];
export type WindowMode = 'default' | 'own';

export interface ChannelWindow {
  open: string;
  close: string;
  days: number[];
}

export interface ChannelFormValues {
  id: string;
  type: ChannelType;
  name: string;
  currency: Currency;
  accountName: string;
  accountNumber: string;
  bankName: string;
  branch: string;
  network: string;
  address: string;
  qrImageUrl: string;
  /** Empty: the currency's `deposit.limits.<CUR>`. */
  min: string;
  max: string;
  windowMode: WindowMode;
  windowOpen: string;
  windowClose: string;
  windowDays: number[];
  enabled: boolean;
}

export type ChannelField = keyof ChannelFormValues;

export const allDays = [1, 2, 3, 4, 5, 6, 7];
/** Open around the clock, every day. */
export const roundTheClock: ChannelWindow = { open: '00:00', close: '24:00', days: allDays };

const idPattern = /^[A-Za-z0-9_-]{1,64}$/;
const moneyPattern = /^\d{1,15}(\.\d{1,2})?$/;

export function channelFormValuesOf(channel: DepositChannelConfig | null): ChannelFormValues {
  const window = channel?.window ?? null;
  return {
    id: channel?.id ?? '',
    type: channel?.type ?? 'bank',
    name: channel?.name ?? '',
    currency: channel?.currency ?? 'MXN',
    accountName: channel?.accountName ?? '',
    accountNumber: channel?.accountNumber ?? '',
    bankName: channel?.bankName ?? '',
    branch: channel?.branch ?? '',
    network: channel?.network ?? '',
    address: channel?.address ?? '',
    qrImageUrl: channel?.qrImageUrl ?? '',
    min: channel?.min ?? '',
    max: channel?.max ?? '',
    windowMode: window ? 'own' : 'default',
    windowOpen: window?.open ?? '',
    windowClose: window?.close ?? '',
    windowDays: window ? [...window.days] : [1, 2, 3, 4, 5],
    enabled: channel?.enabled ?? true,
  };
}

function clean(value: string | undefined): string | null {
  const text = (value ?? '').trim();
  return text === '' ? null : text;
}

/**
 * The channel the form describes. Only the fields of its type are kept (the others are null), so a
 * channel switched from bank to crypto leaves no stale account number behind.
 */
export function channelOf(values: ChannelFormValues): DepositChannelConfig {
  const isBank = values.type === 'bank';
  return {
    id: values.id.trim(),
    type: values.type,
    name: values.name.trim(),
    currency: values.currency,
    accountName: isBank ? clean(values.accountName) : null,
    accountNumber: isBank ? clean(values.accountNumber) : null,
    bankName: isBank ? clean(values.bankName) : null,
    branch: isBank ? clean(values.branch) : null,
    network: isBank ? null : clean(values.network),
    address: isBank ? null : clean(values.address),
    qrImageUrl: isBank ? null : clean(values.qrImageUrl),
    min: clean(values.min),
    max: clean(values.max),
    window:
      values.windowMode === 'own'
        ? {
            open: values.windowOpen.trim(),
            close: values.windowClose.trim(),
            days: [...new Set(values.windowDays)].sort((a, b) => a - b),
          }
        : null,
    enabled: values.enabled,
  };
}

/** Where a contract schema issue belongs on the form. */
function fieldOfPath(path: readonly PropertyKey[]): ChannelField | null {
  const [first, second] = path;
  if (first === 'window') {
    if (second === 'open') return 'windowOpen';
    if (second === 'close') return 'windowClose';
    return 'windowDays';
  }
  if (typeof first !== 'string') return null;
  const known: readonly string[] = Object.keys(channelFormValuesOf(null));
  return known.includes(first) ? (first as ChannelField) : null;
}

/**
 * Every problem of the form, by field (empty when the channel may be saved). `otherIds` are the ids of
 * the other channels in the list: an id must be unique.
 */
export function channelProblems(
  values: ChannelFormValues,
  otherIds: readonly string[],
): Partial<Record<ChannelField, string>> {
  const problems: Partial<Record<ChannelField, string>> = {};
  const need = (field: ChannelField, message: string) => {
    if (!problems[field] && clean(values[field] as string) === null) problems[field] = message;
  };

  const id = values.id.trim();
  if (!id) problems.id = 'Enter an id';
  else if (!idPattern.test(id)) problems.id = 'Letters, digits, _ and - only (at most 64)';
  else if (otherIds.includes(id)) problems.id = 'Another channel has this id';

  need('name', 'Enter the name users see');
  if (values.type === 'bank') {
    need('accountName', 'Enter the account name');
    need('accountNumber', 'Enter the account number');
    need('bankName', 'Enter the bank name');
  } else {
    need('network', 'Enter the network');
    need('address', 'Enter the deposit address');
    const qr = clean(values.qrImageUrl);
    if (qr && !/^(https?:\/\/|\/(?!\/))/i.test(qr)) problems.qrImageUrl = 'A full http(s) URL or a path on this site';
  }

  const min = clean(values.min);
  const max = clean(values.max);
  if (min && !moneyPattern.test(min)) problems.min = 'A decimal amount with at most 2 decimals, e.g. 100.00';
  if (max && !moneyPattern.test(max)) problems.max = 'A decimal amount with at most 2 decimals, e.g. 100.00';
  if (
    min &&
    max &&
    !problems.min &&
    !problems.max &&
    Money.of(min, values.currency).isGreaterThan(Money.of(max, values.currency))
  )
    problems.max = 'Must not be below the minimum';

  if (values.windowMode === 'own') {
    const open = values.windowOpen.trim();
    const close = values.windowClose.trim();
    if (!clock.safeParse(open).success) problems.windowOpen = 'A time HH:mm, 00:00–24:00';
    if (!clock.safeParse(close).success) problems.windowClose = 'A time HH:mm, 00:00–24:00';
    if (!problems.windowOpen && !problems.windowClose && open >= close)
      problems.windowClose = 'Must be after the opening time';
    if (values.windowDays.length === 0) problems.windowDays = 'Choose at least one day (or disable the channel)';
  }

  // Last, the contract's schema, as the server will apply it.
  const parsed = depositChannelConfig.safeParse(channelOf(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOfPath(issue.path) ?? 'id';
      problems[field] ??= `Not accepted by the contract: ${issue.message}`;
    }
  }
  return problems;
}

export type ChannelsRead = { ok: true; channels: DepositChannelConfig[] } | { ok: false; error: string };

/** The stored `deposit.channels` value as channels, or why it cannot be edited here. */
export function readChannels(value: unknown): ChannelsRead {
  if (value === null || value === undefined) return { ok: true, channels: [] };
  if (!Array.isArray(value)) return { ok: false, error: 'The stored value is not a list.' };
  const channels: DepositChannelConfig[] = [];
  for (const [index, entry] of value.entries()) {
    const parsed = depositChannelConfig.safeParse(entry);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
      return {
        ok: false,
        error: `Channel ${index + 1} does not fit the contract${where}: ${issue?.message ?? 'invalid'}`,
      };
    }
    channels.push(parsed.data);
  }
  return { ok: true, channels };
}

/** The whole list as `/config/set` will check it; null when it may be sent. */
export function channelsListProblem(channels: readonly DepositChannelConfig[]): string | null {
  const ids = channels.map((channel) => channel.id);
  const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
  if (repeated !== undefined) return `Two channels have the id "${repeated}".`;
  const def = configKeyMap.get(channelsConfigKey);
  if (!def) return null;
  const parsed = def.schema.safeParse(channels);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  if (issue?.code === 'too_big' && issue.path.length === 0) return `At most ${channelsMax} channels.`;
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  return `The list does not fit the contract${where}: ${issue?.message ?? 'invalid'}`;
}

export interface ChannelChanges {
  added: string[];
  changed: string[];
  removed: string[];
}

function same(a: DepositChannelConfig, b: DepositChannelConfig): boolean {
  return JSON.stringify(channelOf(channelFormValuesOf(a))) === JSON.stringify(channelOf(channelFormValuesOf(b)));
}

/** What a draft changes against the stored list, by channel id. */
export function channelChanges(
  stored: readonly DepositChannelConfig[],
  draft: readonly DepositChannelConfig[],
): ChannelChanges {
  const storedById = new Map(stored.map((channel) => [channel.id, channel]));
  const draftIds = new Set(draft.map((channel) => channel.id));
  const changes: ChannelChanges = { added: [], changed: [], removed: [] };
  for (const channel of draft) {
    const before = storedById.get(channel.id);
    if (!before) changes.added.push(channel.id);
    else if (!same(before, channel)) changes.changed.push(channel.id);
  }
  for (const channel of stored) if (!draftIds.has(channel.id)) changes.removed.push(channel.id);
  return changes;
}

export function hasChanges(changes: ChannelChanges): boolean {
  return changes.added.length + changes.changed.length + changes.removed.length > 0;
}
