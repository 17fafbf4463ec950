/**
 * The back-office configuration keys of API.md §19.7, each with its value schema and default.
 * `/api/admin/config/get` lists every key with its effective value; `/api/admin/config/set`
 * validates the value against the key's schema. Changes apply to new operations only.
 */
import { z } from 'zod';
import { markets, type Market } from './enums.js';
import { currencies, currencyScale, fitsCurrencyScale, type Currency } from './money.js';
import { clock, date, rate } from './primitives.js';

const moneyValue = z.string().regex(/^\d{1,15}(\.\d{1,2})?$/, 'format');
/** A Money value of one currency: at most that currency's scale (no fractional won or yen). */
const moneyValueIn = (cur: Currency) => moneyValue.refine((v) => fitsCurrencyScale(v, cur), 'format');
const isoDay = z.number().int().min(1).max(7);
const window = z.object({ open: clock, close: clock, days: z.array(isoDay).max(7) });
const session = z.object({ name: z.string().min(1).max(20), open: clock, close: clock });
export const depositChannelConfig = z.object({
  id: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/),
  type: z.enum(['bank', 'crypto']),
  name: z.string().min(1).max(100),
  currency: z.enum(currencies),
  accountName: z.string().max(100).nullable().optional(),
  accountNumber: z.string().max(200).nullable().optional(),
  bankName: z.string().max(100).nullable().optional(),
  branch: z.string().max(100).nullable().optional(),
  qrImageUrl: z.string().max(500).nullable().optional(),
  network: z.string().max(50).nullable().optional(),
  address: z.string().max(200).nullable().optional(),
  min: moneyValue.nullable().optional(),
  max: moneyValue.nullable().optional(),
  window: window.nullable().optional(),
  enabled: z.boolean().default(true),
}).superRefine((c, ctx) => {
  // a channel a user cannot pay into is refused: bank details for banks, network and address for crypto
  const needed = c.type === 'bank' ? (['accountName', 'accountNumber', 'bankName'] as const) : (['network', 'address'] as const);
  for (const field of needed) if (!c[field]) ctx.addIssue({ code: 'custom', message: 'required', path: [field] });
});

export interface ConfigKeyDef {
  key: string;
  schema: z.ZodType;
  default: unknown;
}

const marketDefaults: Record<Market, {
  timezone: string; sessions: { name: string; open: string; close: string }[]; stampDutyRate: string;
  tPlusNDays: number; priceLimitRate: string | null; settlementDays: number;
}> = {
  mxn: { timezone: 'America/Mexico_City', sessions: [{ name: 'regular', open: '08:30', close: '15:00' }], stampDutyRate: '0.001', tPlusNDays: 1, priceLimitRate: '0.10', settlementDays: 1 },
  usd: {
    timezone: 'America/New_York',
    sessions: [
      { name: 'pre', open: '04:00', close: '09:30' },
      { name: 'regular', open: '09:30', close: '16:00' },
      { name: 'after', open: '16:00', close: '20:00' },
    ],
    stampDutyRate: '0', tPlusNDays: 1, priceLimitRate: null, settlementDays: 1,
  },
  eur: { timezone: 'Europe/Madrid', sessions: [{ name: 'regular', open: '09:00', close: '17:30' }], stampDutyRate: '0.001', tPlusNDays: 1, priceLimitRate: '0.10', settlementDays: 1 },
  crypto: { timezone: 'UTC', sessions: [{ name: 'regular', open: '00:00', close: '24:00' }], stampDutyRate: '0', tPlusNDays: 0, priceLimitRate: null, settlementDays: 0 },
  forex: { timezone: 'America/New_York', sessions: [{ name: 'regular', open: '00:00', close: '24:00' }], stampDutyRate: '0', tPlusNDays: 0, priceLimitRate: null, settlementDays: 0 },
};

const depositLimitDefaults: Partial<Record<Currency, { min: string; max: string }>> = {
  MXN: { min: '100.00', max: '1000000.00' },
  USDT: { min: '10.00', max: '100000.00' },
  USD: { min: '10.00', max: '50000.00' },
  EUR: { min: '10.00', max: '50000.00' },
};

const withdrawLimitDefaults: Partial<Record<Currency, { min: string; max: string }>> = {
  MXN: { min: '500.00', max: '500000.00' },
  USDT: { min: '10.00', max: '100000.00' },
  USD: { min: '25.00', max: '25000.00' },
  EUR: { min: '25.00', max: '25000.00' },
};

function build(): ConfigKeyDef[] {
  const defs: ConfigKeyDef[] = [];
  const add = (key: string, schema: z.ZodType, value: unknown) => defs.push({ key, schema, default: value });
  for (const m of markets) {
    const d = marketDefaults[m];
    add(`market.${m}.timezone`, z.string().min(1).max(64), d.timezone);
    add(`market.${m}.sessions`, z.array(session).min(1).max(6), d.sessions);
    add(`market.${m}.holidays`, z.array(date).max(400), []);
    add(`market.${m}.buyFeeRate`, rate, '0.0015');
    add(`market.${m}.sellFeeRate`, rate, '0.0015');
    add(`market.${m}.stampDutyRate`, rate, d.stampDutyRate);
    add(`market.${m}.minHoldMinutes`, z.number().int().min(0).max(100000), 5);
    add(`market.${m}.tPlusNDays`, z.number().int().min(0).max(30), d.tPlusNDays);
    add(`market.${m}.leverageOptions`, z.array(z.number().int().min(1).max(100)).min(1).max(10), [1, 2, 5, 10]);
    add(`market.${m}.minOpeningAmount`, moneyValue, '100.00');
    add(`market.${m}.priceLimitRate`, rate.nullable(), d.priceLimitRate);
    add(`market.${m}.stopOutRatio`, rate, '1.00');
    add(`market.${m}.settlementDays`, z.number().int().min(0).max(30), d.settlementDays);
  }
  add('funds.timezone', z.string().min(1).max(64), 'America/Mexico_City');
  add('deposit.window', window, { open: '00:00', close: '23:59', days: [1, 2, 3, 4, 5] });
  add('deposit.channels', z.array(depositChannelConfig).max(50), []);
  // addition (docs/decisions.md): the per-currency bounds a channel without its own min/max uses (§1.11)
  for (const cur of currencies) add(`deposit.limits.${cur}`, z.object({ min: moneyValue, max: moneyValue }), depositLimitDefaults[cur] ?? { min: '1.00', max: '1000000.00' });
  add('withdraw.window', window, { open: '09:30', close: '24:00', days: [1, 2, 3, 4, 5] });
  // every currency has its key (API.md §19.7 `withdraw.limits.<CUR>`); one without a default stays
  // closed (max 0) until an operator sets its limits, at the currency's scale
  for (const cur of currencies) {
    const closed = currencyScale[cur] === 0 ? { min: '1', max: '0' } : { min: '0.01', max: '0.00' };
    add(`withdraw.limits.${cur}`, z.object({ min: moneyValueIn(cur), max: moneyValueIn(cur) }), withdrawLimitDefaults[cur] ?? closed);
  }
  add('withdraw.feeRate', rate, '0');
  add('subscription.enabled', z.boolean(), true);
  add('subscription.ipoMinShares', z.number().int().min(1), 10000);
  add('subscription.maxApplicationsPerUser', z.number().int().min(1), 1);
  add('block.enabled', z.boolean(), true);
  add('lending.enabled', z.boolean(), true);
  add('loan.currency', z.enum(currencies), 'MXN');
  add('loan.initialScore', z.number().int().min(0).max(100), 80);
  add('loan.minScoreToBorrow', z.number().int().min(0).max(100), 60);
  add('loan.initialQuota', moneyValue, '10000.00');
  add('loan.dailyRate', rate, '0.0005');
  add('loan.quotaRaiseCheckins', z.number().int().min(0).max(31), 20);
  add('exchange.spreadRate', rate, '0.005');
  // API.md §10.7: the smallest amount of each source currency an exchange takes
  for (const cur of currencies) add(`exchange.minAmount.${cur}`, moneyValueIn(cur), currencyScale[cur] === 0 ? '100' : '1.00');
  add('currencies.enabled', z.array(z.enum(currencies)).min(1), ['MXN', 'USD', 'USDT', 'EUR']);
  add('wallet.types', z.array(z.string().min(1).max(30)).min(1), ['USDT-TRC20', 'USDT-ERC20']);
  add('copy.performanceFeeRate', rate, '0.18');
  add('copy.serviceFeeRate', rate, '0.02');
  add('display.title', z.string().min(1).max(100), 'Meridian Securities');
  add('display.logo', z.string().max(500), '/logo.svg');
  add('display.imageBase', z.string().max(500), '');
  add('display.serviceLink', z.string().max(500), 'https://chat.example.com/?uid=');
  return defs;
}

export const configKeys: readonly ConfigKeyDef[] = build();
export const configKeyMap: ReadonlyMap<string, ConfigKeyDef> = new Map(configKeys.map((d) => [d.key, d]));
export type DepositChannelConfig = z.infer<typeof depositChannelConfig>;
