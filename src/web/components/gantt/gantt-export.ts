/** Downloads an SVG element as a PNG: serialised, drawn on a canvas, saved as a file. */

/** Chromium limits a canvas to 32,767 px a side and about 268 million pixels. */
const MAX_SIDE = 32_000;
const MAX_AREA = 200_000_000;

/** The drawing scale: sharp (2×) when the canvas allows it, smaller for a very large chart. */
export function exportScale(width: number, height: number): number {
  return Math.min(2, MAX_SIDE / width, MAX_SIDE / height, Math.sqrt(MAX_AREA / (width * height)));
}

/** A file name made of the title's letters and digits: "Maple St. Reno" → "maple-st-reno-gantt.png". */
export function pngFileName(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'project'}-gantt.png`;
}

export async function downloadSvgAsPng(svg: SVGSVGElement, fileName: string): Promise<void> {
  const width = Number(svg.getAttribute('width'));
  const height = Number(svg.getAttribute('height'));
  const xml = new XMLSerializer().serializeToString(svg);
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(xml)}`;
  await image.decode();
  const scale = exportScale(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = Math.floor(width * scale);
  canvas.height = Math.floor(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the chart.');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('The chart is too large to save as an image.');
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
