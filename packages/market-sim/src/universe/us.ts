/**
 * US listed large caps (NYSE and Nasdaq), quoted in USD. Reference prices are plausible 2025
 * levels after every split listed; share counts are approximate company totals expressed in
 * units of the listed line (Alphabet: all classes; Berkshire: Class B equivalents).
 */
import type { InstrumentDef } from '../types.js';
import { dividend as div, split, stock, type StockRow, type StockVenue } from './build.js';

const US: StockVenue = { market: 'usd', board: 'listed', currency: 'USD' };

const rows: StockRow[] = [
  {
    code: 'AAPL', name: 'Apple Inc.', industry: 'Technology',
    shares: 14_840_000_000, price: '230.00', vol: '0.28', spreadBps: '1', adv: 50_000_000, foreign: '0.1620',
    actions: [
      div('2024-02-09', '0.24'), div('2024-05-10', '0.25'), div('2024-08-12', '0.25'), div('2024-11-08', '0.25'),
      div('2025-02-10', '0.25'), div('2025-05-12', '0.26'), div('2025-08-11', '0.26'), div('2025-11-10', '0.26'),
    ],
  },
  {
    code: 'MSFT', name: 'Microsoft Corporation', industry: 'Technology',
    shares: 7_433_000_000, price: '510.00', vol: '0.25', spreadBps: '1', adv: 20_000_000, foreign: '0.1580',
    actions: [div('2025-02-20', '0.83'), div('2025-05-15', '0.83'), div('2025-08-21', '0.83'), div('2025-11-20', '0.91')],
  },
  {
    code: 'NVDA', name: 'NVIDIA Corporation', industry: 'Technology',
    shares: 24_300_000_000, price: '180.00', vol: '0.50', spreadBps: '1', adv: 180_000_000, foreign: '0.1750',
    actions: [
      split('2021-07-20', '4'), split('2024-06-10', '10'),
      div('2025-03-12', '0.01'), div('2025-06-11', '0.01'), div('2025-09-11', '0.01'),
    ],
  },
  {
    code: 'AMZN', name: 'Amazon.com, Inc.', industry: 'Retail',
    shares: 10_680_000_000, price: '225.00', vol: '0.35', spreadBps: '1', adv: 40_000_000, foreign: '0.1450',
    actions: [split('2022-06-06', '20')],
  },
  {
    code: 'GOOGL', name: 'Alphabet Inc. Class A', industry: 'Technology',
    shares: 12_100_000_000, price: '245.00', vol: '0.32', spreadBps: '1', adv: 30_000_000, foreign: '0.1500',
    actions: [
      split('2022-07-18', '20'),
      div('2024-06-10', '0.20'), div('2024-09-09', '0.20'), div('2024-12-09', '0.20'),
      div('2025-03-10', '0.20'), div('2025-06-09', '0.21'), div('2025-09-08', '0.21'),
    ],
  },
  {
    code: 'META', name: 'Meta Platforms, Inc.', industry: 'Technology',
    shares: 2_510_000_000, price: '720.00', vol: '0.38', spreadBps: '1', adv: 12_000_000, foreign: '0.1480',
    actions: [div('2024-02-21', '0.50'), div('2025-03-14', '0.525'), div('2025-06-16', '0.525'), div('2025-09-22', '0.525')],
  },
  {
    code: 'TSLA', name: 'Tesla, Inc.', industry: 'Automotive',
    shares: 3_225_000_000, price: '400.00', vol: '0.60', spreadBps: '1', adv: 95_000_000, foreign: '0.1200',
    actions: [split('2022-08-25', '3')],
  },
  {
    code: 'BRK.B', name: 'Berkshire Hathaway Inc. Class B', industry: 'Insurance',
    shares: 2_157_000_000, price: '490.00', vol: '0.18', spreadBps: '1', adv: 4_500_000, foreign: '0.0900',
  },
  {
    code: 'JPM', name: 'JPMorgan Chase & Co.', industry: 'Banking',
    shares: 2_750_000_000, price: '300.00', vol: '0.24', spreadBps: '1', adv: 9_000_000, foreign: '0.1350',
    actions: [div('2025-01-06', '1.25'), div('2025-04-04', '1.40'), div('2025-07-03', '1.40'), div('2025-10-06', '1.50')],
  },
  {
    code: 'V', name: 'Visa Inc.', industry: 'Financial services',
    shares: 1_940_000_000, price: '345.00', vol: '0.20', spreadBps: '1', adv: 7_000_000, foreign: '0.1400',
    actions: [div('2025-02-11', '0.59'), div('2025-05-13', '0.59'), div('2025-08-12', '0.59'), div('2025-11-12', '0.67')],
  },
  {
    code: 'MA', name: 'Mastercard Incorporated', industry: 'Financial services',
    shares: 905_000_000, price: '575.00', vol: '0.21', spreadBps: '1.5', adv: 3_000_000, foreign: '0.1450',
    actions: [div('2025-01-10', '0.76'), div('2025-04-09', '0.76'), div('2025-07-09', '0.76'), div('2025-10-09', '0.76')],
  },
  {
    code: 'WMT', name: 'Walmart Inc.', industry: 'Retail',
    shares: 7_980_000_000, price: '100.00', vol: '0.20', spreadBps: '1', adv: 18_000_000, foreign: '0.0850',
    actions: [
      split('2024-02-26', '3'),
      div('2025-03-21', '0.235'), div('2025-05-09', '0.235'), div('2025-08-15', '0.235'), div('2025-12-12', '0.235'),
    ],
  },
  {
    code: 'XOM', name: 'Exxon Mobil Corporation', industry: 'Energy',
    shares: 4_260_000_000, price: '113.00', vol: '0.24', spreadBps: '1', adv: 15_000_000, foreign: '0.1200',
    actions: [div('2025-02-12', '0.99'), div('2025-05-15', '0.99'), div('2025-08-15', '0.99'), div('2025-11-14', '1.03')],
  },
  {
    code: 'UNH', name: 'UnitedHealth Group Incorporated', industry: 'Health care',
    shares: 906_000_000, price: '320.00', vol: '0.40', spreadBps: '1.5', adv: 10_000_000, foreign: '0.1300',
    actions: [div('2025-03-17', '2.10'), div('2025-06-16', '2.21'), div('2025-09-15', '2.21')],
  },
  {
    code: 'JNJ', name: 'Johnson & Johnson', industry: 'Health care',
    shares: 2_408_000_000, price: '185.00', vol: '0.18', spreadBps: '1', adv: 8_000_000, foreign: '0.1250',
    actions: [div('2025-02-18', '1.24'), div('2025-05-27', '1.30'), div('2025-08-26', '1.30'), div('2025-11-25', '1.30')],
  },
  {
    code: 'PG', name: 'The Procter & Gamble Company', industry: 'Consumer staples',
    shares: 2_343_000_000, price: '155.00', vol: '0.18', spreadBps: '1', adv: 7_500_000, foreign: '0.1150',
    actions: [div('2025-01-24', '1.0065'), div('2025-04-21', '1.0568'), div('2025-07-18', '1.0568'), div('2025-10-24', '1.0568')],
  },
  {
    code: 'HD', name: 'The Home Depot, Inc.', industry: 'Retail',
    shares: 995_000_000, price: '390.00', vol: '0.22', spreadBps: '1.5', adv: 3_500_000, foreign: '0.1200',
    actions: [div('2025-03-13', '2.30'), div('2025-06-05', '2.30'), div('2025-09-04', '2.30')],
  },
  {
    code: 'KO', name: 'The Coca-Cola Company', industry: 'Consumer staples',
    shares: 4_303_000_000, price: '69.00', vol: '0.18', spreadBps: '1.5', adv: 14_000_000, foreign: '0.1300',
    actions: [div('2025-03-14', '0.51'), div('2025-06-13', '0.51'), div('2025-09-15', '0.51')],
  },
  {
    code: 'PEP', name: 'PepsiCo, Inc.', industry: 'Consumer staples',
    shares: 1_371_000_000, price: '145.00', vol: '0.20', spreadBps: '1.5', adv: 7_000_000, foreign: '0.1150',
    actions: [div('2025-03-07', '1.355'), div('2025-06-06', '1.4225'), div('2025-09-05', '1.4225')],
  },
  {
    code: 'CVX', name: 'Chevron Corporation', industry: 'Energy',
    shares: 2_000_000_000, price: '155.00', vol: '0.24', spreadBps: '1', adv: 8_000_000, foreign: '0.1150',
    actions: [div('2025-02-18', '1.71'), div('2025-05-19', '1.71'), div('2025-08-19', '1.71')],
  },
  {
    code: 'BAC', name: 'Bank of America Corporation', industry: 'Banking',
    shares: 7_470_000_000, price: '50.00', vol: '0.27', spreadBps: '2', adv: 38_000_000, foreign: '0.1000',
    actions: [div('2025-03-07', '0.26'), div('2025-06-06', '0.26'), div('2025-09-05', '0.28')],
  },
  {
    code: 'DIS', name: 'The Walt Disney Company', industry: 'Media',
    shares: 1_800_000_000, price: '115.00', vol: '0.28', spreadBps: '1.5', adv: 9_000_000, foreign: '0.1100',
    actions: [div('2025-06-24', '0.50')],
  },
  {
    code: 'NFLX', name: 'Netflix, Inc.', industry: 'Media',
    shares: 4_240_000_000, price: '112.00', vol: '0.38', spreadBps: '1.5', adv: 35_000_000, foreign: '0.1400',
    actions: [split('2025-11-17', '10')],
  },
  {
    code: 'INTC', name: 'Intel Corporation', industry: 'Technology',
    shares: 4_370_000_000, price: '35.00', vol: '0.50', spreadBps: '2', adv: 90_000_000, foreign: '0.1100',
  },
  {
    code: 'CSCO', name: 'Cisco Systems, Inc.', industry: 'Technology',
    shares: 3_960_000_000, price: '68.00', vol: '0.22', spreadBps: '1.5', adv: 20_000_000, foreign: '0.1250',
    actions: [div('2025-04-03', '0.41'), div('2025-07-03', '0.41'), div('2025-10-03', '0.41')],
  },
  {
    code: 'ORCL', name: 'Oracle Corporation', industry: 'Technology',
    shares: 2_840_000_000, price: '250.00', vol: '0.45', spreadBps: '1.5', adv: 12_000_000, foreign: '0.0900',
    actions: [div('2025-04-10', '0.50'), div('2025-07-10', '0.50'), div('2025-10-09', '0.50')],
  },
  {
    code: 'AVGO', name: 'Broadcom Inc.', industry: 'Technology',
    shares: 4_720_000_000, price: '340.00', vol: '0.48', spreadBps: '1.5', adv: 22_000_000, foreign: '0.1400',
    actions: [split('2024-07-15', '10'), div('2025-03-20', '0.59'), div('2025-06-20', '0.59'), div('2025-09-22', '0.59')],
  },
  {
    code: 'MCD', name: "McDonald's Corporation", industry: 'Restaurants',
    shares: 714_000_000, price: '305.00', vol: '0.18', spreadBps: '1.5', adv: 3_500_000, foreign: '0.1200',
    actions: [div('2025-03-03', '1.77'), div('2025-06-02', '1.77'), div('2025-09-02', '1.77')],
  },
  {
    code: 'IBM', name: 'International Business Machines Corporation', industry: 'Technology',
    shares: 932_000_000, price: '280.00', vol: '0.26', spreadBps: '1.5', adv: 4_500_000, foreign: '0.1150',
    actions: [div('2025-02-10', '1.67'), div('2025-05-09', '1.68'), div('2025-08-08', '1.68')],
  },
  {
    code: 'BA', name: 'The Boeing Company', industry: 'Industrials',
    shares: 756_000_000, price: '215.00', vol: '0.38', spreadBps: '1.5', adv: 9_000_000, foreign: '0.1000',
  },
  {
    code: 'CAT', name: 'Caterpillar Inc.', industry: 'Industrials',
    shares: 468_000_000, price: '450.00', vol: '0.28', spreadBps: '1.5', adv: 2_800_000, foreign: '0.1150',
    actions: [div('2025-04-21', '1.41'), div('2025-07-21', '1.51'), div('2025-10-20', '1.51')],
  },
  {
    code: 'GS', name: 'The Goldman Sachs Group, Inc.', industry: 'Banking',
    shares: 306_000_000, price: '750.00', vol: '0.28', spreadBps: '1.5', adv: 2_200_000, foreign: '0.1200',
    actions: [div('2025-02-28', '3.00'), div('2025-05-30', '3.00'), div('2025-09-02', '4.00')],
  },
  {
    code: 'AMD', name: 'Advanced Micro Devices, Inc.', industry: 'Technology',
    shares: 1_623_000_000, price: '200.00', vol: '0.55', spreadBps: '1', adv: 50_000_000, foreign: '0.1350',
  },
  {
    code: 'COST', name: 'Costco Wholesale Corporation', industry: 'Retail',
    shares: 443_000_000, price: '950.00', vol: '0.22', spreadBps: '1.5', adv: 2_000_000, foreign: '0.1100',
    actions: [div('2025-05-16', '1.30'), div('2025-08-01', '1.30'), div('2025-10-31', '1.30')],
  },
  {
    code: 'NKE', name: 'NIKE, Inc.', industry: 'Apparel',
    shares: 1_477_000_000, price: '68.00', vol: '0.35', spreadBps: '1.5', adv: 13_000_000, foreign: '0.1200',
    actions: [div('2025-03-03', '0.40'), div('2025-06-02', '0.40'), div('2025-09-02', '0.40')],
  },
  {
    code: 'PFE', name: 'Pfizer Inc.', industry: 'Health care',
    shares: 5_686_000_000, price: '25.00', vol: '0.24', spreadBps: '2', adv: 40_000_000, foreign: '0.1100',
    actions: [div('2025-01-24', '0.43'), div('2025-05-09', '0.43'), div('2025-07-25', '0.43')],
  },
  {
    code: 'T', name: 'AT&T Inc.', industry: 'Telecommunications',
    shares: 7_150_000_000, price: '28.00', vol: '0.20', spreadBps: '2', adv: 35_000_000, foreign: '0.0950',
    actions: [div('2025-01-10', '0.2775'), div('2025-04-10', '0.2775'), div('2025-07-10', '0.2775'), div('2025-10-10', '0.2775')],
  },
  {
    code: 'VZ', name: 'Verizon Communications Inc.', industry: 'Telecommunications',
    shares: 4_216_000_000, price: '42.00', vol: '0.19', spreadBps: '2', adv: 20_000_000, foreign: '0.0950',
    actions: [div('2025-01-10', '0.6775'), div('2025-04-10', '0.6775'), div('2025-07-10', '0.6775'), div('2025-10-10', '0.69')],
  },
  {
    code: 'MRK', name: 'Merck & Co., Inc.', industry: 'Health care',
    shares: 2_497_000_000, price: '85.00', vol: '0.25', spreadBps: '1.5', adv: 12_000_000, foreign: '0.1200',
    actions: [div('2025-03-17', '0.81'), div('2025-06-16', '0.81'), div('2025-09-15', '0.81')],
  },
  {
    code: 'CRM', name: 'Salesforce, Inc.', industry: 'Technology',
    shares: 956_000_000, price: '245.00', vol: '0.34', spreadBps: '1.5', adv: 7_000_000, foreign: '0.1300',
    actions: [div('2025-03-19', '0.416'), div('2025-06-18', '0.416'), div('2025-09-18', '0.416')],
  },
  {
    code: 'AXP', name: 'American Express Company', industry: 'Financial services',
    shares: 696_000_000, price: '340.00', vol: '0.27', spreadBps: '1.5', adv: 3_000_000, foreign: '0.0800',
    actions: [div('2025-04-04', '0.82'), div('2025-07-03', '0.82'), div('2025-10-03', '0.82')],
  },
  {
    code: 'MMM', name: '3M Company', industry: 'Industrials',
    shares: 532_000_000, price: '155.00', vol: '0.28', spreadBps: '1.5', adv: 3_500_000, foreign: '0.1100',
    actions: [div('2025-02-14', '0.73'), div('2025-05-23', '0.73'), div('2025-08-22', '0.73')],
  },
  {
    code: 'HON', name: 'Honeywell International Inc.', industry: 'Industrials',
    shares: 635_000_000, price: '210.00', vol: '0.22', spreadBps: '1.5', adv: 4_000_000, foreign: '0.1150',
    actions: [div('2025-02-14', '1.13'), div('2025-05-16', '1.13'), div('2025-08-15', '1.13')],
  },
  {
    code: 'AMGN', name: 'Amgen Inc.', industry: 'Health care',
    shares: 538_000_000, price: '290.00', vol: '0.24', spreadBps: '1.5', adv: 2_800_000, foreign: '0.1150',
    actions: [div('2025-02-14', '2.38'), div('2025-05-16', '2.38'), div('2025-08-15', '2.38')],
  },
  {
    code: 'TRV', name: 'The Travelers Companies, Inc.', industry: 'Insurance',
    shares: 225_000_000, price: '270.00', vol: '0.21', spreadBps: '2', adv: 1_300_000, foreign: '0.1000',
    actions: [div('2025-03-10', '1.05'), div('2025-06-10', '1.10'), div('2025-09-10', '1.10')],
  },
  {
    code: 'SHW', name: 'The Sherwin-Williams Company', industry: 'Materials',
    shares: 249_000_000, price: '340.00', vol: '0.25', spreadBps: '2', adv: 1_700_000, foreign: '0.1100',
    actions: [split('2021-04-01', '3'), div('2025-02-14', '0.79'), div('2025-05-16', '0.79'), div('2025-08-15', '0.79')],
  },
  {
    // the one US listing inside the simulated history: pre_listing before its first trading day
    code: 'CRCL', name: 'Circle Internet Group, Inc.', industry: 'Financial services',
    shares: 230_000_000, price: '120.00', vol: '0.60', spreadBps: '4', adv: 15_000_000, foreign: '0.0700',
    listingDate: '2025-06-05',
  },
];

export const usStocks: readonly InstrumentDef[] = rows.map((row) => stock(US, row));
