import { READABLE_EXTENSIONS } from '../../../contracts/estimate-files.js';
import { DWG_MESSAGE, extractError, LEGACY_XLS_MESSAGE, passwordProtected } from './errors.js';
import { extensionOf, KIND_NAMES, oleKind, sniffContent } from './file-kind.js';
import type { ExtractContext, ExtractLimits, ExtractSource, Ocr, ParsePdfResponse } from './types.js';
import { checkZipPackage } from './zip-check.js';

export { EXTRACT_ERRORS, ExtractError, type ExtractErrorCode } from './errors.js';
export type { ExtractLimits, ExtractSource, Ocr } from './types.js';

export { READABLE_EXTENSIONS };

type Reader = (bytes: Uint8Array, ctx: ExtractContext) => ParsePdfResponse | Promise<ParsePdfResponse>;

/** Each format's reader is loaded when a file needs it (the parsers are large; a reader starts fast). */
const readers = {
  pdf: async () => (await import('./pdf.js')).extractPdf,
  image: async () => (await import('./image.js')).extractImage,
  docx: async () => (await import('./docx.js')).extractDocx,
  doc: async () => (await import('./doc.js')).extractDoc,
  xlsx: async () => (await import('./xlsx.js')).extractXlsx,
  xls: async () => (await import('./xls.js')).extractXls,
  csv: async () => (await import('./csv.js')).extractCsv,
  txt: async () => (await import('./txt.js')).extractTxt,
} satisfies Record<string, () => Promise<Reader>>;
type ReaderName = keyof typeof readers;

const megabytes = (bytes: number) => Number((bytes / (1024 * 1024)).toFixed(2));

function unsupported(fileName: string, ext: string): never {
  const what = ext ? `.${ext} files` : 'Files without an extension';
  throw extractError(
    'unsupported_type',
    `"${fileName}": ${what} can't be read as an estimate. Upload a PDF, an image (JPG, PNG), a Word document (DOCX, DOC), a spreadsheet (XLSX, XLS, CSV) or a text file.`,
  );
}

/** Picks the reader by what the bytes are; the extension only breaks ties (csv or txt) and names errors. */
function chooseReader(bytes: Uint8Array, fileName: string): ReaderName {
  const ext = extensionOf(fileName);
  const kind = sniffContent(bytes);
  // Macro-enabled and binary workbooks are not read; a legacy .xls is (by its content, below).
  if (ext === 'xlsm' || ext === 'xlsb') throw extractError('legacy_spreadsheet', LEGACY_XLS_MESSAGE);
  if (ext === 'dwg' || ext === 'dxf' || kind === 'dwg')
    throw extractError('drawing_not_readable', DWG_MESSAGE);
  const claimsReadable = (READABLE_EXTENSIONS as readonly string[]).includes(ext);
  const mismatch = (): never => {
    if (!claimsReadable) unsupported(fileName, ext);
    throw extractError(
      'wrong_content',
      `"${fileName}" is not a real .${ext} file: its content is ${KIND_NAMES[kind]}.`,
    );
  };
  switch (kind) {
    case 'pdf':
      return 'pdf';
    case 'jpeg':
    case 'png':
      return 'image';
    case 'docx':
      return 'docx';
    case 'xlsx':
      return 'xlsx';
    case 'ole':
      switch (oleKind(bytes)) {
        case 'doc':
          return 'doc';
        case 'xls':
          return 'xls';
        case 'encrypted-ooxml':
          throw passwordProtected(fileName);
        default:
          throw claimsReadable
            ? extractError(
                'wrong_content',
                `"${fileName}" is an Office 97-2003 file that is not a Word document.`,
              )
            : unsupported(fileName, ext);
      }
    case 'text':
      if (ext === 'csv' || ext === 'tsv') return 'csv';
      if (ext === 'txt' || ext === '') return 'txt';
      return mismatch();
    case 'zip':
      if (ext === 'xlsx' || ext === 'docx') {
        throw extractError(
          'wrong_content',
          `"${fileName}" is not a real .${ext} file: it is a ZIP archive of other files. Save it again from ${ext === 'xlsx' ? 'the spreadsheet program' : 'Word'} and upload it.`,
        );
      }
      return unsupported(fileName, ext);
    case 'gif':
      if (!claimsReadable) unsupported(fileName, ext);
      throw extractError(
        'unsupported_type',
        `"${fileName}" is a GIF image; upload the scan as PNG, JPG or PDF.`,
      );
    default:
      return mismatch();
  }
}

/**
 * Reads an uploaded estimate as text (the layout is described on `parsePdfResponse` in
 * src/contracts/ai.ts). Throws an `ExtractError` (413/415/422) for files it cannot read.
 */
export async function extractText(
  bytes: Uint8Array,
  source: ExtractSource,
  limits: ExtractLimits,
  deps: { ocr: Ocr },
): Promise<ParsePdfResponse> {
  if (bytes.byteLength > limits.maxBytes) {
    throw extractError(
      'file_too_large',
      `"${source.fileName}" is too large (max ${megabytes(limits.maxBytes)} MB).`,
    );
  }
  if (bytes.byteLength === 0) throw extractError('empty', `"${source.fileName}" is empty.`);
  const name = chooseReader(bytes, source.fileName);
  // A zip package is looked into before its parser unpacks it whole (zip bombs, huge workbooks).
  if (name === 'docx' || name === 'xlsx') checkZipPackage(bytes, source.fileName, name);
  const reader = await readers[name]();
  return reader(bytes, { source, limits, ocr: deps.ocr });
}
