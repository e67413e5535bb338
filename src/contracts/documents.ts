import { z } from 'zod';
import { errorDto } from './common.js';

/** File types a project or task accepts (spreadsheets included), by extension. */
export const DOCUMENT_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'jpg',
  'jpeg',
  'png',
  'dwg',
  'txt',
  'xlsx',
  'xls',
  'csv',
] as const;
export type DocumentExtension = (typeof DOCUMENT_EXTENSIONS)[number];

/** For a file input's `accept` attribute. */
export const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.map((e) => `.${e}`).join(',');

/**
 * The multipart form of an upload: one or more parts named `file`, and an optional `taskId` field.
 * Documentation only: the server reads the parts as a stream and checks each file's content.
 */
export const uploadDocumentsBody = z
  .object({
    file: z.union([z.file(), z.array(z.file())]),
    taskId: z.string().optional(),
  })
  // The multipart parser leaves the parsed body empty (null): the parts are read as a stream.
  .nullish()
  .meta({ description: 'multipart/form-data: parts named `file` (one or more), optional field `taskId`' });

export const documentDto = z
  .object({
    id: z.number().int(),
    projectId: z.number().int(),
    taskId: z.number().int().nullable(),
    /** The stored file's generated name. */
    name: z.string(),
    /** The name the file was uploaded with (given back on download). */
    originalName: z.string(),
    /** The file type, as an extension: pdf, docx, png, …. */
    type: z.string(),
    mimeType: z.string(),
    fileSize: z.number().int(),
    uploadedBy: z.string(),
    uploadedAt: z.string(),
    downloadUrl: z.string(),
  })
  .meta({ id: 'Document' });
export type DocumentDto = z.infer<typeof documentDto>;

/** The file itself, with its original name in Content-Disposition. */
export const documentFileResponse = {
  description: 'The file, with its content type and its original name as an attachment',
  content: { 'application/octet-stream': { schema: z.unknown().meta({ type: 'string', format: 'binary' }) } },
};

/** Extra error answers of the upload: file too large (413), type not allowed (415). */
export const uploadErrorResponses = { 413: errorDto, 415: errorDto } as const;
