/** Typed application errors; one handler (plugins/errors.ts) turns them into answers. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: Record<string, string>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, errors?: Record<string, string>, code = 'bad_request') =>
  new AppError(400, code, message, errors);
export const unauthorized = (message = 'Not signed in', code = 'unauthorized') =>
  new AppError(401, code, message);
export const paymentRequired = () =>
  new AppError(402, 'payment_required', 'Your trial has ended. Subscribe to keep using the product.');
export const forbidden = (message = 'You do not have permission to do that', code = 'forbidden') =>
  new AppError(403, code, message);
export const notFound = (what: string) =>
  new AppError(404, `${what.replace(/\s+/g, '_')}_not_found`, `${capitalize(what)} not found`);
export const conflict = (code: string, message: string) => new AppError(409, code, message);
export const tooManyRequests = (message: string) => new AppError(429, 'rate_limited', message);
export const unprocessable = (code: string, message: string, extra?: Record<string, unknown>) =>
  new AppError(422, code, message, undefined, extra);

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
