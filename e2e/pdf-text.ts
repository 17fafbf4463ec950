/**
 * The text of a PDF as the server writes it (pdfkit, apps/server/src/modules/funds/statement-pdf.ts),
 * read back for the journeys: each page's text runs with their position, grouped into rows. Fonts
 * embedded as subsets (Type0) are decoded through their ToUnicode CMap (two-byte glyph codes), the
 * standard fonts (Courier) byte by byte. Enough for pdfkit's own output (streams FlateDecode or
 * plain, text shown by `Tj`/`TJ` inside `BT … ET` with one `Tm` each); not a general PDF reader.
 */
import { inflateSync } from 'node:zlib';

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

export interface TextRun {
  page: number;
  x: number;
  y: number;
  text: string;
}

function objectsOf(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  for (const m of text.matchAll(/(\d+) 0 obj\b/g)) {
    const start = (m.index ?? 0) + m[0].length;
    const end = text.indexOf('endobj', start);
    if (end < 0) continue;
    const body = text.slice(start, end);
    const s = body.search(/\bstream\r?\n/);
    if (s < 0) {
      objects.set(Number(m[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, s);
    const dataStart = start + s + (body.slice(s).startsWith('stream\r\n') ? 8 : 7);
    const length = /\/Length (\d+)/.exec(dict);
    const dataEnd = length ? dataStart + Number(length[1]) : text.indexOf('endstream', dataStart);
    const raw = pdf.subarray(dataStart, dataEnd);
    objects.set(Number(m[1]), { dict, stream: dict.includes('/FlateDecode') ? inflateSync(raw) : raw });
  }
  return objects;
}

const hexCodes = (hex: string, width: number): number[] => {
  const out: number[] = [];
  for (let i = 0; i + width * 2 <= hex.length; i += width * 2) out.push(parseInt(hex.slice(i, i + width * 2), 16));
  return out;
};
const unicodeOf = (hex: string) => String.fromCharCode(...hexCodes(hex, 2));

/** A ToUnicode CMap: `bfchar` pairs and `bfrange` runs (a start code or an array of codes). */
function cmapOf(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const m of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(parseInt(m[1]!, 16), unicodeOf(m[2]!));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const m of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const lo = parseInt(m[1]!, 16);
      const hi = parseInt(m[2]!, 16);
      const target = m[3]!;
      if (target.startsWith('[')) {
        const list = Array.from(target.matchAll(/<([0-9a-fA-F]+)>/g), (x) => unicodeOf(x[1]!));
        list.forEach((u, i) => map.set(lo + i, u));
      } else {
        const first = parseInt(target.slice(1, -1), 16);
        for (let c = lo; c <= hi; c++) map.set(c, String.fromCharCode(first + c - lo));
      }
    }
  return map;
}

interface FontDecoder {
  decode: (hex: string) => string;
}

function fontsOf(objects: Map<number, PdfObject>): Map<string, FontDecoder> {
  const fonts = new Map<string, FontDecoder>();
  for (const object of objects.values())
    for (const block of object.dict.matchAll(/\/Font\s*<<([\s\S]*?)>>/g))
      for (const m of (block[1] ?? '').matchAll(/\/(\w+) (\d+) 0 R/g)) {
        const font = objects.get(Number(m[2]));
        if (!font || fonts.has(m[1]!)) continue;
        const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(font.dict);
        const cmapStream = toUnicode ? objects.get(Number(toUnicode[1]))?.stream : null;
        if (font.dict.includes('/Type0') && cmapStream) {
          const map = cmapOf(cmapStream.toString('latin1'));
          fonts.set(m[1]!, {
            decode: (hex) =>
              hexCodes(hex, 2)
                .map((c) => map.get(c) ?? '\ufffd')
                .join(''),
          });
        } else {
          fonts.set(m[1]!, { decode: (hex) => Buffer.from(hex, 'hex').toString('latin1') });
        }
      }
  return fonts;
}

/** Every text run of the document, page by page, in the order written. */
export function pdfTextRuns(pdf: Buffer): TextRun[] {
  const objects = objectsOf(pdf);
  const fonts = fontsOf(objects);
  const pageContents: number[] = [];
  for (const object of objects.values()) {
    if (!/\/Type \/Page\b/.test(object.dict)) continue;
    const contents = /\/Contents (\d+) 0 R/.exec(object.dict);
    if (contents) pageContents.push(Number(contents[1]));
  }
  const runs: TextRun[] = [];
  pageContents.forEach((id, index) => {
    const content = objects.get(id)?.stream?.toString('latin1') ?? '';
    for (const block of content.matchAll(/\bBT\b([\s\S]*?)\bET\b/g)) {
      const body = block[1] ?? '';
      const tm = /([-\d.]+) ([-\d.]+) Tm/.exec(body);
      let font: FontDecoder | undefined;
      let text = '';
      for (const op of body.matchAll(/\/(\w+) [\d.]+ Tf|\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
        if (op[1]) font = fonts.get(op[1]);
        else if (font && op[2] !== undefined)
          for (const h of op[2].matchAll(/<([0-9a-fA-F]*)>/g)) text += font.decode(h[1] ?? '');
        else if (font && op[3] !== undefined) text += font.decode(op[3]);
      }
      runs.push({ page: index + 1, x: Number(tm?.[1] ?? 0), y: Number(tm?.[2] ?? 0), text });
    }
  });
  return runs;
}

/** The runs as rows: one string per page and line (runs of the same height), left to right, cells joined by " | ". */
export function pdfRows(pdf: Buffer): { page: number; cells: string[] }[] {
  const rows = new Map<string, TextRun[]>();
  for (const run of pdfTextRuns(pdf)) {
    const key = `${run.page} ${run.y.toFixed(1)}`;
    const row = rows.get(key);
    if (row) row.push(run);
    else rows.set(key, [run]);
  }
  return [...rows.values()].map((runs) => ({
    page: runs[0]!.page,
    cells: runs.sort((a, b) => a.x - b.x).map((r) => r.text),
  }));
}
