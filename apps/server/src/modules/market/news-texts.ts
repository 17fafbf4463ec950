/**
 * Demo news for the simulated market, written by our house desk for this product. These are
 * illustrative explainers, not reports of real events: they describe how the simulated market
 * behaves and what to watch, never real prices or decisions. Instrument ids match the
 * market-sim universe. Each article exists in all five languages: English here, the others in
 * `news-translations/` (a test checks that every article has all four).
 */
import type { NewsTranslations } from '@brokerage/contract';
import { newsDe } from './news-translations/de.js';
import { newsEsp } from './news-translations/esp.js';
import { newsKor } from './news-translations/kor.js';
import { newsZh } from './news-translations/zh.js';

export interface NewsSeed {
  id: string;
  category: 'top' | 'stock';
  title: string;
  summary: string;
  source: string;
  /** ISO 8601 UTC */
  publishedAt: string;
  instrumentIds: string[];
  /** simple HTML: <p>, <ul><li>, <strong> only (plus the closing disclaimer) */
  content: string;
  /** the article in German, Chinese, Spanish and Korean */
  translations: NewsTranslations;
}

const SOURCE = 'Meridian Research';
const DISCLAIMER = '<p><em>Demo content for the simulated market. Not investment advice.</em></p>';

const englishSeeds: readonly Omit<NewsSeed, 'translations'>[] = [
  {
    id: 'n_demo_01',
    category: 'top',
    title: 'Crypto never sleeps: trading Bitcoin and Ether through the weekend',
    summary:
      'The simulated crypto market runs around the clock, seven days a week. Here is what that means for quotes, spreads and orders placed while stock markets are closed.',
    source: SOURCE,
    publishedAt: '2026-11-01T10:00:00Z',
    instrumentIds: ['i_crypto_BTC-USDT', 'i_crypto_ETH-USDT'],
    content: `
<p>Unlike the stock markets in New York, Mexico City and Madrid, the <strong>simulated crypto market has no closing bell</strong>. Bitcoin, Ether and the other coins in the app are quoted against USDT every minute of every day, including weekends and public holidays.</p>
<p>A few practical points for the weekend session:</p>
<ul>
<li><strong>Daily figures</strong> (open, high, low and change) refer to a calendar day, not to a session between an opening and a closing bell.</li>
<li><strong>Volatility is higher</strong> than for large-cap stocks: in the simulated market a move of several percent in a day is routine for smaller coins.</li>
<li><strong>Spreads</strong> are tightest for Bitcoin and Ether and wider for smaller coins such as Polkadot or TRON.</li>
<li>Quantities can be fractional, so you can buy a small slice of a coin rather than a whole unit.</li>
</ul>
<p>If you hold both stocks and coins, remember that a weekend move in crypto can change the value of your account while your stock positions stay frozen at Friday's close.</p>
${DISCLAIMER}`,
  },
  {
    id: 'n_demo_02',
    category: 'top',
    title: 'Banxico meeting week: what a rate decision means for the simulated peso',
    summary:
      "Mexico's central bank sets the overnight interbank rate. We explain how a hold, a cut or a surprise typically flows through to USD/MXN and Mexican bank stocks in our simulated market.",
    source: SOURCE,
    publishedAt: '2026-11-02T14:00:00Z',
    instrumentIds: ['i_forex_USDMXN', 'i_mxn_GFNORTEO'],
    content: `
<p>Banco de México (Banxico) steers Mexican interest rates through its target for the overnight interbank rate, with a mandate to keep inflation close to its 3% goal. Its decisions are one of the main scheduled events for anyone holding pesos or Mexican assets.</p>
<p>How to read a decision in the <strong>simulated session</strong>:</p>
<ul>
<li><strong>A hold in line with expectations</strong> usually leaves USD/MXN within its normal daily range.</li>
<li><strong>A cut</strong> narrows the gap between Mexican and US rates, which can make the peso less attractive to carry traders; USD/MXN tends to drift higher.</li>
<li><strong>A hawkish surprise</strong> can do the opposite and strengthen the peso.</li>
</ul>
<p>Banks such as Banorte are sensitive to the rate path as well: lower rates can squeeze the margin they earn on loans, while supporting credit demand over time.</p>
<p>If you hold balances in both pesos and dollars, USD/MXN also changes what those balances are worth in each other's terms, so a rate decision can matter even if you hold no Mexican stocks.</p>
${DISCLAIMER}`,
  },
  {
    id: 'n_demo_03',
    category: 'stock',
    title: 'América Móvil: the telecom heavyweight of the IPC basket',
    summary:
      'AMX B is one of the largest weights in the simulated S&P/BMV IPC. A look at what the company does and why its moves matter for the index.',
    source: SOURCE,
    publishedAt: '2026-11-03T15:30:00Z',
    instrumentIds: ['i_mxn_AMXB'],
    content: `
<p><strong>América Móvil</strong> runs mobile, fixed-line and pay-TV networks across Latin America and beyond, under brands such as Telcel in Mexico and Claro in many other countries. Its Series B shares trade in Mexico City under the code <strong>AMXB</strong>.</p>
<p>Because of its size, AMX B carries one of the largest weights in the <strong>simulated S&amp;P/BMV IPC</strong>. When it moves, the index moves with it, so a quiet day for the index can hide a busy one for the stock, and the other way round.</p>
<p>Points worth watching on the stock page:</p>
<ul>
<li><strong>Dividend ex-dates</strong>: on those days the previous close is adjusted, so the daily change stays meaningful.</li>
<li><strong>Market value</strong>, computed from the simulated price and the share count.</li>
<li><strong>The peso</strong>: a large part of the business earns in other currencies, so USD/MXN is a useful companion chart.</li>
</ul>
${DISCLAIMER}`,
  },
  {
    id: 'n_demo_04',
    category: 'top',
    title: 'Fed decision day: following the dollar through the simulated session',
    summary:
      'A Federal Reserve announcement is the most watched event of the US trading day. Here is a checklist for reading it through US indexes and the dollar pairs in the app.',
    source: SOURCE,
    publishedAt: '2026-11-04T19:30:00Z',
    instrumentIds: ['i_usd_SPX', 'i_usd_NDX', 'i_forex_EURUSD'],
    content: `
<p>The US Federal Reserve sets the federal funds target range with a dual mandate: stable prices and maximum employment. Its statement and the press conference that follows are released during the New York afternoon, so the reaction plays out before the close.</p>
<p>A checklist for the <strong>simulated session</strong>:</p>
<ul>
<li><strong>S&amp;P 500 and Nasdaq-100</strong>: growth-heavy baskets such as the Nasdaq-100 tend to react more strongly to changes in the expected rate path.</li>
<li><strong>EUR/USD and USD/JPY</strong>: a firmer dollar shows up as EUR/USD falling and USD/JPY rising.</li>
<li><strong>USD/MXN</strong>: the peso responds to the gap between US and Mexican rates.</li>
</ul>
<p>Remember that the indexes in the app are computed from their members' simulated prices. To see what drove a move, compare the daily changes of the largest members.</p>
${DISCLAIMER}`,
  },
  {
    id: 'n_demo_05',
    category: 'stock',
    title: 'NVIDIA after two splits: reading an adjusted chart',
    summary:
      "NVIDIA split its shares 4-for-1 in 2021 and 10-for-1 in 2024. We show how the app's forward and backward adjustment keeps the long-term chart readable.",
    source: SOURCE,
    publishedAt: '2026-11-05T14:45:00Z',
    instrumentIds: ['i_usd_NVDA'],
    content: `
<p><strong>NVIDIA</strong> is one of the most traded names in the US market and carries a large weight in both the S&amp;P 500 and the Nasdaq-100. Its price history also includes two stock splits: <strong>4-for-1 in July 2021</strong> and <strong>10-for-1 in June 2024</strong>.</p>
<p>A split changes the number of shares and the price per share, not the value of a holding. On an unadjusted chart, however, each split looks like a sudden collapse. The chart settings in the app let you choose:</p>
<ul>
<li><strong>No adjustment</strong>: prices exactly as they were quoted at the time, with the jumps on split days.</li>
<li><strong>An adjusted view</strong> (forward or backward): prices on one side of each split are rescaled by the split ratio, so the line is continuous and long-term returns can be compared at a glance.</li>
</ul>
<p>Whichever view you choose, your positions and order prices always use the current, unadjusted quote.</p>
${DISCLAIMER}`,
  },
  {
    id: 'n_demo_06',
    category: 'top',
    title: 'ECB watch: why euro rates matter for the IBEX 35 and EUR/USD',
    summary:
      "The European Central Bank's rate path shapes the euro and the Spanish market, where banks carry a large weight. A guide to reading the link in the simulated market.",
    source: SOURCE,
    publishedAt: '2026-11-06T09:15:00Z',
    instrumentIds: ['i_eur_IBEX', 'i_forex_EURUSD', 'i_forex_EURMXN'],
    content: `
<p>The European Central Bank aims for inflation of 2% over the medium term across the euro area. Its deposit rate decisions filter into Spanish assets in two ways.</p>
<ul>
<li><strong>Banks</strong>: Santander, BBVA, CaixaBank and Sabadell together make up a large part of the IBEX 35. Higher rates have tended to support their lending margins; a lower path can weigh on them.</li>
<li><strong>Utilities and infrastructure</strong>: names such as Iberdrola, Redeia and Aena are often treated as rate-sensitive because of their long-dated investments and steady cash flows.</li>
</ul>
<p>On the currency side, a change in the ECB's outlook relative to the Fed's moves <strong>EUR/USD</strong>, and through it <strong>EUR/MXN</strong>, which sets the value of euro balances for clients who report in pesos.</p>
<p>In the <strong>simulated session</strong>, open the IBEX 35 page and compare the daily change of the bank members with that of the utilities to see which side of the index is doing the lifting.</p>
${DISCLAIMER}`,
  },
  {
    id: 'n_demo_07',
    category: 'stock',
    title: 'Santander and BBVA: two Spanish banks, two different footprints',
    summary:
      'The two largest banks in the IBEX 35 share a home market but earn much of their profit elsewhere. A side-by-side guide for following them in the app.',
    source: SOURCE,
    publishedAt: '2026-11-09T08:30:00Z',
    instrumentIds: ['i_eur_SAN', 'i_eur_BBVA'],
    content: `
<p><strong>Banco Santander</strong> and <strong>BBVA</strong> are the two largest banks on the Madrid market and two of the heaviest weights in the simulated IBEX 35. Both are headquartered in Spain, but their businesses abroad differ.</p>
<ul>
<li><strong>Santander</strong> has large operations in the United Kingdom, Brazil, the United States and the rest of Europe and Latin America.</li>
<li><strong>BBVA</strong> earns a large share of its profit in Mexico, where it is the biggest bank, and also has a sizeable business in Turkey.</li>
</ul>
<p>That is why BBVA watchers often keep an eye on <strong>EUR/MXN</strong>: a change in the peso affects how the Mexican profits translate into euros.</p>
<p>Both banks usually pay dividends twice a year. On an ex-date, the app adjusts the previous close by the dividend so the daily change reflects trading rather than the payout.</p>
${DISCLAIMER}`,
  },
  {
    id: 'n_demo_08',
    category: 'top',
    title: 'USD/MXN: three forces behind peso swings',
    summary:
      "Rate differentials, risk appetite and trade flows explain most of the peso's day-to-day moves. How to spot each one in the simulated market.",
    source: SOURCE,
    publishedAt: '2026-11-10T13:00:00Z',
    instrumentIds: ['i_forex_USDMXN', 'i_forex_EURMXN'],
    content: `
<p>The Mexican peso is one of the most traded emerging-market currencies, and it often moves even on days when nothing happens in Mexico. Three forces do most of the work:</p>
<ul>
<li><strong>Rate differentials</strong>: the gap between Banxico's and the Fed's rates makes the peso attractive for carry trades; when the gap narrows, that support fades.</li>
<li><strong>Global risk appetite</strong>: in risk-off episodes investors sell liquid emerging-market currencies first, and the peso is among the most liquid.</li>
<li><strong>Trade and remittances</strong>: exports to the United States and money sent home by workers abroad create steady demand for pesos.</li>
</ul>
<p>Remember the quoting convention: <strong>USD/MXN going up means a weaker peso</strong>, because each dollar buys more pesos.</p>
<p>If you plan to exchange currencies in your account, it is worth checking both USD/MXN and EUR/MXN before you convert.</p>
${DISCLAIMER}`,
  },
  {
    id: 'n_demo_09',
    category: 'stock',
    title: 'Walmart and Walmex: one retailer, two markets',
    summary:
      'Walmart Inc. trades in New York; its Mexican arm Wal-Mart de México trades in Mexico City. Comparing the two is a simple way to see the currency at work.',
    source: SOURCE,
    publishedAt: '2026-11-11T16:00:00Z',
    instrumentIds: ['i_usd_WMT', 'i_mxn_WALMEX'],
    content: `
<p><strong>Walmart Inc.</strong> is listed in New York and belongs to the Dow Jones Industrial Average. <strong>Wal-Mart de México (Walmex)</strong> is listed in Mexico City and is majority-owned by its US parent, with supermarkets, warehouse clubs and discount stores in Mexico and Central America.</p>
<p>The two stocks share a brand but not a currency. When you compare them in the app:</p>
<ul>
<li>WMT is quoted in <strong>US dollars</strong>; WALMEX in <strong>pesos</strong>.</li>
<li>To compare returns fairly, look at WALMEX together with USD/MXN: a flat peso price on a day the peso strengthens is still a gain for a dollar-based investor.</li>
<li>The trading hours overlap for most of the day, but the Mexican session and holidays follow the Mexican calendar.</li>
</ul>
<p>Walmart's history in the app also shows its <strong>3-for-1 split of February 2024</strong>; choose an adjusted chart to compare prices on either side of it.</p>
${DISCLAIMER}`,
  },
  {
    id: 'n_demo_10',
    category: 'top',
    title: 'Earnings season: how to read a results-day move',
    summary:
      'Quarterly results bring the largest single-stock moves of the year. A short guide to gaps, volume and index effects in the simulated market.',
    source: SOURCE,
    publishedAt: '2026-11-12T21:30:00Z',
    instrumentIds: ['i_usd_SPX', 'i_mxn_IPC', 'i_eur_IBEX'],
    content: `
<p>Most large companies publish quarterly results within a few weeks of each quarter's end. In the US they often report before the open or after the close, so the reaction shows up as a <strong>gap</strong> between the previous close and the next open.</p>
<p>What to look at on a results day in the <strong>simulated session</strong>:</p>
<ul>
<li><strong>The opening gap</strong> versus the rest of the day: does the move extend or fade after the open?</li>
<li><strong>Volume</strong> compared with the stock's usual daily volume: heavy trading suggests the move is broadly shared.</li>
<li><strong>The index</strong>: a large member such as a mega-cap technology company can move the S&amp;P 500 on its own.</li>
</ul>
<p>The same logic applies to the IPC in Mexico and the IBEX 35 in Spain, where a handful of heavyweights make up a large share of each index.</p>
${DISCLAIMER}`,
  },
  {
    id: 'n_demo_11',
    category: 'stock',
    title: "Apple's quarterly dividend: what happens on the ex-date",
    summary:
      'Apple pays a small cash dividend every quarter. We explain how the ex-date shows up in the quote, the chart and your account in the app.',
    source: SOURCE,
    publishedAt: '2026-11-13T14:00:00Z',
    instrumentIds: ['i_usd_AAPL'],
    content: `
<p><strong>Apple</strong> has paid a quarterly cash dividend for years, alongside large share buybacks. The amount per share is small relative to the share price, but the mechanics are the same as for any dividend payer.</p>
<ul>
<li><strong>Ex-date</strong>: the first trading day on which a buyer no longer receives the upcoming dividend. The price typically opens lower by roughly the dividend amount.</li>
<li><strong>Previous close</strong>: on the ex-date the app adjusts the previous close by the dividend, so the daily change is not distorted by the payout.</li>
<li><strong>Charts</strong>: choose an adjusted view to compare total price moves over long periods.</li>
</ul>
<p>Apple is also a member of the simulated S&amp;P 500, Nasdaq-100 and Dow Jones Industrial Average, so its moves feed into all three index pages.</p>
${DISCLAIMER}`,
  },
  {
    id: 'n_demo_12',
    category: 'top',
    title: 'IBEX 35 weekly: banks, utilities and the shape of the Spanish index',
    summary:
      "A handful of banks and utilities carry much of the IBEX 35. What that concentration means for the index's behaviour in the simulated market.",
    source: SOURCE,
    publishedAt: '2026-11-16T16:45:00Z',
    instrumentIds: ['i_eur_IBEX', 'i_eur_IBE', 'i_eur_ITX'],
    content: `
<p>The IBEX 35 is the benchmark of the Madrid market. It is weighted by free-float market value, which means a small group of large companies accounts for a big share of its moves.</p>
<ul>
<li><strong>Banks</strong>: Santander, BBVA and CaixaBank are among the heaviest members.</li>
<li><strong>Utilities</strong>: Iberdrola is the largest, joined by Endesa, Naturgy and Redeia.</li>
<li><strong>Retail and travel</strong>: Inditex, Aena and IAG give the index exposure to consumers and tourism.</li>
</ul>
<p>Because banks and utilities often respond differently to the interest-rate outlook, the IBEX can look calm on days when its members are moving in opposite directions. In the <strong>simulated session</strong>, compare the daily changes of the largest members to see which group is driving the index.</p>
${DISCLAIMER}`,
  },
  {
    id: 'n_demo_13',
    category: 'stock',
    title: 'Grupo México and the copper cycle',
    summary:
      'Grupo México combines copper mining with railways and infrastructure. Why the stock often behaves like a play on global industrial demand.',
    source: SOURCE,
    publishedAt: '2026-11-18T15:00:00Z',
    instrumentIds: ['i_mxn_GMEXICOB'],
    content: `
<p><strong>Grupo México</strong> is one of the heaviest members of the S&amp;P/BMV IPC. Its largest business is mining, chiefly copper, through operations in Mexico, Peru and the United States; it also runs one of Mexico's main freight railway networks and an infrastructure division.</p>
<p>Copper is used in power grids, buildings, vehicles and electronics, so its price tends to follow expectations for global industrial activity. As a result, GMEXICO B can move on news from far outside Mexico.</p>
<ul>
<li><strong>Volatility</strong>: mining stocks usually swing more than consumer staples in the simulated market.</li>
<li><strong>Currency</strong>: copper is priced in dollars while the shares trade in pesos, so a weaker peso can cushion a lower metal price.</li>
<li><strong>Dividends</strong>: the company has a history of regular payouts; check the stock page for ex-dates in the simulated history.</li>
</ul>
${DISCLAIMER}`,
  },
  {
    id: 'n_demo_14',
    category: 'stock',
    title: 'Tencent on the OTC board: what changes when you trade an ADR',
    summary:
      "Tencent's ADR trades over the counter in the US. Wider spreads and thinner volume make order type and size more important than on the listed board.",
    source: SOURCE,
    publishedAt: '2026-11-20T18:00:00Z',
    instrumentIds: ['i_usd_TCEHY'],
    content: `
<p><strong>Tencent Holdings</strong>, the company behind WeChat and a large video-game business, is listed in Hong Kong. US investors can hold it through an American depositary receipt (ADR), <strong>TCEHY</strong>, which trades on the over-the-counter (OTC) market rather than on an exchange.</p>
<p>In the app, OTC names sit on their own board and behave differently from listed stocks:</p>
<ul>
<li><strong>Wider spreads</strong>: the gap between bid and ask is several times that of a listed large cap, so a market order costs more to enter and exit.</li>
<li><strong>Thinner volume</strong>: fewer shares change hands each day; a limit order gives you control over the price you pay.</li>
<li><strong>US hours</strong>: the ADR trades during the New York session even though the underlying shares trade in Hong Kong.</li>
</ul>
<p>Other OTC ADRs in the app include Nestlé, Roche, Bayer, Deutsche Telekom, adidas and LVMH.</p>
${DISCLAIMER}`,
  },
];

export const newsSeeds: readonly NewsSeed[] = englishSeeds.map((n) => {
  const translations: NewsTranslations = {};
  const de = newsDe[n.id];
  const zh = newsZh[n.id];
  const esp = newsEsp[n.id];
  const kor = newsKor[n.id];
  if (de) translations.de = de;
  if (zh) translations.zh = zh;
  if (esp) translations.esp = esp;
  if (kor) translations.kor = kor;
  return { ...n, translations };
});
