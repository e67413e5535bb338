import { DOCUMENT_EXTENSIONS, type DocumentExtension } from '../../../contracts/documents.js';
import {
  type ContentKind,
  extensionOf,
  KIND_NAMES,
  sniffContent,
} from '../../providers/extract/file-kind.js';
import { uploadFileName } from '../../uploads.js';

/** Content sniffing lives with the extract provider (shared with `POST /api/parse-pdf`). */
export { extensionOf, sniffContent };

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
  xls: 'application/vnd.ms-excel',
  csv: 'text/csv; charset=utf-8',
};

/** The content each allowed extension must have. */
const EXPECTED: Record<DocumentExtension, readonly ContentKind[]> = {
  pdf: ['pdf'],
  doc: ['ole'],
  docx: ['docx'],
  xlsx: ['xlsx'],
  xls: ['ole'],
  jpg: ['jpeg'],
  jpeg: ['jpeg'],
  png: ['png'],
  dwg: ['dwg'],
  txt: ['text'],
  csv: ['text'],
};

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

/** The uploaded name as kept (see `uploadFileName`), `file.<fallbackExtension>` when nothing is left. */
export function cleanFileName(raw: string, fallbackExtension = 'bin'): string {
  return uploadFileName(raw, `file.${fallbackExtension}`);
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
