/**
 * Domain errors: values with a code and an HTTP status, thrown by services and mapped to
 * `{success: false, code, message, errors?}` in one place (`errorHandler` in lib/http.ts;
 * CONTRACT.md "Errors"). The code goes on the wire: keep it a stable snake_case word.
 */
import type { FieldError } from '@gameon/shared';

export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, errors?: FieldError[]) =>
  new AppError('bad_request', 400, message, errors);
export const unauthorized = (message = 'Authentication required') =>
  new AppError('unauthorized', 401, message);
export const forbidden = (code: string, message: string) => new AppError(code, 403, message);
export const notFound = (message: string) => new AppError('not_found', 404, message);
export const conflict = (message: string, errors?: FieldError[]) =>
  new AppError('conflict', 409, message, errors);
