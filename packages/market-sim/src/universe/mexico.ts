/**
 * Bolsa Mexicana de Valores names, quoted in MXN. Codes are the BMV ticker plus series
 * (AMXB, GFNORTEO, FEMSAUBD, LIVEPOLC-1 …). Reference prices are plausible 2025 levels;
 * share counts are approximate totals of the quoted line (units for FEMSA, KOF and the CPOs).
 * Dividends are plausible amounts on plausible ex-dates, not a record of actual payments.
 */
import type { InstrumentDef } from '../types.js';
import { dividend as div, stock, type StockRow, type StockVenue } from './build.js';

const MX: StockVenue = { market: 'mxn', board: 'listed', currency: 'MXN' };

const rows: StockRow[] = [
  {
    code: 'AMXB', name: 'América Móvil, S.A.B. de C.V. Serie B', industry: 'Telecommunications',
    shares: 60_600_000_000, price: '18.50', vol: '0.25', spreadBps: '3', adv: 35_000_000, foreign: '0.3100',
    actions: [div('2024-07-15', '0.24'), div('2024-11-11', '0.24'), div('2025-07-14', '0.25'), div('2025-11-10', '0.25')],
  },
  {
    code: 'WALMEX', name: 'Wal-Mart de México, S.A.B. de C.V.', industry: 'Retail',
    shares: 17_461_000_000, price: '57.00', vol: '0.28', spreadBps: '3', adv: 18_000_000, foreign: '0.2200',
    actions: [div('2025-04-08', '0.52'), div('2025-11-18', '0.52')],
  },
  {
    code: 'GFNORTEO', name: 'Grupo Financiero Banorte, S.A.B. de C.V. Serie O', industry: 'Banking',
    shares: 2_884_000_000, price: '170.00', vol: '0.30', spreadBps: '3', adv: 5_000_000, foreign: '0.6400',
    actions: [div('2025-06-04', '4.60')],
  },
  {
    code: 'FEMSAUBD', name: 'Fomento Económico Mexicano, S.A.B. de C.V. UBD', industry: 'Consumer staples',
    shares: 3_578_000_000, price: '180.00', vol: '0.24', spreadBps: '3', adv: 2_500_000, foreign: '0.4200',
    actions: [div('2025-04-23', '1.15'), div('2025-07-16', '1.15'), div('2025-10-15', '1.15')],
  },
  {
    code: 'CEMEXCPO', name: 'CEMEX, S.A.B. de C.V. CPO', industry: 'Materials',
    shares: 14_500_000_000, price: '16.50', vol: '0.38', spreadBps: '4', adv: 45_000_000, foreign: '0.6000',
  },
  {
    code: 'GMEXICOB', name: 'Grupo México, S.A.B. de C.V. Serie B', industry: 'Mining',
    shares: 7_785_000_000, price: '130.00', vol: '0.32', spreadBps: '3', adv: 6_000_000, foreign: '0.2300',
    actions: [div('2025-05-28', '1.00'), div('2025-08-27', '1.00'), div('2025-11-26', '1.00')],
  },
  {
    code: 'BIMBOA', name: 'Grupo Bimbo, S.A.B. de C.V. Serie A', industry: 'Consumer staples',
    shares: 4_400_000_000, price: '60.00', vol: '0.28', spreadBps: '4', adv: 3_500_000, foreign: '0.1400',
    actions: [div('2025-05-06', '1.00')],
  },
  {
    code: 'GAPB', name: 'Grupo Aeroportuario del Pacífico, S.A.B. de C.V. Serie B', industry: 'Transportation',
    shares: 505_000_000, price: '430.00', vol: '0.27', spreadBps: '4', adv: 800_000, foreign: '0.6200',
    actions: [div('2025-05-19', '7.90'), div('2025-10-20', '7.90')],
  },
  {
    code: 'ASURB', name: 'Grupo Aeroportuario del Sureste, S.A.B. de C.V. Serie B', industry: 'Transportation',
    shares: 300_000_000, price: '580.00', vol: '0.25', spreadBps: '4', adv: 400_000, foreign: '0.6300',
    actions: [div('2025-05-12', '15.00')],
  },
  {
    code: 'OMAB', name: 'Grupo Aeroportuario del Centro Norte, S.A.B. de C.V. Serie B', industry: 'Transportation',
    shares: 390_000_000, price: '220.00', vol: '0.28', spreadBps: '5', adv: 900_000, foreign: '0.6100',
    actions: [div('2025-06-16', '3.45'), div('2025-10-06', '3.45')],
  },
  {
    code: 'KOFUBL', name: 'Coca-Cola FEMSA, S.A.B. de C.V. UBL', industry: 'Consumer staples',
    shares: 2_101_000_000, price: '165.00', vol: '0.22', spreadBps: '4', adv: 1_200_000, foreign: '0.1600',
    actions: [div('2025-04-28', '0.92'), div('2025-07-14', '0.92'), div('2025-10-13', '0.92')],
  },
  {
    code: 'AC', name: 'Arca Continental, S.A.B. de C.V.', industry: 'Consumer staples',
    shares: 1_700_000_000, price: '200.00', vol: '0.20', spreadBps: '4', adv: 1_000_000, foreign: '0.2100',
  },
  {
    code: 'GRUMAB', name: 'Gruma, S.A.B. de C.V. Serie B', industry: 'Consumer staples',
    shares: 364_000_000, price: '340.00', vol: '0.25', spreadBps: '4', adv: 500_000, foreign: '0.3300',
  },
  {
    code: 'TLEVISACPO', name: 'Grupo Televisa, S.A.B. CPO', industry: 'Media',
    shares: 2_700_000_000, price: '9.00', vol: '0.45', spreadBps: '6', adv: 8_000_000, foreign: '0.5200',
  },
  {
    code: 'ORBIA', name: 'Orbia Advance Corporation, S.A.B. de C.V.', industry: 'Materials',
    shares: 1_950_000_000, price: '15.00', vol: '0.40', spreadBps: '5', adv: 6_000_000, foreign: '0.3400',
  },
  {
    code: 'PINFRA', name: 'Promotora y Operadora de Infraestructura, S.A.B. de C.V.', industry: 'Industrials',
    shares: 380_000_000, price: '215.00', vol: '0.22', spreadBps: '5', adv: 300_000, foreign: '0.3800',
  },
  {
    code: 'ALSEA', name: 'Alsea, S.A.B. de C.V.', industry: 'Restaurants',
    shares: 800_000_000, price: '55.00', vol: '0.38', spreadBps: '5', adv: 2_500_000, foreign: '0.3500',
  },
  {
    code: 'LABB', name: 'Genomma Lab Internacional, S.A.B. de C.V. Serie B', industry: 'Health care',
    shares: 1_000_000_000, price: '24.00', vol: '0.35', spreadBps: '6', adv: 2_500_000, foreign: '0.4000',
  },
  {
    code: 'LIVEPOLC-1', name: 'El Puerto de Liverpool, S.A.B. de C.V. Serie C-1', industry: 'Retail',
    shares: 1_342_196_100, price: '100.00', vol: '0.28', spreadBps: '5', adv: 600_000, foreign: '0.0800',
  },
  {
    code: 'GCARSOA1', name: 'Grupo Carso, S.A.B. de C.V. Serie A1', industry: 'Industrials',
    shares: 2_250_000_000, price: '125.00', vol: '0.28', spreadBps: '5', adv: 800_000, foreign: '0.0600',
  },
  {
    code: 'BOLSAA', name: 'Bolsa Mexicana de Valores, S.A.B. de C.V. Serie A', industry: 'Financial services',
    shares: 560_000_000, price: '37.00', vol: '0.25', spreadBps: '5', adv: 1_500_000, foreign: '0.4500',
    actions: [div('2025-05-21', '2.40')],
  },
  {
    code: 'KIMBERA', name: 'Kimberly-Clark de México, S.A.B. de C.V. Serie A', industry: 'Consumer staples',
    shares: 3_050_000_000, price: '34.00', vol: '0.24', spreadBps: '5', adv: 3_000_000, foreign: '0.3000',
    actions: [div('2025-04-07', '0.44'), div('2025-07-07', '0.44'), div('2025-10-06', '0.44')],
  },
  {
    code: 'GFINBURO', name: 'Grupo Financiero Inbursa, S.A.B. de C.V. Serie O', industry: 'Banking',
    shares: 6_070_000_000, price: '45.00', vol: '0.28', spreadBps: '5', adv: 3_000_000, foreign: '0.1000',
  },
  {
    code: 'CUERVO', name: 'Becle, S.A.B. de C.V.', industry: 'Consumer staples',
    shares: 3_590_000_000, price: '22.00', vol: '0.35', spreadBps: '6', adv: 3_000_000, foreign: '0.0900',
  },
  {
    code: 'VESTA', name: 'Corporación Inmobiliaria Vesta, S.A.B. de C.V.', industry: 'Real estate',
    shares: 860_000_000, price: '50.00', vol: '0.35', spreadBps: '6', adv: 3_000_000, foreign: '0.5500',
  },
  {
    code: 'Q', name: 'Quálitas Controladora, S.A.B. de C.V.', industry: 'Insurance',
    shares: 390_000_000, price: '170.00', vol: '0.32', spreadBps: '6', adv: 700_000, foreign: '0.3500',
  },
  {
    code: 'BBAJIOO', name: 'Banco del Bajío, S.A. Serie O', industry: 'Banking',
    shares: 1_190_000_000, price: '45.00', vol: '0.32', spreadBps: '5', adv: 3_000_000, foreign: '0.4000',
  },
  {
    code: 'RA', name: 'Regional, S.A.B. de C.V.', industry: 'Banking',
    shares: 328_000_000, price: '140.00', vol: '0.32', spreadBps: '6', adv: 700_000, foreign: '0.3800',
  },
  {
    code: 'GENTERA', name: 'Gentera, S.A.B. de C.V.', industry: 'Banking',
    shares: 1_590_000_000, price: '40.00', vol: '0.35', spreadBps: '6', adv: 4_000_000, foreign: '0.4200',
  },
  {
    code: 'CHDRAUIB', name: 'Grupo Comercial Chedraui, S.A.B. de C.V. Serie B', industry: 'Retail',
    shares: 960_000_000, price: '140.00', vol: '0.25', spreadBps: '6', adv: 700_000, foreign: '0.1500',
  },
  {
    // the one listing that ends inside the simulated calendar: delisted after its last trading day
    code: 'BACHOCOB', name: 'Industrias Bachoco, S.A.B. de C.V. Serie B', industry: 'Consumer staples',
    shares: 600_000_000, price: '80.00', vol: '0.22', spreadBps: '8', adv: 150_000, foreign: '0.0900',
    delistingDate: '2026-12-15',
  },
];

export const mexicoStocks: readonly InstrumentDef[] = rows.map((row) => stock(MX, row));
