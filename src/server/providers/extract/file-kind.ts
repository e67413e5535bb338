/**
 * What uploaded bytes are, by their signature ("magic bytes") rather than their name. Shared by
 * document uploads (which refuse a file whose content does not match its extension) and by the
 * estimate reader (which reads a file by what it is).
 */

export const KIND_NAMES = {
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
export type ContentKind = keyof typeof KIND_NAMES;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** Whether the bytes contain a string, in Latin-1 (zip entry names are stored uncompressed) or UTF-16LE. */
export function contains(bytes: Uint8Array, s: string, encoding: 'latin1' | 'utf16le' = 'latin1'): boolean {
  // A byte search for the encoded string: Buffer's own UTF-16 search can hang on a buffer that starts
  // at an odd offset (as one received from another process can).
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(Buffer.from(s, encoding));
}

/** Text: no NUL and no control characters other than tab, line feed, form feed and carriage return. */
function looksLikeText(bytes: Uint8Array): boolean {
  // UTF-16 with a byte-order mark (Windows "Unicode" text): judge its characters, not its bytes.
  if (bytes.length % 2 === 0 && (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff]))) {
    const le = bytes[0] === 0xff;
    for (let i = 2; i + 1 < bytes.length; i += 2) {
      const unit = le
        ? (bytes[i] ?? 0) | ((bytes[i + 1] ?? 0) << 8)
        : ((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0);
      if (unit < 0x20 && unit !== 0x09 && unit !== 0x0a && unit !== 0x0c && unit !== 0x0d) return false;
    }
    return true;
  }
  for (const b of bytes) {
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) return false;
    if (b === 0x7f) return false;
  }
  return true;
}

/** What the bytes are, by their signature. */
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

/** What an Office 97-2003 (OLE compound) file holds, by the names of its streams. */
export function oleKind(bytes: Uint8Array): 'doc' | 'xls' | 'encrypted-ooxml' | 'other' {
  // A password-protected .docx/.xlsx is an OLE file holding the encrypted package.
  if (contains(bytes, 'EncryptedPackage', 'utf16le')) return 'encrypted-ooxml';
  if (contains(bytes, 'WordDocument', 'utf16le')) return 'doc';
  if (contains(bytes, 'Workbook', 'utf16le') || contains(bytes, 'Book', 'utf16le')) return 'xls';
  return 'other';
}

/** The lower-case extension of a file name, without the dot ('' when there is none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}
