import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { extractError } from './errors.js';
import { type PositionedText, rebuildLines } from './lines.js';
import type { ExtractContext, ParsePdfResponse } from './types.js';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

let pdfjsModule: Promise<PdfJs> | undefined;
/** pdf.js is loaded on first use (it is large); the legacy build is the one meant for Node. */
function loadPdfJs(): Promise<PdfJs> {
  pdfjsModule ??= (async () => {
    // In Node pdf.js parses on this thread with its worker code; loading that code up front (and
    // handing it over as `globalThis.pdfjsWorker`) spares the first document a dynamic import.
    const [pdfjs, worker] = await Promise.all([
      import('pdfjs-dist/legacy/build/pdf.mjs'),
      import('pdfjs-dist/legacy/build/pdf.worker.mjs'),
    ]);
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return pdfjs;
  })();
  return pdfjsModule;
}

/** Loads pdf.js ahead of use (a reader process warming up). */
export async function preload(): Promise<void> {
  await loadPdfJs();
}

/** Local folders of pdf.js's data (fonts, character maps): nothing is fetched from the network. */
function pdfjsDataDirs() {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  return {
    standardFontDataUrl: `${join(root, 'standard_fonts')}/`,
    cMapUrl: `${join(root, 'cmaps')}/`,
    wasmUrl: `${join(root, 'wasm')}/`,
    iccUrl: `${join(root, 'iccs')}/`,
  };
}

/** A page with fewer readable characters than this has no usable text layer (a scan). */
const MIN_TEXT_CHARS = 20;
/** Share of unreadable characters (replacement, private-use, control) above which a text layer is garbage. */
const MAX_GARBAGE_SHARE = 0.3;
/** Scans are rendered at this many pixels per PDF point (72 → 216 dpi), enough for OCR of 8-pt text. */
const OCR_RENDER_SCALE = 2.5;
/** The longest side of a rendered page, in pixels (bounds memory for huge page sizes). */
const MAX_RENDER_SIDE = 5000;

export function isUsableText(text: string): boolean {
  const chars = [...text.replace(/\s+/g, '')];
  if (chars.length < MIN_TEXT_CHARS) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is counted
  const garbage = chars.filter((c) => /[\uFFFD\uE000-\uF8FF\u0000-\u001F]/.test(c)).length;
  return garbage / chars.length <= MAX_GARBAGE_SHARE;
}

async function pageItems(page: PDFPageProxy, pdfjs: PdfJs): Promise<PositionedText[]> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const items: PositionedText[] = [];
  for (const item of content.items) {
    if (!('str' in item) || item.str.length === 0) continue;
    const [a, b, c, d, e, f] = pdfjs.Util.transform(viewport.transform, item.transform) as number[];
    const height = Math.hypot(c ?? 0, d ?? 0) || Math.hypot(a ?? 0, b ?? 0);
    items.push({
      text: item.str,
      x: e ?? 0,
      y: f ?? 0,
      width: item.width * viewport.scale,
      height,
    });
  }
  return items;
}

async function hasImages(page: PDFPageProxy, pdfjs: PdfJs): Promise<boolean> {
  const ops = await page.getOperatorList();
  const imageOps = new Set<number>([
    pdfjs.OPS.paintImageXObject,
    pdfjs.OPS.paintInlineImageXObject,
    pdfjs.OPS.paintImageMaskXObject,
    pdfjs.OPS.paintImageXObjectRepeat,
    pdfjs.OPS.paintInlineImageXObjectGroup,
  ]);
  return ops.fnArray.some((fn) => imageOps.has(fn));
}

/** Renders a page to a PNG for text recognition. */
export async function renderPagePng(page: PDFPageProxy): Promise<Uint8Array> {
  const base = page.getViewport({ scale: 1 });
  const scale = Math.min(OCR_RENDER_SCALE, MAX_RENDER_SIDE / Math.max(base.width, base.height, 1));
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({
    canvas: canvas as unknown as HTMLCanvasElement,
    canvasContext: ctx as unknown as CanvasRenderingContext2D,
    viewport,
  }).promise;
  return canvas.toBuffer('image/png');
}

async function openPdf(bytes: Uint8Array, fileName: string): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    // pdf.js takes ownership of (detaches) the buffer it gets: give it a copy.
    data: new Uint8Array(bytes),
    ...pdfjsDataDirs(),
    cMapPacked: true,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    enableXfa: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  try {
    return await task.promise;
  } catch (err) {
    await task.destroy().catch(() => undefined);
    const name = (err as { name?: string }).name;
    if (name === 'PasswordException') {
      throw extractError(
        'encrypted',
        `This PDF is password-protected ("${fileName}"). Remove the password (print or export it to a new PDF) and upload it again.`,
      );
    }
    throw extractError(
      'corrupt',
      `"${fileName}" could not be read as a PDF: the file is damaged or not a PDF. Export it again and upload the new file.`,
    );
  }
}

/**
 * The text of a PDF: each page's text layer with its visual lines rebuilt; pages without a usable
 * text layer (scans) are rendered and read by text recognition. Pages are separated by `\f`.
 */
export async function extractPdf(bytes: Uint8Array, ctx: ExtractContext): Promise<ParsePdfResponse> {
  const { fileName } = ctx.source;
  const pdfjs = await loadPdfJs();
  const doc = await openPdf(bytes, fileName);
  try {
    const pages = doc.numPages;
    if (pages > ctx.limits.maxPdfPages) {
      throw extractError(
        'too_many_pages',
        `"${fileName}" has ${pages} pages; at most ${ctx.limits.maxPdfPages} pages can be read. Split the PDF and upload the part with the estimate.`,
      );
    }
    const texts: string[] = [];
    const warnings: string[] = [];
    let ocr = false;
    for (let n = 1; n <= pages; n++) {
      let page: PDFPageProxy;
      try {
        page = await doc.getPage(n);
      } catch {
        warnings.push(`Page ${n} could not be read and was skipped`);
        texts.push('');
        continue;
      }
      try {
        const text = rebuildLines(await pageItems(page, pdfjs));
        if (isUsableText(text) || !(await hasImages(page, pdfjs))) {
          texts.push(text);
          continue;
        }
        const png = await renderPagePng(page);
        const recognised = await ctx.ocr.recognize(png, {
          timeoutMs: ctx.limits.ocrPageTimeoutMs,
          label: `page ${n} of "${fileName}"`,
        });
        ocr = true;
        texts.push(recognised.trim().length > text.trim().length ? recognised : text);
      } finally {
        page.cleanup();
      }
    }
    const content = texts.join('\f');
    if (content.replace(/\s+/g, '').length === 0) {
      throw extractError(
        'empty',
        `No text was found in "${fileName}", not even by text recognition. Upload a clearer copy or the original file.`,
      );
    }
    return { content, pages, ocr, format: 'pdf', warnings };
  } finally {
    await doc.destroy();
  }
}
