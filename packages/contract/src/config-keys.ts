/**
 * The back-office configuration keys of docs/api.md §19.7, each with its value schema and default.
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
export const depositChannelConfig = z
  .object({
    id: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/),
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
  })
  .superRefine((c, ctx) => {
    // a channel a user cannot pay into is refused: bank details for banks, network and address for crypto
    const needed =
      c.type === 'bank' ? (['accountName', 'accountNumber', 'bankName'] as const) : (['network', 'address'] as const);
    for (const field of needed) if (!c[field]) ctx.addIssue({ code: 'custom', message: 'required', path: [field] });
  });

/** A key's schema with its default, the default checked against the schema's type. */
const entry = <S extends z.ZodType>(schema: S, value: z.output<S>) => ({ schema, default: value });
/** A per-currency key family: its schema and default for each currency. */
const family = <S extends z.ZodType>(schema: (cur: Currency) => S, value: (cur: Currency) => z.output<S>) => ({
  schema,
  default: value,
});

/* ---- the keys, in three const tables the key and value types are derived from ---- */

/** The fields of `market.<m>.<field>`, one key per market and field. */
const marketFields = {
  timezone: z.string().min(1).max(64),
  sessions: z.array(session).min(1).max(6),
  holidays: z.array(date).max(400),
  buyFeeRate: rate,
  sellFeeRate: rate,
  stampDutyRate: rate,
  minHoldMinutes: z.number().int().min(0).max(100000),
  tPlusNDays: z.number().int().min(0).max(30),
  leverageOptions: z.array(z.number().int().min(1).max(100)).min(1).max(10),
  minOpeningAmount: moneyValue,
  priceLimitRate: rate.nullable(),
  stopOutRatio: rate,
  settlementDays: z.number().int().min(0).max(30),
};
export type MarketConfigField = keyof typeof marketFields;
type MarketFieldValues = { [F in MarketConfigField]: z.output<(typeof marketFields)[F]> };

/** The market fields whose default is the same in every market. */
const sharedMarketDefaults = {
  holidays: [],
  buyFeeRate: '0.0015',
  sellFeeRate: '0.0015',
  minHoldMinutes: 5,
  leverageOptions: [1, 2, 5, 10],
  stopOutRatio: '1.00',
} satisfies Partial<MarketFieldValues>;

const marketDefaults: Record<Market, Omit<MarketFieldValues, keyof typeof sharedMarketDefaults>> = {
  mxn: {
    minOpeningAmount: '100.00',
    timezone: 'America/Mexico_City',
    sessions: [{ name: 'regular', open: '08:30', close: '15:00' }],
    stampDutyRate: '0.001',
    tPlusNDays: 1,
    priceLimitRate: '0.10',
    settlementDays: 1,
  },
  usd: {
    minOpeningAmount: '100.00',
    timezone: 'America/New_York',
    sessions: [
      { name: 'pre', open: '04:00', close: '09:30' },
      { name: 'regular', open: '09:30', close: '16:00' },
      { name: 'after', open: '16:00', close: '20:00' },
    ],
    stampDutyRate: '0',
    tPlusNDays: 1,
    priceLimitRate: null,
    settlementDays: 1,
  },
  eur: {
    minOpeningAmount: '100.00',
    timezone: 'Europe/Madrid',
    sessions: [{ name: 'regular', open: '09:00', close: '17:30' }],
    stampDutyRate: '0.001',
    tPlusNDays: 1,
    priceLimitRate: '0.10',
    settlementDays: 1,
  },
  crypto: {
    // a crypto lot is a fraction of a coin (docs/decisions.md, "Lot sizes"): an exchange's usual minimum notional
    minOpeningAmount: '10.00',
    timezone: 'UTC',
    sessions: [{ name: 'regular', open: '00:00', close: '24:00' }],
    stampDutyRate: '0',
    tPlusNDays: 0,
    priceLimitRate: null,
    settlementDays: 0,
  },
  forex: {
    minOpeningAmount: '100.00',
    timezone: 'America/New_York',
    sessions: [{ name: 'regular', open: '00:00', close: '24:00' }],
    stampDutyRate: '0',
    tPlusNDays: 0,
    priceLimitRate: null,
    settlementDays: 0,
  },
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

const benchmarkDefaults: Partial<Record<Currency, string>> = {
  MXN: 'i_mxn_IPC',
  USD: 'i_usd_SPX',
  EUR: 'i_eur_IBEX',
  USDT: 'i_crypto_BTC',
};

/** The per-currency families `<family>.<CUR>`, one key per currency. */
const currencyFamilies = {
  // addition (docs/decisions.md): the per-currency bounds a channel without its own min/max uses (§1.11)
  'deposit.limits': family(
    () => z.object({ min: moneyValue, max: moneyValue }),
    (cur) => depositLimitDefaults[cur] ?? { min: '1.00', max: '1000000.00' },
  ),
  // every currency has its key (docs/api.md §19.7 `withdraw.limits.<CUR>`); one without a default stays
  // closed (max 0) until an operator sets its limits, at the currency's scale
  'withdraw.limits': family(
    (cur) => z.object({ min: moneyValueIn(cur), max: moneyValueIn(cur) }),
    (cur) =>
      withdrawLimitDefaults[cur] ?? (currencyScale[cur] === 0 ? { min: '1', max: '0' } : { min: '0.01', max: '0.00' }),
  ),
  // docs/api.md §10.7: the smallest amount of each source currency an exchange takes
  // docs/api.md §24.1: the main index of the currency's market ('' = no benchmark)
  'performance.benchmark': family(
    () =>
      z
        .string()
        .max(64)
        .regex(/^$|^[A-Za-z0-9_-]+$/, 'format'),
    (cur) => benchmarkDefaults[cur] ?? '',
  ),
  'exchange.minAmount': family(
    (cur) => moneyValueIn(cur),
    (cur) => (currencyScale[cur] === 0 ? '100' : '1.00'),
  ),
};
type CurrencyFamilies = typeof currencyFamilies;

/** The keys that exist once. */
const singleKeys = {
  'funds.timezone': entry(z.string().min(1).max(64), 'America/Mexico_City'),
  'deposit.window': entry(window, { open: '00:00', close: '23:59', days: [1, 2, 3, 4, 5] }),
  'deposit.channels': entry(z.array(depositChannelConfig).max(50), []),
  'withdraw.window': entry(window, { open: '09:30', close: '24:00', days: [1, 2, 3, 4, 5] }),
  'withdraw.feeRate': entry(rate, '0'),
  'subscription.enabled': entry(z.boolean(), true),
  'subscription.ipoMinShares': entry(z.number().int().min(1), 10000),
  'subscription.maxApplicationsPerUser': entry(z.number().int().min(1), 1),
  'block.enabled': entry(z.boolean(), true),
  /** a block deal price must stay within ± this rate of the instrument's previous close (at apply and at approval) */
  'block.priceCollar': entry(rate, '0.10'),
  'lending.enabled': entry(z.boolean(), true),
  'loan.currency': entry(z.enum(currencies), 'MXN'),
  'loan.initialScore': entry(z.number().int().min(0).max(100), 80),
  'loan.minScoreToBorrow': entry(z.number().int().min(0).max(100), 60),
  'loan.initialQuota': entry(moneyValue, '10000.00'),
  'loan.dailyRate': entry(rate, '0.0005'),
  'loan.quotaRaiseCheckins': entry(z.number().int().min(0).max(31), 20),
  'exchange.spreadRate': entry(rate, '0.005'),
  'currencies.enabled': entry(z.array(z.enum(currencies)).min(1), ['MXN', 'USD', 'USDT', 'EUR']),
  'wallet.types': entry(z.array(z.string().min(1).max(30)).min(1), ['USDT-TRC20', 'USDT-ERC20']),
  'copy.performanceFeeRate': entry(rate, '0.18'),
  'copy.serviceFeeRate': entry(rate, '0.02'),
  /** docs/api.md §22.1: active price alerts per user */
  'alert.maxActive': entry(z.number().int().min(1).max(200), 50),
  'display.title': entry(z.string().min(1).max(100), 'Meridian Securities'),
  'display.logo': entry(z.string().max(500), '/logo.svg'),
  'display.imageBase': entry(z.string().max(500), ''),
  'display.serviceLink': entry(z.string().max(500), 'https://chat.example.com/?account='),
};
type SingleKeys = typeof singleKeys;

/* ---- the types: every key of §19.7 and the value it holds ---- */

type Flat<T> = { [K in keyof T]: T[K] };
/**
 * The value type of every config key, derived from the schemas above: `ConfigValues['exchange.spreadRate']`
 * is `string`, `ConfigValues['deposit.channels']` the channel array, `ConfigValues['withdraw.limits.MXN']`
 * `{ min; max }`, `ConfigValues['market.usd.sessions']` the session array.
 */
export type ConfigValues = Flat<
  { [K in keyof SingleKeys]: z.output<SingleKeys[K]['schema']> } & {
    [F in MarketConfigField as `market.${Market}.${F}`]: MarketFieldValues[F];
  } & { [F in keyof CurrencyFamilies as `${F}.${Currency}`]: z.output<ReturnType<CurrencyFamilies[F]['schema']>> }
>;
export type ConfigKey = keyof ConfigValues;
export type ConfigValue<K extends ConfigKey> = ConfigValues[K];

export interface ConfigKeyDef<K extends ConfigKey = ConfigKey> {
  key: K;
  schema: z.ZodType<ConfigValue<K>>;
  default: ConfigValue<K>;
}

/** Where each per-currency family is listed: after the single key of its group. */
const familyAfter: Partial<Record<keyof SingleKeys, keyof CurrencyFamilies>> = {
  'deposit.channels': 'deposit.limits',
  'withdraw.window': 'withdraw.limits',
  'exchange.spreadRate': 'exchange.minAmount',
  'funds.timezone': 'performance.benchmark',
};

/** Every key in the order the back office lists them: per market, then the single keys with their families. */
function build(): ConfigKeyDef[] {
  const defs: ConfigKeyDef[] = [];
  // each key's schema and default come from one table row, so they match by construction
  const add = (key: ConfigKey, schema: z.ZodType, value: unknown) =>
    defs.push({ key, schema, default: value } as ConfigKeyDef);
  for (const m of markets) {
    const values: MarketFieldValues = { ...sharedMarketDefaults, ...marketDefaults[m] };
    for (const field of Object.keys(marketFields) as MarketConfigField[])
      add(`market.${m}.${field}`, marketFields[field], values[field]);
  }
  for (const key of Object.keys(singleKeys) as (keyof SingleKeys)[]) {
    add(key, singleKeys[key].schema, singleKeys[key].default);
    const name = familyAfter[key];
    if (name)
      for (const cur of currencies)
        add(`${name}.${cur}`, currencyFamilies[name].schema(cur), currencyFamilies[name].default(cur));
  }
  return defs;
}

export const configKeys: readonly ConfigKeyDef[] = build();
export const configKeyMap: ReadonlyMap<string, ConfigKeyDef> = new Map(configKeys.map((d) => [d.key, d]));
export type DepositChannelConfig = z.infer<typeof depositChannelConfig>;

export function isConfigKey(key: string): key is ConfigKey {
  return configKeyMap.has(key);
}

/** The schema and default of one key, typed by the key. */
export function configKeyDef<K extends ConfigKey>(key: K): ConfigKeyDef<K> {
  const def = configKeyMap.get(key);
  if (!def) throw new Error(`unknown config key ${key}`);
  return def as unknown as ConfigKeyDef<K>;
}

/** A value read from `/config/get` (typed `unknown` on the wire) checked against its key's schema; null if it does not fit. */
export function parseConfigValue<K extends ConfigKey>(key: K, value: unknown): ConfigValue<K> | null {
  const parsed = configKeyDef(key).schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
