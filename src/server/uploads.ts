import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import { extensionOf } from './providers/extract/file-kind.js';

/** The error code the multipart parser gives a file over its size limit; the routes explain it as 413. */
export const FILE_TOO_LARGE = 'FST_REQ_FILE_TOO_LARGE';

/**
 * Reads a file part whole, refusing one that was cut short at the size limit. The parser stops
 * reading at the limit, but when the limit falls exactly between two chunks of the request it ends
 * the part without an error: only the part's `truncated` flag tells, so it is checked after reading.
 */
export async function readWholeFile(part: MultipartFile): Promise<Buffer> {
  const bytes = await part.toBuffer();
  if (part.file.truncated) {
    throw Object.assign(new Error('request file too large'), { code: FILE_TOO_LARGE, statusCode: 413 });
  }
  return bytes;
}

/** The longest file name kept (what common file systems allow). */
export const MAX_FILE_NAME_LENGTH = 255;

/**
 * Characters a file name never keeps: control characters (C0, DEL, C1), which break headers, logs
 * and database text (PostgreSQL refuses NUL), and the invisible direction and joining marks that
 * can make a name show another extension than it has (`invoice\u202Efdp.exe` shows as "invoiceexe.pdf").
 */
const UNSAFE_IN_NAMES =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these characters are what is removed
  /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
const BREAKS_IN_NAMES = /[\t\n\v\f\r]+/g;

/**
 * An uploaded file's name as the server keeps and shows it: the last part of any folder path (`/`
 * or `\\`), without control or invisible direction characters, line breaks and tabs made spaces,
 * trimmed, at most 255 characters with its extension kept. `fallback` when nothing is left (an
 * empty name, `.` or `..`).
 */
export function uploadFileName(raw: string, fallback: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  const cleaned = base.replace(BREAKS_IN_NAMES, ' ').replace(UNSAFE_IN_NAMES, '').trim();
  if (!cleaned || cleaned === '.' || cleaned === '..') return fallback;
  if (cleaned.length <= MAX_FILE_NAME_LENGTH) return cleaned;
  const ext = extensionOf(cleaned);
  // A character outside the basic plane (two UTF-16 units) is never cut in half.
  const cut = (text: string, length: number) => {
    const head = text.slice(0, length);
    return /[\uD800-\uDBFF]$/.test(head) ? head.slice(0, -1) : head;
  };
  return ext && ext.length < 20
    ? `${cut(cleaned, MAX_FILE_NAME_LENGTH - 1 - ext.length)}.${ext}`
    : cut(cleaned, MAX_FILE_NAME_LENGTH);
}

/** How one upload route words the parser's refusals. */
export interface UploadWording {
  /** The largest file, in MB, as the route states it. */
  maxMb: string;
  /** What to send when the body is not multipart (415). */
  multipartExpected: string;
  /** The answer to more files, parts or fields than the route takes. */
  tooMany: () => AppError;
}

/**
 * The multipart parser's limit and format errors as clear answers (413 for a file over the limit,
 * the route's own refusal for too many parts, 415 for a body that is not multipart); any other
 * error is returned as it was.
 */
export function explainUploadError(err: unknown, wording: UploadWording): unknown {
  const code = (err as { code?: string } | null)?.code;
  if (code === FILE_TOO_LARGE) {
    return new AppError(413, 'file_too_large', `File is too large (max ${wording.maxMb} MB)`);
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return wording.tooMany();
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError(415, 'multipart_expected', wording.multipartExpected);
  }
  return err;
}

/** One part of a multipart upload, as the routes hand it over to a service (its name cleaned). */
export type UploadPart =
  | { kind: 'file'; fieldName: string; fileName: string; read(): Promise<Buffer> }
  | { kind: 'field'; fieldName: string; value: string };

/** A request's multipart parts, read one by one, the parser's refusals worded as the route says. */
export async function* multipartParts(
  request: FastifyRequest,
  wording: UploadWording,
): AsyncGenerator<UploadPart> {
  const explain = (err: unknown) => explainUploadError(err, wording);
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        yield {
          kind: 'file',
          fieldName: part.fieldname,
          fileName: uploadFileName(part.filename, `file.${extensionOf(part.filename) || 'bin'}`),
          read: () =>
            readWholeFile(part).catch((err: unknown) => {
              throw explain(err);
            }),
        };
      } else {
        yield { kind: 'field', fieldName: part.fieldname, value: String(part.value) };
      }
    }
  } catch (err) {
    throw explain(err);
  }
}
