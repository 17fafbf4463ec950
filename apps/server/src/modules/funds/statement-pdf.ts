/**
 * The PDF of a monthly statement (docs/api.md §10.8): A4, every text in the asked language from
 * `@brokerage/i18n` (`ui.statementPdf.*`, entry kinds `ui.ledgerKind.*`), amounts with the
 * language's separators, Noto Sans TC / KR subsets shipped in apps/server/fonts (pdfkit embeds
 * only the glyphs a document uses). Every page repeats the heading (company, account, period),
 * and carries "page x of y" and the SHA-256 of the statement's CSV.
 *
 * Memory: rows per page are fixed, so the page count is known before the first page and each
 * page is flushed to the stream as the next begins (no `bufferPages`); the writer waits while
 * the reader is behind, so a month of any size never holds more than a few pages of PDF.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language } from '@brokerage/contract';
import { messages } from '@brokerage/i18n';
import PDFDocument from 'pdfkit';
import type { MonthlyStatement } from './monthly-statement.service.js';

const languageTags: Record<Language, string> = { en: 'en', de: 'de', zh: 'zh-Hant-TW', esp: 'es', kor: 'ko' };

/** The fonts folder, found both from the sources (tests, tsx) and from the bundled `dist/main.js`. */
export function fontsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../../fonts'), path.resolve(here, '../fonts')];
  return candidates.find((dir) => existsSync(path.join(dir, 'NotoSansTC-Regular-subset.ttf'))) ?? candidates[0]!;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const ROW_HEIGHT = 15;
/** Table rows per page (opening and closing rows included): fixed, so "of y" is known up front. */
export const ROWS_PER_PAGE = 36;
/** Bytes of PDF the stream may hold unread before the writer waits for the reader. */
const HIGH_WATER = 1 << 20;

const hangul = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/;
const han = /[\u3400-\u9fff\uf900-\ufaff]/;

export interface StatementPdfInput {
  statement: MonthlyStatement;
  lang: Language;
  company: string;
  account: string;
  /** the signing time, shown as "generated" */
  generatedAt: Date;
  csvSha256: string;
}

function translator(lang: Language) {
  const dictionary = messages[lang];
  const fallback = messages.en;
  return (key: string, params: Record<string, string> = {}, defaultText?: string): string => {
    const text = dictionary[key] ?? fallback[key] ?? defaultText ?? key;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
  };
}

/**
 * "1234567.50" → "1.234.567,50" in de: the digits as given (no float), the whole part grouped by
 * `Intl` on a BigInt.
 */
export function formatAmount(value: string, lang: Language): string {
  const tag = languageTags[lang];
  const decimal = new Intl.NumberFormat(tag).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  const negative = value.startsWith('-');
  const [whole = '0', fraction] = (negative ? value.slice(1) : value).split('.');
  const grouped = new Intl.NumberFormat(tag, { useGrouping: true }).format(BigInt(whole || '0'));
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `${decimal}${fraction}`}`;
}

function dateTimeFormat(lang: Language, timezone: string) {
  return new Intl.DateTimeFormat(languageTags[lang], {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}

function dateFormat(lang: Language, timezone: string) {
  return new Intl.DateTimeFormat(languageTags[lang], {
    timeZone: timezone,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

/** Waits while the reader is behind (or returns at once when it went away). */
async function drained(doc: PDFKit.PDFDocument): Promise<void> {
  while (doc.readableLength > HIGH_WATER && !doc.destroyed) {
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** Pages the statement takes: the opening row, its lines and the closing row, `ROWS_PER_PAGE` a page. */
export function pageCount(lines: number): number {
  return Math.max(1, Math.ceil((lines + 2) / ROWS_PER_PAGE));
}

/**
 * Starts writing the PDF and returns its stream at once; the pages follow as the reader reads.
 * An error while writing destroys the stream with that error.
 */
export function statementPdf(input: StatementPdfInput): NodeJS.ReadableStream {
  const { statement: s, lang } = input;
  const t = translator(lang);
  const folder = fontsFolder();
  const doc = new PDFDocument({
    size: A4,
    margin: MARGIN,
    autoFirstPage: false,
    bufferPages: false,
    info: {
      Title: `${t('ui.statementPdf.title')} ${s.currency} ${s.month}`,
      Author: input.company,
      CreationDate: input.generatedAt,
    },
    lang: languageTags[lang],
  });
  doc.registerFont('tc', path.join(folder, 'NotoSansTC-Regular-subset.ttf'));
  doc.registerFont('kr', path.join(folder, 'NotoSansKR-Regular-subset.ttf'));
  const primary = lang === 'kor' ? 'kr' : 'tc';
  /** Hangul in the KR subset, hanzi in the TC subset, anything else in the page's language font. */
  const fontFor = (text: string) => (hangul.test(text) ? 'kr' : han.test(text) ? 'tc' : primary);

  const width = A4[0] - 2 * MARGIN;
  const text = (value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions & { size?: number } = {}) => {
    const { size = 9, ...rest } = options;
    doc
      .font(fontFor(value))
      .fontSize(size)
      .text(value, x, y, { lineBreak: false, ellipsis: true, height: size * 1.4, ...rest });
  };

  const timeOf = dateTimeFormat(lang, s.timezone);
  // the zone's name in the language (packages/i18n); a zone it does not name is shown by its IANA id
  const zoneName = t(`ui.statementPdf.zone.${s.timezone}`, {}, s.timezone);
  const dayOf = dateFormat(lang, s.timezone);
  const lastDay = new Date(s.to.getTime() - 1);
  const pages = pageCount(s.lines.length);
  // columns: time, entry, reference, amount, balance
  const columns = [
    { x: MARGIN, w: 95 },
    { x: MARGIN + 100, w: 125 },
    { x: MARGIN + 230, w: 105 },
    { x: MARGIN + 340, w: 85, align: 'right' as const },
    { x: MARGIN + 430, w: width - 430, align: 'right' as const },
  ];
  const row = (cells: string[], y: number) =>
    cells.forEach((cell, i) => {
      const c = columns[i]!;
      if (cell) text(cell, c.x, y, { width: c.w, align: c.align ?? 'left' });
    });

  const heading = (page: number) => {
    doc.addPage({ size: A4, margin: MARGIN });
    let y = MARGIN;
    text(input.company, MARGIN, y, { size: 15, width });
    y += 24;
    text(t('ui.statementPdf.title'), MARGIN, y, { size: 12, width });
    y += 20;
    text(t('ui.statementPdf.account', { account: input.account }), MARGIN, y, { width: width / 2 });
    text(t('ui.statementPdf.currency', { currency: s.currency }), MARGIN + width / 2, y, { width: width / 2 });
    y += 14;
    const period = t('ui.statementPdf.period', { from: dayOf.format(s.from), to: dayOf.format(lastDay) });
    text(period, MARGIN, y, { width: width / 2 });
    text(t('ui.statementPdf.timezone', { timezone: zoneName }), MARGIN + width / 2, y, { width: width / 2 });
    y += 14;
    text(t('ui.statementPdf.generated', { at: timeOf.format(input.generatedAt) }), MARGIN, y, { width, size: 8 });
    y += 20;
    row(
      ['time', 'kind', 'reference', 'amount', 'balance'].map((k) => t(`ui.statementPdf.${k}`)),
      y,
    );
    y += ROW_HEIGHT;
    doc
      .moveTo(MARGIN, y - 3)
      .lineTo(MARGIN + width, y - 3)
      .lineWidth(0.5)
      .stroke('#888888');
    // the footer: page x of y, and the CSV's SHA-256 in a fixed-width font
    const footerY = A4[1] - MARGIN - 30;
    text(t('ui.statementPdf.sha'), MARGIN, footerY, { size: 7.5, width });
    doc
      .font('Courier')
      .fontSize(7.5)
      .text(input.csvSha256, MARGIN, footerY + 11, { lineBreak: false });
    text(t('ui.statementPdf.page', { page: String(page), pages: String(pages) }), MARGIN, footerY + 11, {
      size: 7.5,
      width,
      align: 'right',
    });
    return y;
  };

  const write = async () => {
    const amount = (v: string) => formatAmount(v, lang);
    const all: string[][] = [
      ['', t('ui.statementPdf.opening'), '', '', amount(s.opening)],
      ...s.lines.map((l) => [
        timeOf.format(new Date(l.time)),
        t(`ui.ledgerKind.${l.kind}`, {}, l.kind),
        l.reference,
        amount(l.amount),
        amount(l.balance),
      ]),
      ['', t('ui.statementPdf.closing'), '', '', amount(s.closing)],
    ];
    for (let page = 1; page <= pages; page += 1) {
      let y = heading(page);
      const slice = all.slice((page - 1) * ROWS_PER_PAGE, page * ROWS_PER_PAGE);
      for (const cells of slice) {
        row(cells, y);
        y += ROW_HEIGHT;
      }
      if (page === 1 && s.lines.length === 0) text(t('ui.statementPdf.noEntries'), MARGIN, y + 6, { width });
      await drained(doc);
    }
    doc.end();
  };
  write().catch((error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))));
  return doc;
}
