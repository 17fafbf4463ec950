/**
 * Bolsa de Madrid (IBEX 35) names, quoted in EUR. Reference prices are plausible 2025 levels
 * after every split listed (Aena split 10-for-1 in June 2025). Dividends are plausible amounts
 * on plausible ex-dates; Spanish scrip dividends are represented as their cash alternative.
 */
import type { InstrumentDef } from '../types.js';
import { dividend as div, split, stock, type StockRow, type StockVenue } from './build.js';

const ES: StockVenue = { market: 'eur', board: 'listed', currency: 'EUR' };

const rows: StockRow[] = [
  {
    code: 'SAN', name: 'Banco Santander, S.A.', industry: 'Banking',
    shares: 14_880_000_000, price: '8.50', vol: '0.28', spreadBps: '3', adv: 40_000_000, foreign: '0.6400',
    actions: [div('2024-10-31', '0.10'), div('2025-04-29', '0.10'), div('2025-10-31', '0.115')],
  },
  {
    code: 'BBVA', name: 'Banco Bilbao Vizcaya Argentaria, S.A.', industry: 'Banking',
    shares: 5_750_000_000, price: '16.00', vol: '0.28', spreadBps: '2', adv: 15_000_000, foreign: '0.6200',
    actions: [div('2024-10-08', '0.29'), div('2025-04-08', '0.41'), div('2025-11-06', '0.32')],
  },
  {
    code: 'ITX', name: 'Industria de Diseño Textil, S.A. (Inditex)', industry: 'Retail',
    shares: 3_116_652_000, price: '46.00', vol: '0.24', spreadBps: '2', adv: 4_000_000, foreign: '0.3200',
    actions: [div('2024-10-31', '0.77'), div('2025-04-30', '0.84'), div('2025-10-31', '0.84')],
  },
  {
    code: 'IBE', name: 'Iberdrola, S.A.', industry: 'Utilities',
    shares: 6_690_000_000, price: '16.50', vol: '0.18', spreadBps: '2', adv: 12_000_000, foreign: '0.6000',
    actions: [div('2025-01-29', '0.231'), div('2025-07-30', '0.404')],
  },
  {
    code: 'TEF', name: 'Telefónica, S.A.', industry: 'Telecommunications',
    shares: 5_670_000_000, price: '4.50', vol: '0.22', spreadBps: '4', adv: 15_000_000, foreign: '0.4200',
    actions: [div('2024-12-17', '0.15'), div('2025-06-12', '0.15')],
  },
  {
    code: 'REP', name: 'Repsol, S.A.', industry: 'Energy',
    shares: 1_160_000_000, price: '14.00', vol: '0.28', spreadBps: '3', adv: 5_000_000, foreign: '0.5500',
    actions: [div('2025-01-07', '0.475'), div('2025-07-03', '0.50')],
  },
  {
    code: 'AENA', name: 'Aena S.M.E., S.A.', industry: 'Transportation',
    shares: 1_500_000_000, price: '23.50', vol: '0.22', spreadBps: '3', adv: 1_500_000, foreign: '0.4000',
    actions: [div('2025-04-22', '9.76'), split('2025-06-19', '10')],
  },
  {
    code: 'FER', name: 'Ferrovial SE', industry: 'Industrials',
    shares: 720_000_000, price: '46.00', vol: '0.22', spreadBps: '3', adv: 1_200_000, foreign: '0.5000',
  },
  {
    code: 'AMS', name: 'Amadeus IT Group, S.A.', industry: 'Technology',
    shares: 450_500_000, price: '68.00', vol: '0.25', spreadBps: '3', adv: 900_000, foreign: '0.7000',
    actions: [div('2025-01-14', '0.58'), div('2025-07-07', '0.74')],
  },
  {
    code: 'CABK', name: 'CaixaBank, S.A.', industry: 'Banking',
    shares: 7_100_000_000, price: '8.80', vol: '0.28', spreadBps: '3', adv: 15_000_000, foreign: '0.3500',
    actions: [div('2024-11-05', '0.1488'), div('2025-04-22', '0.2864')],
  },
  {
    code: 'SAB', name: 'Banco de Sabadell, S.A.', industry: 'Banking',
    shares: 5_030_000_000, price: '3.00', vol: '0.35', spreadBps: '5', adv: 30_000_000, foreign: '0.5000',
    actions: [div('2024-09-30', '0.08'), div('2025-03-28', '0.138')],
  },
  {
    code: 'ACS', name: 'ACS, Actividades de Construcción y Servicios, S.A.', industry: 'Industrials',
    shares: 270_000_000, price: '70.00', vol: '0.28', spreadBps: '4', adv: 700_000, foreign: '0.4500',
  },
  {
    code: 'GRF', name: 'Grifols, S.A. Class A', industry: 'Health care',
    shares: 426_000_000, price: '13.00', vol: '0.50', spreadBps: '5', adv: 3_000_000, foreign: '0.4500',
  },
  {
    code: 'ELE', name: 'Endesa, S.A.', industry: 'Utilities',
    shares: 1_058_752_117, price: '28.00', vol: '0.22', spreadBps: '3', adv: 2_000_000, foreign: '0.1800',
    actions: [div('2024-12-30', '0.50'), div('2025-06-30', '0.99')],
  },
  {
    code: 'NTGY', name: 'Naturgy Energy Group, S.A.', industry: 'Utilities',
    shares: 969_613_801, price: '26.50', vol: '0.20', spreadBps: '4', adv: 1_200_000, foreign: '0.3000',
    actions: [div('2025-04-07', '0.60'), div('2025-07-28', '0.50')],
  },
  {
    code: 'MAP', name: 'Mapfre, S.A.', industry: 'Insurance',
    shares: 3_079_553_273, price: '3.50', vol: '0.25', spreadBps: '5', adv: 6_000_000, foreign: '0.1500',
    actions: [div('2024-11-26', '0.07'), div('2025-05-28', '0.0925')],
  },
  {
    code: 'IAG', name: 'International Consolidated Airlines Group, S.A.', industry: 'Transportation',
    shares: 4_700_000_000, price: '4.30', vol: '0.38', spreadBps: '4', adv: 20_000_000, foreign: '0.6500',
    actions: [div('2024-12-02', '0.03'), div('2025-07-07', '0.06')],
  },
  {
    code: 'CLNX', name: 'Cellnex Telecom, S.A.', industry: 'Telecommunications',
    shares: 706_475_375, price: '30.00', vol: '0.28', spreadBps: '4', adv: 1_500_000, foreign: '0.6500',
  },
  {
    code: 'RED', name: 'Redeia Corporación, S.A.', industry: 'Utilities',
    shares: 541_080_000, price: '17.00', vol: '0.18', spreadBps: '4', adv: 1_500_000, foreign: '0.5000',
    actions: [div('2025-01-06', '0.20'), div('2025-07-01', '0.80')],
  },
  {
    code: 'IDR', name: 'Indra Sistemas, S.A.', industry: 'Technology',
    shares: 176_654_402, price: '38.00', vol: '0.40', spreadBps: '5', adv: 2_500_000, foreign: '0.3500',
    actions: [div('2025-07-08', '0.25')],
  },
];

export const spainStocks: readonly InstrumentDef[] = rows.map((row) => stock(ES, row));
