import WordExtractor from 'word-extractor';
import { extractError } from './errors.js';
import { checkCompoundFile } from './ole-check.js';
import type { ExtractContext, ParsePdfResponse } from './types.js';

/**
 * Word 97-2003 text: word-extractor marks each table cell end with a tab, and the row end with one
 * more; rows become lines of tab-joined cells.
 */
export function tidyDocText(body: string): string {
  return body
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/\t+$/, '').replace(/[ \u00a0]+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A Word 97-2003 document (.doc): the body text, then the text boxes. */
export async function extractDoc(bytes: Uint8Array, ctx: ExtractContext): Promise<ParsePdfResponse> {
  const { fileName } = ctx.source;
  const problem = checkCompoundFile(bytes);
  if (problem) {
    throw extractError('corrupt', `"${fileName}" could not be read as a Word 97-2003 document: ${problem}.`);
  }
  let body: string;
  let boxes = '';
  try {
    const doc = await new WordExtractor().extract(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    );
    body = doc.getBody();
    boxes = doc.getTextboxes({ includeHeadersAndFooters: false, includeBody: true });
  } catch {
    throw extractError(
      'corrupt',
      `"${fileName}" could not be read as a Word 97-2003 document: the file is damaged or not a Word document. Save it as .docx or PDF and upload it again.`,
    );
  }
  const content = tidyDocText([body, boxes].filter((s) => /\S/.test(s)).join('\n\n'));
  if (!/\S/.test(content)) throw extractError('empty', `"${fileName}" has no text.`);
  return { content, pages: 1, ocr: false, format: 'doc', warnings: [] };
}
