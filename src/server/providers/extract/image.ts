import { createCanvas, loadImage } from '@napi-rs/canvas';
import { extractError } from './errors.js';
import type { ExtractContext, ParsePdfResponse } from './types.js';

/** Larger images are refused: decoding alone would take hundreds of megabytes. */
const MAX_PIXELS = 60_000_000;
/**
 * Narrower images (photos, screenshots, low-resolution scans) are scaled up to this width: a page
 * across the image is then read at about 300 dots per inch (a letter or A4 page is 8.3–8.5 in wide),
 * the resolution text recognition is made for. At 1600 px (under 200 dpi) the small print of a
 * table's amount column can be lost altogether, and an estimate then misses a whole line's amount.
 */
const MIN_OCR_WIDTH = 2550;

/**
 * The EXIF orientation of a JPEG (1 = upright; 3, 6 and 8 are turned 180°, 90° and 270°; 2, 4, 5
 * and 7 mirrored). Phones store portrait photos sideways with this tag.
 */
export function jpegOrientation(bytes: Uint8Array): number {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return 1;
  let at = 2;
  while (at + 4 <= b.length && b[at] === 0xff) {
    const marker = b[at + 1] ?? 0;
    if (marker === 0xda || marker === 0xd9) break; // image data starts: no EXIF before it
    const length = b.readUInt16BE(at + 2);
    if (marker === 0xe1 && b.toString('latin1', at + 4, at + 10) === 'Exif\0\0') {
      const tiff = at + 10;
      const little = b.toString('latin1', tiff, tiff + 2) === 'II';
      const u16 = (o: number) => (o + 2 <= b.length ? (little ? b.readUInt16LE(o) : b.readUInt16BE(o)) : 0);
      const u32 = (o: number) => (o + 4 <= b.length ? (little ? b.readUInt32LE(o) : b.readUInt32BE(o)) : 0);
      const ifd = tiff + u32(tiff + 4);
      const entries = u16(ifd);
      for (let i = 0; i < entries && i < 200; i++) {
        const entry = ifd + 2 + i * 12;
        if (u16(entry) === 0x0112) {
          const value = u16(entry + 8);
          return value >= 1 && value <= 8 ? value : 1;
        }
      }
      return 1;
    }
    at += 2 + length;
  }
  return 1;
}

/** A JPEG start-of-frame marker (the segment holding the image size). */
const isStartOfFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/**
 * The size of a PNG or JPEG read from its headers, after checking that its structure holds together
 * (every chunk or segment inside the file, the parts an image needs present). Null when it does not:
 * the image decoder is native code and must never see a broken header.
 */
export function imageInfo(
  bytes: Uint8Array,
): { format: 'png' | 'jpeg'; width: number; height: number } | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 8 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a) {
    let at = 8;
    let size: { width: number; height: number } | null = null;
    let data = false;
    while (at + 12 <= b.length) {
      const length = b.readUInt32BE(at);
      const type = b.toString('latin1', at + 4, at + 8);
      if (at + 12 + length > b.length) return null;
      if (at === 8) {
        if (type !== 'IHDR' || length !== 13) return null;
        size = { width: b.readUInt32BE(at + 8), height: b.readUInt32BE(at + 12) };
      }
      if (type === 'IDAT') data = true;
      if (type === 'IEND') return size && data ? { format: 'png', ...size } : null;
      at += 12 + length;
    }
    return null;
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    let at = 2;
    let size: { width: number; height: number } | null = null;
    while (at + 4 <= b.length) {
      if (b[at] !== 0xff) return null;
      const marker = b[at + 1] ?? 0;
      if (marker === 0xff) {
        at += 1; // fill byte
        continue;
      }
      if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
        at += 2;
        continue;
      }
      const length = b.readUInt16BE(at + 2);
      if (length < 2 || at + 2 + length > b.length) return null;
      if (isStartOfFrame(marker)) {
        if (length < 7) return null;
        size = { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) };
      }
      if (marker === 0xda)
        return size && size.width > 0 && size.height > 0 ? { format: 'jpeg', ...size } : null;
      at += 2 + length;
    }
    return null;
  }
  return null;
}

/**
 * Checks the image, turns a sideways phone photo upright and scales small images up for recognition
 * (PNG out); an image that needs neither is passed on as it is.
 */
export async function prepareImage(bytes: Uint8Array, fileName: string): Promise<Uint8Array> {
  const info = imageInfo(bytes);
  if (!info?.width || !info.height) {
    throw extractError('corrupt', `"${fileName}" could not be read as an image: the file is damaged.`);
  }
  const { width, height } = info;
  if (width * height > MAX_PIXELS) {
    throw extractError(
      'corrupt',
      `"${fileName}" is too large to read (${width}×${height} pixels); upload a photo or scan of at most ${MAX_PIXELS / 1_000_000} megapixels.`,
    );
  }
  // The decoder applies the EXIF orientation; text recognition would read the stored, sideways pixels.
  const turned = info.format === 'jpeg' && jpegOrientation(bytes) !== 1;
  if (width >= MIN_OCR_WIDTH && !turned) return bytes;
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    throw extractError('corrupt', `"${fileName}" could not be read as an image: the file is damaged.`);
  }
  const scale = Math.min(Math.max(MIN_OCR_WIDTH / image.width, 1), 4);
  const canvas = createCanvas(Math.round(image.width * scale), Math.round(image.height * scale));
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
