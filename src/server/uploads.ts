import type { MultipartFile } from '@fastify/multipart';

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
