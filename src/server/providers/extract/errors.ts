import { AppError } from '../../errors.js';

/**
 * Why a file could not be read as text. Each reason has its HTTP status: the route lets the error
 * handler answer with it (an `ExtractError` is an `AppError`).
 */
export const EXTRACT_ERRORS = {
  unsupported_type: 415,
  legacy_spreadsheet: 415,
  drawing_not_readable: 422,
  file_too_large: 413,
  too_many_pages: 413,
  unpacks_too_large: 413,
  encrypted: 422,
  corrupt: 422,
  empty: 422,
  ocr_timeout: 422,
  wrong_content: 422,
} as const satisfies Record<string, 413 | 415 | 422>;
export type ExtractErrorCode = keyof typeof EXTRACT_ERRORS;

export class ExtractError extends AppError {
  constructor(
    readonly reason: ExtractErrorCode,
    message: string,
  ) {
    super(EXTRACT_ERRORS[reason], reason, message);
    this.name = 'ExtractError';
  }
}

export const extractError = (reason: ExtractErrorCode, message: string) => new ExtractError(reason, message);

export const LEGACY_XLS_MESSAGE = 'Save the spreadsheet as .xlsx and upload it again';

/** An Office file (a .docx, .xlsx or .xls) kept under a password. */
export const passwordProtected = (fileName: string) =>
  extractError(
    'encrypted',
    `"${fileName}" is password-protected. Remove the password (save a copy without it) and upload it again.`,
  );
export const DWG_MESSAGE =
  "Drawings can't be read as text; attach the estimate as PDF, image, spreadsheet or document";
