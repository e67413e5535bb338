import { createCanvas, loadImage } from '@napi-rs/canvas';
import { extractError } from './errors.js';
import type { ExtractContext, ParsePdfResponse } from './types.js';

/** Larger images are refused: decoding alone would take hundreds of megabytes. */
const MAX_PIXELS = 60_000_000;
/** Small images (screenshots, thumbnails) are scaled up to about this width: OCR wants ~10 px letters. */
const MIN_OCR_WIDTH = 1600;

/** Decodes the image (to refuse a damaged one clearly) and scales small ones up for recognition. */
export async function prepareImage(bytes: Uint8Array, fileName: string): Promise<Uint8Array> {
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    throw extractError('corrupt', `"${fileName}" could not be read as an image: the file is damaged.`);
  }
  const { width, height } = image;
  if (!width || !height) throw extractError('corrupt', `"${fileName}" is an empty image.`);
  if (width * height > MAX_PIXELS) {
    throw extractError(
      'corrupt',
      `"${fileName}" is too large to read (${width}×${height} pixels); upload a photo or scan of at most ${MAX_PIXELS / 1_000_000} megapixels.`,
    );
  }
  if (width >= MIN_OCR_WIDTH) return bytes;
  const scale = Math.min(MIN_OCR_WIDTH / width, 4);
  const canvas = createCanvas(Math.round(width * scale), Math.round(height * scale));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas.toBuffer('image/png');
}

/** A photo or scan (JPEG/PNG) read by text recognition, its line layout kept. */
export async function extractImage(bytes: Uint8Array, ctx: ExtractContext): Promise<ParsePdfResponse> {
  const { fileName } = ctx.source;
  const prepared = await prepareImage(bytes, fileName);
  const content = await ctx.ocr.recognize(prepared, {
    timeoutMs: ctx.limits.ocrPageTimeoutMs,
    label: `"${fileName}"`,
  });
  if (!/\S/.test(content)) {
    throw extractError(
      'empty',
      `No text was found in "${fileName}". Upload a sharper, well-lit photo or scan, or the original file.`,
    );
  }
  return { content, pages: 1, ocr: true, format: 'image', warnings: [] };
}
