import { DOCUMENT_EXTENSIONS, type DocumentExtension } from '../../../contracts/documents.js';

/** Content types given on download, by extension. */
export const MIME_TYPES: Record<DocumentExtension, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  dwg: 'image/vnd.dwg',
  txt: 'text/plain; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

const KIND_NAMES = {
  pdf: 'a PDF document',
  doc: 'a Word 97-2003 document',
  docx: 'a Word document',
  xlsx: 'an Excel workbook',
  zip: 'a ZIP archive',
  ole: 'an Office 97-2003 file',
  jpeg: 'a JPEG image',
  png: 'a PNG image',
  gif: 'a GIF image',
  dwg: 'an AutoCAD drawing',
  exe: 'a program',
  text: 'plain text',
  unknown: 'an unrecognised binary file',
} as const;
type ContentKind = keyof typeof KIND_NAMES;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** Whether the bytes contain an ASCII string (zip entry names are stored uncompressed). */
function contains(bytes: Uint8Array, s: string): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(s, 0, 'latin1');
}

/** Text: no NUL and no control characters other than tab, line feed, form feed and carriage return. */
function looksLikeText(bytes: Uint8Array): boolean {
  for (const b of bytes) {
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) return false;
    if (b === 0x7f) return false;
  }
  return true;
}

/** What the bytes are, by their signature ("magic bytes"). */
export function sniffContent(bytes: Uint8Array): ContentKind {
  const head = bytes.subarray(0, 1024);
  if (contains(head, '%PDF-')) return 'pdf';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    if (contains(bytes, 'word/')) return 'docx';
    if (contains(bytes, 'xl/')) return 'xlsx';
    return 'zip';
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF8'))) return 'gif';
  if (startsWith(bytes, ascii('AC10')) && /^\d\d$/.test(String.fromCharCode(bytes[4] ?? 0, bytes[5] ?? 0))) {
    return 'dwg';
  }
  if (startsWith(bytes, ascii('MZ')) || startsWith(bytes, [0x7f, 0x45, 0x4c, 0x46])) return 'exe';
  if (looksLikeText(bytes)) return 'text';
  return 'unknown';
}

/** The content each allowed extension must have. */
const EXPECTED: Record<DocumentExtension, readonly ContentKind[]> = {
  pdf: ['pdf'],
  doc: ['ole'],
  docx: ['docx'],
  xlsx: ['xlsx'],
  jpg: ['jpeg'],
  jpeg: ['jpeg'],
  png: ['png'],
  dwg: ['dwg'],
  txt: ['text'],
  csv: ['text'],
};

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

const isAllowed = (ext: string): ext is DocumentExtension =>
  (DOCUMENT_EXTENSIONS as readonly string[]).includes(ext);

export type FileCheck =
  | { ok: true; extension: DocumentExtension; mimeType: string }
  | { ok: false; status: 400 | 415; message: string };

/**
 * Accepts a file when its extension is allowed and its content is of that type: the extension alone
 * is not trusted (a renamed program or an image called .pdf is refused).
 */
export function checkFile(fileName: string, bytes: Uint8Array): FileCheck {
  const ext = extensionOf(fileName);
  const allowed = DOCUMENT_EXTENSIONS.join(', ');
  if (!isAllowed(ext)) {
    const what = ext ? `.${ext} files are` : 'Files without an extension are';
    return {
      ok: false,
      status: 415,
      message: `"${fileName}": ${what} not accepted. Allowed types: ${allowed}.`,
    };
  }
  if (bytes.length === 0) return { ok: false, status: 400, message: `"${fileName}" is empty.` };
  const kind = sniffContent(bytes);
  if (!EXPECTED[ext].includes(kind)) {
    return {
      ok: false,
      status: 415,
      message: `"${fileName}" is not a valid .${ext} file: its content is ${KIND_NAMES[kind]}.`,
    };
  }
  return { ok: true, extension: ext, mimeType: MIME_TYPES[ext] };
}

/** The uploaded name without any folder part or control characters, at most 255 characters. */
export function cleanFileName(raw: string, fallbackExtension = 'bin'): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!cleaned || cleaned === '.' || cleaned === '..') return `file.${fallbackExtension}`;
  if (cleaned.length <= 255) return cleaned;
  const ext = extensionOf(cleaned);
  return ext && ext.length < 20 ? `${cleaned.slice(0, 254 - ext.length)}.${ext}` : cleaned.slice(0, 255);
}

/**
 * Content-Disposition for a download: an ASCII fallback name, and the exact name in RFC 5987
 * encoding (`filename*=UTF-8''…`) for every current browser.
 */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_') || 'download';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
