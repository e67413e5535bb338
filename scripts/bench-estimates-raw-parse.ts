/**
 * The "raw parse ms" of bench:estimates: how long the parsing library alone takes over a file, with
 * none of the product's reading after it. PDFs: pdf.js opens the document and gives each page's
 * text content (no line rebuilding, no text recognition of scanned pages). XLSX: exceljs loads the
 * workbook (skipping the same sheet parts the product skips), no cell is turned into text. Every
 * other format has no separate library step worth timing apart, so it is the product's own extractor
 * (`src/server/providers/extract/`: csv, docx, doc, xls, txt, and images through text recognition).
 *
 * Run in the bench's own process, one file at a time, after the libraries are loaded and warmed
 * (pdf.js over the product's warm-up PDF, exceljs over a one-cell workbook, the OCR model loaded),
 * so a figure is the parse alone; the other extractors' first file pays their first use.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { extractCsv } from '../src/server/providers/extract/csv.js';
import { extractDoc } from '../src/server/providers/extract/doc.js';
import { extractDocx } from '../src/server/providers/extract/docx.js';
import { extensionOf, oleKind, sniffContent } from '../src/server/providers/extract/file-kind.js';
import { extractImage } from '../src/server/providers/extract/image.js';
import { createOcrEngine } from '../src/server/providers/extract/ocr.js';
import { extractTxt } from '../src/server/providers/extract/txt.js';
import type { ExtractContext } from '../src/server/providers/extract/types.js';
import { warmUpPdf } from '../src/server/providers/extract/warm-up-pdf.js';
import { extractXls } from '../src/server/providers/extract/xls.js';
import { UNREAD_SHEET_PARTS } from '../src/server/providers/extract/xlsx.js';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

/** The library or extractor that parses a file of this content, by the product's own sniffing. */
export type RawParse = 'pdf.js' | 'exceljs' | 'csv' | 'txt' | 'docx' | 'doc' | 'xls' | 'image' | 'none';

export function rawParseOf(bytes: Uint8Array, fileName: string): RawParse {
  const kind = sniffContent(bytes);
  if (kind === 'pdf') return 'pdf.js';
  if (kind === 'xlsx') return 'exceljs';
  if (kind === 'docx') return 'docx';
  if (kind === 'jpeg' || kind === 'png') return 'image';
  if (kind === 'ole') {
    const ole = oleKind(bytes);
    return ole === 'doc' || ole === 'xls' ? ole : 'none';
  }
  if (kind === 'text') return ['csv', 'tsv'].includes(extensionOf(fileName)) ? 'csv' : 'txt';
  return 'none';
}

function pdfOptions(pdfjs: PdfJs, bytes: Uint8Array) {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  return {
    data: new Uint8Array(bytes),
    standardFontDataUrl: `${join(root, 'standard_fonts')}/`,
    cMapUrl: `${join(root, 'cmaps')}/`,
    wasmUrl: `${join(root, 'wasm')}/`,
    iccUrl: `${join(root, 'iccs')}/`,
    cMapPacked: true,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    enableXfa: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  };
}

/** pdf.js over every page's text layer; the number of text items read. */
async function parsePdf(pdfjs: PdfJs, bytes: Uint8Array): Promise<number> {
  const doc = await pdfjs.getDocument(pdfOptions(pdfjs, bytes)).promise;
  let items = 0;
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      items += (await page.getTextContent()).items.length;
      page.cleanup();
    }
  } finally {
    await doc.destroy();
  }
  return items;
}

/** A one-cell workbook written by exceljs, loaded once so that the first real workbook finds it warm. */
async function warmUpXlsx(): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Warm-up').addRow(['Concrete footings', 22_200]);
  await parseXlsx(new Uint8Array(await workbook.xlsx.writeBuffer()));
}

async function parseXlsx(bytes: Uint8Array): Promise<number> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as never, { ignoreNodes: [...UNREAD_SHEET_PARTS] });
  return workbook.worksheets.length;
}

export interface RawParser {
  /** Milliseconds the file's parse took, or null when it has no parser or the parser refused it. */
  parseMs(bytes: Uint8Array, fileName: string): Promise<number | null>;
  close(): Promise<void>;
}

export async function startRawParser(): Promise<RawParser> {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist/legacy/build/pdf.mjs'),
    import('pdfjs-dist/legacy/build/pdf.worker.mjs'),
  ]);
  // pdf.js parses on this thread with its worker code when it is handed over this way.
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
  await parsePdf(pdfjs, warmUpPdf());
  await warmUpXlsx();
  const ocr = createOcrEngine({ workers: 1 });
  await ocr.warmUp();
  const context = (fileName: string): ExtractContext => ({
    source: { fileName },
    limits: { maxBytes: Number.MAX_SAFE_INTEGER, maxPdfPages: 10_000, ocrPageTimeoutMs: 300_000 },
    ocr,
  });
  const parse = async (bytes: Uint8Array, fileName: string): Promise<unknown> => {
    switch (rawParseOf(bytes, fileName)) {
      case 'pdf.js':
        return parsePdf(pdfjs, bytes);
      case 'exceljs':
        return parseXlsx(bytes);
      case 'csv':
        return extractCsv(bytes, context(fileName));
      case 'txt':
        return extractTxt(bytes, context(fileName));
      case 'docx':
        return extractDocx(bytes, context(fileName));
      case 'doc':
        return extractDoc(bytes, context(fileName));
      case 'xls':
        return extractXls(bytes, context(fileName));
      case 'image':
        return extractImage(bytes, context(fileName));
      case 'none':
        throw new Error('no parser');
    }
  };
  return {
    async parseMs(bytes, fileName) {
      const started = performance.now();
      try {
        await parse(bytes, fileName);
      } catch {
        return null;
      }
      return performance.now() - started;
    },
    close: () => ocr.close(),
  };
}
