import mammoth from 'mammoth';
import { extractError } from './errors.js';
import { htmlToText } from './html-text.js';
import type { ExtractContext, ParsePdfResponse } from './types.js';

/** A Word document (.docx): paragraphs as lines, table rows as tab-joined cells (via mammoth's HTML). */
export async function extractDocx(bytes: Uint8Array, ctx: ExtractContext): Promise<ParsePdfResponse> {
  const { fileName } = ctx.source;
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      {
        // Linked files are never read; images are dropped (only text is wanted).
        externalFileAccess: false,
        convertImage: mammoth.images.imgElement(async () => ({ src: '' })),
      },
    );
    html = result.value;
  } catch {
    throw extractError(
      'corrupt',
      `"${fileName}" could not be read as a Word document: the file is damaged or not a real .docx. Save it again from Word and upload it.`,
    );
  }
  const content = htmlToText(html);
  if (!/\S/.test(content)) throw extractError('empty', `"${fileName}" has no text.`);
  return { content, pages: 1, ocr: false, format: 'docx', warnings: [] };
}
