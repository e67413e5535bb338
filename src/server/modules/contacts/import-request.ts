/**
 * The multipart form of an import as the import service takes it: the file, the mode and the
 * mapping (JSON text), whatever order the parts come in; the parser's limit errors made into clear
 * answers.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CONTACT_IMPORT_MODES, contactImportMapping } from '../../../contracts/contacts-import.js';
import { AppError, badRequest } from '../../errors.js';
import { explainUploadError, readWholeFile, uploadFileName } from '../../uploads.js';
import type { ContactImportRequest } from './contacts-import.js';

const FILE_EXPECTED = 'Send the contact list as multipart/form-data, in a part named "file"';

const wording = (maxMb: string) => ({
  maxMb,
  multipartExpected: FILE_EXPECTED,
  tooMany: () => badRequest('Send one file, in a part named "file"', undefined, 'one_file_expected'),
});

const mode = z.enum(CONTACT_IMPORT_MODES, { message: 'Mode must be preview or commit' });

/** The mapping field: JSON text of a ContactImportMapping; its problems named `mapping.…`. */
function readMapping(text: string) {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('The mapping must be JSON', { mapping: 'The mapping must be JSON' });
  }
  const parsed = contactImportMapping.safeParse(value);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[['mapping', ...issue.path].join('.')] ??= issue.message;
  throw badRequest(Object.values(errors)[0] ?? 'Invalid mapping', errors, 'invalid_mapping');
}

export function assertMultipart(request: FastifyRequest): void {
  if (!request.isMultipart()) throw new AppError(415, 'multipart_expected', FILE_EXPECTED);
}

export async function readImportRequest(
  request: FastifyRequest,
  maxMb: string,
): Promise<ContactImportRequest> {
  assertMultipart(request);
  const fields: Record<string, string> = {};
  let file: ContactImportRequest['file'] | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          throw badRequest('Send one file, in a part named "file"', undefined, 'one_file_expected');
        }
        file = {
          fileName: uploadFileName(part.filename, 'contacts.csv'),
          bytes: await readWholeFile(part),
        };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    throw explainUploadError(err, wording(maxMb));
  }
  if (!file)
    throw badRequest('Attach the contact list in a part named "file"', { file: 'Required' }, 'file_missing');
  const chosen = mode.safeParse(fields.mode ?? 'preview');
  if (!chosen.success)
    throw badRequest('Mode must be preview or commit', { mode: 'Mode must be preview or commit' });
  return {
    file,
    mode: chosen.data,
    mapping: fields.mapping ? readMapping(fields.mapping) : undefined,
  };
}
