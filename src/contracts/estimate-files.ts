/**
 * Which uploaded files are estimates the reader turns into text: one list for the server's reader
 * and the browser's choice of which attachments to plan. Plain data (no schema library), so the
 * reader process loads nothing else.
 */
/** Extensions read as estimate text (other names are refused unless their content is a readable format). */
export const READABLE_EXTENSIONS = [
  'pdf',
  'jpg',
  'jpeg',
  'png',
  'docx',
  'doc',
  'xlsx',
  'xls',
  'csv',
  'txt',
  'tsv',
] as const;

/** The lower-case extension of a file name, without the dot ('' when it has none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Whether a file name (or a bare extension) is one the estimate reader reads. */
export function isReadableEstimate(nameOrExtension: string): boolean {
  const ext = nameOrExtension.includes('.') ? fileExtension(nameOrExtension) : nameOrExtension.toLowerCase();
  return (READABLE_EXTENSIONS as readonly string[]).includes(ext);
}
