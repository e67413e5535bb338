import { useEffect, useRef, useState } from 'react';
import { Spinner } from '@/web/components/ui/spinner';

type PdfJs = typeof import('pdfjs-dist');

let pdfjs: Promise<PdfJs> | undefined;

/** pdf.js and its worker, downloaded the first time a PDF is shown (a chunk of their own). */
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(
    ([lib, worker]) => {
      lib.GlobalWorkerOptions.workerSrc = worker.default;
      return lib;
    },
  );
  return pdfjs;
}

interface RenderedPage {
  /** Its page number, from 1. */
  n: number;
  /** The page drawn at the width it is shown at, as an image. */
  src: string;
  width: number;
  height: number;
  /** The page's words, for a screen reader and for finding text on the page. */
  text: string;
}

/** Draws every page of the PDF as an image at `cssWidth` CSS pixels (sharp on the device). */
async function renderPages(bytes: Uint8Array, cssWidth: number): Promise<RenderedPage[]> {
  const lib = await loadPdfJs();
  const doc = await lib.getDocument({ data: bytes, isEvalSupported: false }).promise;
  try {
    const pages: RenderedPage[] = [];
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const base = page.getViewport({ scale: 1 });
      const scale = cssWidth / base.width;
      const viewport = page.getViewport({ scale: scale * ratio });
      const canvas = document.createElement('canvas');
      canvas.width = Math.ceil(viewport.width);
      canvas.height = Math.ceil(viewport.height);
      await page.render({ canvas, viewport }).promise;
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim();
      pages.push({
        n,
        src: canvas.toDataURL('image/png'),
        width: cssWidth,
        height: base.height * scale,
        text,
      });
      page.cleanup();
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

/**
 * A PDF shown page by page at the width of its column, drawn by pdf.js (loaded on first use). Each
 * page is an image whose description is the page's own text, so a screen reader reads the document.
 */
export function PdfPages({ bytes, title }: { bytes: Uint8Array; title: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [pages, setPages] = useState<RenderedPage[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const width = Math.floor(box.current?.clientWidth ?? 600);
    let live = true;
    renderPages(bytes.slice(), Math.max(width, 280)).then(
      (drawn) => live && setPages(drawn),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [bytes]);

  return (
    <div ref={box} className="grid gap-3">
      {!pages && !failed && (
        <div className="flex justify-center py-12">
          <Spinner label={`Opening ${title}`} />
        </div>
      )}
      {failed && (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm"
        >
          The document could not be shown here. Download it to read it.
        </p>
      )}
      {pages?.map((page) => (
        <figure key={page.n} className="overflow-hidden rounded-md border border-border bg-white shadow-sm">
          <img
            src={page.src}
            width={page.width}
            height={page.height}
            alt={`${title}, page ${page.n} of ${pages.length}: ${page.text}`}
            className="h-auto w-full"
          />
        </figure>
      ))}
    </div>
  );
}
