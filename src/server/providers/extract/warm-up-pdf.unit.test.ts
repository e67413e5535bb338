import { describe, expect, it } from 'vitest';
import { extractText } from './index.js';
import { warmUpPdf } from './warm-up-pdf.js';

describe('the warm-up PDF', () => {
  it('is read through its text layer, without text recognition', async () => {
    const result = await extractText(
      warmUpPdf(),
      { fileName: 'warm-up.pdf', mimeType: 'application/pdf' },
      { maxBytes: 1_000_000, maxPdfPages: 5, ocrPageTimeoutMs: 1_000 },
      { ocr: { recognize: () => Promise.reject(new Error('the warm-up page must not need recognition')) } },
    );
    expect(result).toMatchObject({ format: 'pdf', pages: 1, ocr: false, warnings: [] });
    expect(result.content).toContain('Concrete footings 120 CY');
  }, 60_000);
});
