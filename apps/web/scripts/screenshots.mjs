/**
 * Screenshots of the built web app at 390 × 844 (docs/ui.md "Look at it"), in English, German and
 * Traditional Chinese, light and dark. The API is mocked in the browser, so no server is needed.
 *
 *   npm run build -w @brokerage/web && node apps/web/scripts/screenshots.mjs
 *
 * Writes PNGs to test-artifacts/web/. Uses the system Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { preview } from 'vite';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
// SCREENSHOT_DIR overrides the folder; ONLY=market,stockDetail limits the run to some shots;
// VARIANTS (below) the languages and themes.
const outDir = process.env.SCREENSHOT_DIR
  ? `${process.env.SCREENSHOT_DIR.replace(/\/$/, '')}/`
  : fileURLToPath(new URL('../../../test-artifacts/web/', import.meta.url));
const only = process.env.ONLY ? new Set(process.env.ONLY.split(',')) : null;

const user = {
  id: 'u_3kT9',
  account: '5215512345678',
  realname: 'Ana López',
  is_true: 1,
  phone: '5215512345678',
  kycStatus: 'verified',
  accountType: 'standard',
  hasFundPassword: true,
  dayTrading: false,
  inviteCode: 'K7M2Q9',
  restrictions: [],
  createdAt: '2025-01-05T10:00:00Z',
};
const account = (currency, scale) => ({
  currency,
  available: '80210.00',
  frozen: '5000.00',
  inTransit: '1200.00',
  withdrawable: '79010.00',
  positionsValue: '30220.50',
  investValue: '0.00',
  totalAssets: '125430.50',
  profit: scale,
});
const answers = {
  '/common/config': [
    { name: 'title', value: 'Example Securities' },
    { name: 'logo', value: '/logo.svg' },
    { name: 'service_link', value: 'https://chat.example.com/?account=' },
  ],
  '/common/legal': {
    kind: 'about',
    title: 'About us',
    version: '2025-01',
    updatedAt: '2025-01-02T00:00:00Z',
    content:
      '<h2>Example Securities</h2><p>A US-based asset manager with branches in Frankfurt and the Netherlands.</p><p>We offer quotes, trading and new-share subscription for retail and institutional investors.</p>',
  },
  '/user/getUserinfo': user,
  '/user/notice': [
    {
      id: 'nt_205',
      kind: 'notice',
      title: 'Holiday hours',
      content: '<p>Markets close early on Friday.</p>',
      createdAt: '2025-03-10T09:00:00Z',
    },
    {
      id: 'nt_206',
      kind: 'message',
      title: 'Withdrawal approved',
      content: '<p>Your withdrawal was approved.</p>',
      createdAt: '2025-03-11T09:00:00Z',
    },
  ],
  '/user/assets': {
    currency: 'MXN',
    totalAssets: '125430.50',
    available: '80210.00',
    frozen: '5000.00',
    inTransit: '1200.00',
    withdrawable: '79010.00',
    profit: '3520.50',
    creditScore: 80,
    ratesAt: '2025-03-14T15:30:00Z',
    accounts: [account('MXN', '3520.50')],
  },
};

/* ---- Market data for the market screens (deterministic) ---- */
const now = new Date();
const iso = (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const row = (instrumentId, code, name, market, price, change, changeRate, extra = {}) => ({
  instrumentId,
  code,
  name,
  market,
  board: 'listed',
  assetClass: 'stock',
  currency: market === 'usd' ? 'USD' : market === 'eur' ? 'EUR' : 'MXN',
  tradable: true,
  status: 'trading',
  price,
  change,
  changeRate,
  volume: '18234500',
  turnover: '299438190.00',
  updatedAt: iso(now.getTime()),
  stale: false,
  ...extra,
});
const stocks = [
  row('i_mxn_AMXL', 'AMXL', 'América Móvil', 'mxn', '16.42', '0.12', '0.0074'),
  row('i_mxn_WALMEX', 'WALMEX', 'Walmart de México', 'mxn', '58.10', '-0.95', '-0.0161'),
  row('i_mxn_GFNORTEO', 'GFNORTEO', 'Grupo Financiero Banorte', 'mxn', '171.35', '2.40', '0.0142'),
  row('i_mxn_CEMEXCPO', 'CEMEXCPO', 'Cemex', 'mxn', '11.87', '0.00', '0'),
  row('i_mxn_FEMSAUBD', 'FEMSAUBD', 'Fomento Económico Mexicano', 'mxn', '201.44', '-3.12', '-0.0153'),
  row('i_usd_AAPL', 'AAPL', 'Apple Inc.', 'usd', '172.40', '1.10', '0.0064'),
  row('i_usd_MSFT', 'MSFT', 'Microsoft Corporation', 'usd', '415.20', '-2.35', '-0.0056'),
  row('i_usd_NVDA', 'NVDA', 'NVIDIA Corporation', 'usd', '878.35', '24.10', '0.0282'),
];
const indexRow = (instrumentId, code, name, market, price, change, changeRate) => ({
  ...row(instrumentId, code, name, market, price, change, changeRate),
  assetClass: 'index',
  tradable: false,
});
const indexes = {
  mxn: [indexRow('i_mxn_MEXBOL', 'MEXBOL', 'S&P/BMV IPC', 'mxn', '53210.44', '312.80', '0.0059')],
  usd: [
    indexRow('i_usd_SPX', 'SPX', 'S&P 500', 'usd', '5117.09', '-12.40', '-0.0024'),
    indexRow('i_usd_DJI', 'DJI', 'Dow Jones Industrial Average', 'usd', '38905.66', '75.30', '0.0019'),
    indexRow('i_usd_IXIC', 'IXIC', 'Nasdaq Composite', 'usd', '16103.45', '-42.10', '-0.0026'),
  ],
  eur: [indexRow('i_eur_IBEX', 'IBEX', 'IBEX 35', 'eur', '10223.50', '44.20', '0.0043')],
};
const quote = (id) => {
  const base =
    [...stocks, ...indexes.mxn, ...indexes.usd, ...indexes.eur].find((i) => i.instrumentId === id) ?? stocks[0];
  const isIndex = base.assetClass === 'index';
  return {
    ...base,
    priceScale: 2,
    open: '16.30',
    prevClose: '16.30',
    high: '16.50',
    low: '16.21',
    marketCap: isIndex ? null : '1003000000000.00',
    high52w: '19.40',
    low52w: '14.10',
    foreignOwnershipRatio: isIndex ? null : '0.3120',
    industry: isIndex ? null : 'Telecommunications',
    sharesOutstanding: isIndex ? null : 61100000000,
    limitUp: base.market === 'mxn' && !isIndex ? '17.93' : null,
    limitDown: base.market === 'mxn' && !isIndex ? '14.67' : null,
    listingDate: null,
    bid: '16.41',
    ask: '16.43',
    inSession: true,
    session: 'regular',
    tradingDay: iso(now.getTime()).slice(0, 10),
    watched: id === 'i_mxn_AMXL',
    updatedAt: iso(now.getTime() - 90_000),
    stale: false,
    rules: {
      timezone: 'America/New_York',
      inSession: true,
      sessions: [
        { name: 'pre', open: '04:00', close: '09:30' },
        { name: 'regular', open: '09:30', close: '16:00' },
        { name: 'after', open: '16:00', close: '20:00' },
      ],
      leverageOptions: [1, 2, 5, 10],
      minOpeningAmount: '100.00',
      buyFeeRate: '0.0015',
      sellFeeRate: '0.0015',
      stampDutyRate: '0.001',
      minHoldMinutes: 5,
      tPlusNDays: 1,
      priceLimitRate: '0.10',
    },
  };
};
const wave = (i) => 16.3 + Math.sin(i / 9) * 0.25 + Math.sin(i / 3.1) * 0.06 + i * 0.001;
const candles = (body) => {
  if (body.period === 'time_share') {
    const start = now.getTime() - 240 * 60_000;
    const list = Array.from({ length: 240 }, (_, i) => ({
      t: iso(start + i * 60_000),
      price: wave(i).toFixed(2),
      avgPrice: (16.3 + i * 0.0006).toFixed(2),
      v: String(8000 + ((i * 7919) % 9000)),
    }));
    return { instrumentId: body.instrumentId, period: body.period, adjust: 'none', list };
  }
  const step =
    { '5m': 300_000, '15m': 900_000, '30m': 1_800_000, '1d': 86_400_000, '1w': 604_800_000, '1M': 2_592_000_000 }[
      body.period
    ] ?? 86_400_000;
  const list = Array.from({ length: 120 }, (_, i) => {
    const o = wave(i * 2),
      c = wave(i * 2 + 1);
    return {
      t: iso(now.getTime() - (120 - i) * step),
      o: o.toFixed(2),
      c: c.toFixed(2),
      h: (Math.max(o, c) + 0.08).toFixed(2),
      l: (Math.min(o, c) - 0.07).toFixed(2),
      v: String(1_000_000 + ((i * 7919) % 900_000)),
      turnover: '0.00',
    };
  });
  return { instrumentId: body.instrumentId, period: body.period, adjust: body.adjust ?? 'none', list };
};
const news = Array.from({ length: 8 }, (_, i) => ({
  id: `n_${90 + i}`,
  category: 'top',
  title: [
    'Banxico holds rates steady as inflation cools',
    'Apple unveils new chips for its laptops',
    'Peso firms against the dollar after jobs data',
    'Walmex quarterly sales beat expectations',
  ][i % 4],
  summary: 'Markets moved after the announcement; analysts expect volatility to stay elevated this week.',
  coverUrl: null,
  source: ['Reuters', 'Bloomberg', 'El Economista'][i % 3],
  publishedAt: iso(now.getTime() - i * 3_600_000),
}));
const page1 = (list, size = 20) => ({ list: list.slice(0, size), total: list.length, page: 1, size });
Object.assign(answers, {
  '/market/list': (body) =>
    page1(
      body.tab === 'index'
        ? (indexes[body.market ?? 'mxn'] ?? [])
        : stocks.filter((s) => s.market === (body.market ?? 'mxn')),
    ),
  '/market/quote': (body) => quote(body.instrumentId),
  '/market/candles': candles,
  '/market/watchlist': page1(
    stocks.slice(0, 6).map((s) => ({ ...s, addedAt: s.updatedAt })),
    300,
  ),
  '/market/search': (body) =>
    page1(
      stocks.filter(
        (s) =>
          s.code.toLowerCase().startsWith(body.keyword.toLowerCase()) ||
          s.name.toLowerCase().includes(body.keyword.toLowerCase()),
      ),
    ),
  '/market/searchHistory': page1([
    { keyword: 'amx', at: iso(now.getTime()) },
    { keyword: 'walmex', at: iso(now.getTime()) },
    { keyword: 'nvda', at: iso(now.getTime()) },
  ]),
  '/common/newsList': (body) =>
    page1(
      news.map((n) => ({ ...n, category: body.category })),
      body.size ?? 10,
    ),
  '/common/newsDetail': (body) => ({
    ...news[0],
    id: body.id,
    content:
      '<p>The central bank kept its benchmark rate unchanged at 11.00%, in line with expectations.</p><p>Shares of banks rose in early trading.</p>',
    instrumentIds: ['i_mxn_GFNORTEO', 'i_mxn_AMXL'],
  }),
});

/* ---- Money screens (docs/api.md §7.9–§7.11, §10, §11) ---- */
const fundAccount = (currency, available, extra = {}) => ({
  currency,
  available,
  frozen: '0.00',
  inTransit: '0.00',
  withdrawable: available,
  positionsValue: '0.00',
  investValue: '0.00',
  totalAssets: available,
  profit: '0.00',
  ...extra,
});
const allRules = (failing = []) =>
  [
    ['withdraw_blocked', 'account.withdraw_blocked', {}],
    ['kyc', 'kyc.not_passed', { kycStatus: 'verified' }],
    ['fund_password', 'password.fund_not_set', {}],
    ['window', 'withdraw.outside_window', { open: '09:30', close: '24:00' }],
    ['min', 'withdraw.below_min', { min: '500.00', currency: 'MXN' }],
    ['max', 'withdraw.above_max', { max: '500000.00', currency: 'MXN' }],
    ['unpaid_loan', 'loan.unpaid', {}],
    ['operation_pending', 'funds.operation_pending', {}],
    ['withdrawable', 'funds.insufficient_withdrawable', { withdrawable: '59010.00', currency: 'MXN' }],
  ].map(([rule, code, params]) => ({ rule, ok: !failing.includes(rule), code, params }));
const channels = [
  {
    channelId: 'ch_mx1',
    type: 'bank',
    currency: 'MXN',
    name: 'SPEI transfer',
    accountName: 'Example Securities SA de CV',
    accountNumber: '012180001234567891',
    bankName: 'BBVA México',
    branch: 'CDMX Centro',
    network: null,
    address: null,
    qrImageUrl: null,
    min: '100.00',
    max: '1000000.00',
    window: { open: '00:00', close: '23:59' },
    days: [1, 2, 3, 4, 5],
    timezone: 'America/Mexico_City',
    inWindow: true,
  },
  {
    channelId: 'ch_mx2',
    type: 'bank',
    currency: 'MXN',
    name: 'Banorte branch deposit',
    accountName: 'Example Securities SA de CV',
    accountNumber: '072180001234567890',
    bankName: 'Banorte',
    branch: 'Monterrey Centro',
    network: null,
    address: null,
    qrImageUrl: null,
    min: '500.00',
    max: '200000.00',
    window: { open: '09:00', close: '17:00' },
    days: [1, 2, 3, 4, 5],
    timezone: 'America/Mexico_City',
    inWindow: false,
  },
  {
    channelId: 'ch_usdt',
    type: 'crypto',
    currency: 'USDT',
    name: 'USDT (TRC20)',
    accountName: null,
    accountNumber: null,
    bankName: null,
    branch: null,
    network: 'TRC20',
    address: 'TQ5NqWQ9rAqYq8n8qJ7bq3r5Vf1mW2kXyZ',
    qrImageUrl: null,
    min: '10.00',
    max: '100000.00',
    window: { open: '00:00', close: '24:00' },
    days: [1, 2, 3, 4, 5, 6, 7],
    timezone: 'UTC',
    inWindow: true,
  },
];
const withdrawal = (id, state, minutesAgo, extra = {}) => {
  const created = iso(now.getTime() - minutesAgo * 60_000);
  const reviewed = state === 'pending' ? null : iso(now.getTime() - (minutesAgo - 30) * 60_000);
  const timeline = [
    { step: 'submitted', at: created, reason: null, done: true },
    { step: 'under_review', at: created, reason: null, done: state !== 'pending' },
    ...(state === 'rejected'
      ? [{ step: 'rejected', at: reviewed, reason: 'Name does not match the card holder', done: true }]
      : [
          { step: 'approved', at: reviewed, reason: null, done: state === 'approved' },
          { step: 'paid', at: state === 'approved' ? reviewed : null, reason: null, done: state === 'approved' },
        ]),
  ];
  return {
    id,
    orderNo: `W2025031400000${id.slice(-1)}`,
    currency: 'MXN',
    amount: '1000.00',
    fee: '0.00',
    state,
    destination: { kind: 'card', label: 'BBVA México', masked: '4152********5678' },
    createdAt: created,
    reviewedAt: reviewed,
    rejectReason: state === 'rejected' ? 'Name does not match the card holder' : null,
    timeline,
    ...extra,
  };
};
const records = {
  trade: [
    {
      id: 'l_903',
      orderNo: 'X20250314000007',
      kind: 'exchange_in',
      currency: 'MXN',
      amount: '716.94',
      frozenChange: '0.00',
      balanceAfter: '80926.94',
      createdAt: iso(now.getTime() - 3_600_000),
      remark: 'USD → MXN @ 17.92345678',
    },
    {
      id: 'l_902',
      orderNo: '20250314093000123',
      kind: 'order_open',
      currency: 'MXN',
      amount: '-3420.55',
      frozenChange: '0.00',
      balanceAfter: '80210.00',
      createdAt: iso(now.getTime() - 7_200_000),
      remark: 'AMXL long 200',
    },
    {
      id: 'l_901',
      orderNo: '20250314093000122',
      kind: 'order_freeze',
      currency: 'MXN',
      amount: '-1500.00',
      frozenChange: '1500.00',
      balanceAfter: '83630.55',
      createdAt: iso(now.getTime() - 9_000_000),
      remark: 'WALMEX limit buy 25',
    },
  ],
  deposit: [
    {
      id: 'd_52',
      orderNo: 'D20250314000052',
      channelId: 'ch_mx1',
      currency: 'MXN',
      amount: '5000.00',
      state: 'pending',
      createdAt: iso(now.getTime() - 600_000),
      reviewedAt: null,
      rejectReason: null,
    },
    {
      id: 'd_51',
      orderNo: 'D20250313000051',
      channelId: 'ch_mx1',
      currency: 'MXN',
      amount: '20000.00',
      state: 'approved',
      createdAt: iso(now.getTime() - 86_400_000),
      reviewedAt: iso(now.getTime() - 80_000_000),
      rejectReason: null,
    },
  ],
  withdraw: [
    withdrawal('w_13', 'pending', 20),
    withdrawal('w_12', 'rejected', 1500),
    withdrawal('w_11', 'approved', 3000),
  ],
};
const fundsAnswers = {
  '/user/kycStatus': {
    kycStatus: 'verified',
    name: 'Ana López',
    idNumberMasked: 'LOPA85***********7',
    submittedAt: '2025-03-01T10:00:00Z',
    reviewedAt: '2025-03-01T12:00:00Z',
    rejectReason: null,
  },
  '/card/list': {
    cards: [
      {
        cardId: 'c_2',
        holder: 'Ana López',
        numberMasked: '4152********5678',
        bankName: 'BBVA México',
        branch: 'CDMX Centro',
        bankCode: '012',
        createdAt: '2025-03-01T10:00:00Z',
      },
    ],
    wallets: [
      {
        walletId: 'wl_1',
        type: 'USDT-TRC20',
        address: 'TQ5NqWQ9rAqYq8n8qJ7bq3r5Vf1mW2kXyZ',
        qrImageUrl: null,
        createdAt: '2025-03-01T10:00:00Z',
      },
    ],
  },
  '/funds/depositChannels': { list: channels },
  '/funds/withdrawInfo': (body) => ({
    currency: body.currency ?? 'MXN',
    withdrawable: '59010.00',
    min: '500.00',
    max: '500000.00',
    feeRate: '0.001',
    window: { open: '09:30', close: '24:00' },
    days: [1, 2, 3, 4, 5],
    timezone: 'America/Mexico_City',
    inWindow: true,
    hasFundPassword: true,
    unpaidLoan: false,
    pendingWithdrawal: true,
    rules: allRules(['operation_pending']),
  }),
  '/funds/records': (body) => page1(records[body.tab] ?? []),
  '/funds/rates': (body) => {
    const table = {
      USD: { MXN: '17.92345678', EUR: '0.91234567', USDT: '0.99800000' },
      MXN: { USD: '0.05579277', EUR: '0.05090000', USDT: '0.05570000' },
    };
    const base = body.base ?? 'USD';
    return {
      list: Object.entries(table[base] ?? {}).map(([to, rate]) => ({
        from: base,
        to,
        rate,
        exchangeable: true,
        updatedAt: iso(now.getTime() - 12_000),
      })),
    };
  },
  '/funds/statementMonths': { currency: 'MXN', months: ['2026-03', '2026-02', '2026-01', '2025-12'] },
  '/funds/statementRange': {
    currency: 'MXN',
    from: '2025-03-01',
    to: '2025-03-14',
    timezone: 'America/Mexico_City',
    opening: { available: '60000.00', frozen: '0.00' },
    closing: { available: '80926.94', frozen: '1500.00' },
    lines: [],
  },
};
Object.assign(answers, fundsAnswers);
answers['/user/assets'] = {
  ...answers['/user/assets'],
  accounts: [
    fundAccount('MXN', '80210.00', {
      frozen: '5000.00',
      inTransit: '1200.00',
      withdrawable: '79010.00',
      totalAssets: '115430.50',
      positionsValue: '30220.50',
    }),
    fundAccount('USD', '250.00', { totalAssets: '750.00', positionsValue: '500.00' }),
    fundAccount('USDT', '0.00'),
    fundAccount('EUR', '1200.00'),
  ],
};
const unverified = {
  '/user/getUserinfo': { ...user, realname: '', is_true: 0, kycStatus: 'none' },
  '/user/kycStatus': {
    kycStatus: 'none',
    name: null,
    idNumberMasked: null,
    submittedAt: null,
    reviewedAt: null,
    rejectReason: null,
  },
};

const shots = [
  { name: 'start', hash: '#/login/start', loggedIn: false },
  { name: 'login', hash: '#/login/login', loggedIn: false },
  { name: 'register', hash: '#/login/register', loggedIn: false },
  { name: 'home', hash: '#/home/index', loggedIn: true },
  { name: 'mine', hash: '#/information/index', loggedIn: true },
  { name: 'setting', hash: '#/information/setting', loggedIn: true },
  { name: 'changeLang', hash: '#/information/changeLang', loggedIn: true },
  { name: 'userInfo', hash: '#/information/userInfo', loggedIn: true },
  { name: 'aboutUs', hash: '#/information/aboutUs', loggedIn: true },
  { name: 'fundPass', hash: '#/information/fundPass', loggedIn: true },
  { name: 'placeholder', hash: '#/information/inviteFriends', loggedIn: true },
  { name: 'wallet', hash: '#/information/wallet', loggedIn: true },
  { name: 'authInfo-form', hash: '#/information/authInfo', loggedIn: true, overrides: unverified },
  { name: 'authInfo-verified', hash: '#/information/authInfo', loggedIn: true },
  { name: 'kyc-gate', hash: '#/information/cashOut', loggedIn: true, overrides: unverified },
  { name: 'bankList', hash: '#/information/bankList', loggedIn: true },
  { name: 'addBankCard', hash: '#/information/addBankCard', loggedIn: true, fill: ['card-number', '4152313412345678'] },
  { name: 'addWallet', hash: '#/information/addBankCard?tab=wallet', loggedIn: true },
  { name: 'recharge', hash: '#/information/recharge', loggedIn: true },
  {
    name: 'rechargeChannel',
    hash: '#/information/rechargeChannel?channelId=ch_mx1',
    loggedIn: true,
    fill: ['deposit-amount', '50'],
  },
  { name: 'cashOut', hash: '#/information/cashOut', loggedIn: true, fill: ['cashout-amount', '600'] },
  {
    name: 'cashOut-timeline',
    hash: '#/information/cashOut',
    loggedIn: true,
    click: 'withdraw-record-w_12',
    scroll: true,
  },
  { name: 'fundRecord', hash: '#/information/fundRecord', loggedIn: true },
  { name: 'fundRecord-withdraw', hash: '#/information/fundRecord?tab=withdraw', loggedIn: true },
  { name: 'statement', hash: '#/information/fundRecord', loggedIn: true, click: 'statement-open' },
  { name: 'statements', hash: '#/information/statements', loggedIn: true },
  { name: 'exChange', hash: '#/information/exChange', loggedIn: true, fill: ['exchange-amount', '1000'] },
  { name: 'about', hash: '#/information/aboutUs', loggedIn: true, scroll: true },
  { name: 'market', hash: '#/market/index', loggedIn: true },
  { name: 'market-otc', hash: '#/market/index?tab=subscription', loggedIn: true },
  { name: 'stockDetail', hash: '#/market/stockDetail?id=i_mxn_AMXL', loggedIn: true },
  { name: 'stockDetail-figures', hash: '#/market/stockDetail?id=i_mxn_AMXL', loggedIn: true, scroll: true },
  { name: 'stockDetail-day', hash: '#/market/stockDetail?id=i_mxn_AMXL', loggedIn: true, click: 'chart-period-1d' },
  { name: 'indexDetail', hash: '#/market/stockDetailzs?id=i_usd_SPX', loggedIn: true },
  { name: 'zhiShu', hash: '#/market/zhiShu', loggedIn: true },
  { name: 'favorite', hash: '#/favorite/index', loggedIn: true },
  { name: 'favorite-edit', hash: '#/favorite/index', loggedIn: true, click: 'favorite-edit' },
  {
    name: 'favorite-checked',
    hash: '#/favorite/index',
    loggedIn: true,
    clicks: ['favorite-edit', 'favorite-check-i_mxn_AMXL', 'favorite-check-i_usd_AAPL'],
  },
  { name: 'search', hash: '#/favorite/search', loggedIn: true },
  { name: 'search-results', hash: '#/favorite/search', loggedIn: true, fill: ['search-input', 'm'] },
  { name: 'newsList', hash: '#/home/newsList', loggedIn: true },
  { name: 'newsDetail', hash: '#/home/newsDetail?id=n_90', loggedIn: true },
  { name: 'homeMarket', hash: '#/home/market?session=pre', loggedIn: true },
  { name: 'home-bottom', hash: '#/home/index', loggedIn: true, scroll: true },
  {
    name: 'mine-frozen',
    hash: '#/information/index',
    loggedIn: true,
    click: 'mine-frozen-toggle',
    // a USD hold (a block-trade application) shown in pesos: the breakdown names it
    overrides: {
      '/user/assets': {
        ...answers['/user/assets'],
        frozen: '418208.37',
        accounts: [
          { ...answers['/user/assets'].accounts[0], frozen: '5000.00' },
          { ...answers['/user/assets'].accounts[1], frozen: '20000.00' },
          ...answers['/user/assets'].accounts.slice(2),
        ],
      },
    },
  },
];
// VARIANTS=de:light,de:dark,zh:light,zh:dark picks other languages and themes.
const variants = process.env.VARIANTS
  ? process.env.VARIANTS.split(',').map((variant) => {
      const [language = 'en', scheme = 'light'] = variant.split(':');
      return { language, scheme };
    })
  : [
      { language: 'en', scheme: 'light' },
      { language: 'de', scheme: 'light' },
      { language: 'zh', scheme: 'dark' },
    ];

await mkdir(outDir, { recursive: true });
const server = await preview({
  root: webRoot,
  configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
  preview: { port: 4173, strictPort: false },
});
const baseUrl = server.resolvedUrls?.local[0] ?? 'http://localhost:4173/';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  for (const { language, scheme } of variants) {
    for (const shot of shots) {
      if (only && !only.has(shot.name)) continue;
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        colorScheme: scheme,
        isMobile: true,
        hasTouch: true,
      });
      await context.addInitScript(
        ([lang, loggedIn]) => {
          if (sessionStorage.getItem('seeded')) return;
          sessionStorage.setItem('seeded', '1');
          localStorage.clear();
          localStorage.setItem('language', lang);
          if (loggedIn) {
            localStorage.setItem('tokend', 'demo-token');
            localStorage.setItem('account', '5215512345678');
            localStorage.setItem('readMsgIds', '["nt_206"]');
          }
        },
        [language, shot.loggedIn],
      );
      await context.route('**/api/vue/**', (route) => {
        const path = new URL(route.request().url()).pathname.replace('/api/vue', '');
        const entry = shot.overrides?.[path] ?? answers[path] ?? null;
        const data = typeof entry === 'function' ? entry(JSON.parse(route.request().postData() || '{}')) : entry;
        return route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ status: 1, msg: 'ok', data }),
        });
      });
      const page = await context.newPage();
      await page.goto(`${baseUrl}${shot.hash}`);
      await page.waitForLoadState('networkidle');
      for (const id of shot.clicks ?? (shot.click ? [shot.click] : [])) await page.getByTestId(id).click();
      if (shot.fill) await page.getByTestId(shot.fill[0]).fill(shot.fill[1]);
      if (shot.scroll) await page.mouse.wheel(0, 2000);
      await page.waitForTimeout(shot.click || shot.clicks || shot.fill || shot.scroll ? 900 : 400);
      await page.screenshot({ path: `${outDir}${shot.name}-${language}-${scheme}.png` });
      await context.close();
    }
  }
  // The left user panel, opened from the header avatar.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  await context.addInitScript(() => {
    localStorage.setItem('tokend', 'demo-token');
    localStorage.setItem('account', '5215512345678');
  });
  await context.route('**/api/vue/**', (route) => {
    const path = new URL(route.request().url()).pathname.replace('/api/vue', '');
    const entry = answers[path] ?? null;
    const data = typeof entry === 'function' ? entry(JSON.parse(route.request().postData() || '{}')) : entry;
    return route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ status: 1, msg: 'ok', data }),
    });
  });
  const page = await context.newPage();
  await page.goto(`${baseUrl}#/home/index`);
  await page.getByTestId('header-avatar').click();
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${outDir}panel-en-light.png` });
  // A rejection toast.
  await context.unroute('**/api/vue/**');
  await context.route('**/api/vue/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        status: 0,
        msg: 'Wrong account or password.',
        code: 'auth.wrong_credentials',
        params: {},
      }),
    }),
  );
  await page.goto(`${baseUrl}#/login/login`);
  await page.getByTestId('login-account').fill('5215512345678');
  await page.getByTestId('login-password').fill('wrong');
  await page.getByTestId('login-submit').click();
  await page.getByText('Wrong account or password.').waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${outDir}login-toast-en-light.png` });
  await context.close();
} finally {
  await browser.close();
  await new Promise((resolve) => server.httpServer.close(resolve));
}
console.log(`Screenshots written to ${outDir}`);
