/** Registration failure text (spec part 1 §8). */
import { HttpError, NetworkError } from '../../lib/api-client';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** One field error as 'Field: message', or the message alone when it already names the field. */
function fieldErrorText(entry: unknown): string | null {
  if (!isRecord(entry)) return text(entry);
  const field = text(entry.field) ?? text(entry.path) ?? text(entry.param);
  const message = text(entry.message) ?? text(entry.msg);
  if (message === null) return null;
  if (field === null || message.toLowerCase().includes(field.toLowerCase())) return message;
  return `${field.charAt(0).toUpperCase()}${field.slice(1)}: ${message}`;
}

export const NETWORK_ERROR_TEXT =
  'Network error: Unable to connect to server. Please check your internet connection.';

/**
 * The text shown when registration fails, in the spec's order of preference: the server's
 * `message`; its `error`; its field errors joined with '; '; 'Validation errors occurred' for an
 * error list with nothing readable; 'Server error: {status} {text}'; with no response the network
 * error text; otherwise 'Error: {message}'. `fallback` covers a failure with no message at all.
 */
export function registrationErrorMessage(
  error: unknown,
  fallback = 'Failed to send verification email',
): string {
  if (error instanceof HttpError) {
    const { data } = error;
    if (isRecord(data)) {
      const message = text(data.message) ?? text(data.error);
      if (message !== null) return message;
      if (Array.isArray(data.errors)) {
        const parts = data.errors
          .map(fieldErrorText)
          .filter((part): part is string => part !== null);
        return parts.length > 0 ? parts.join('; ') : 'Validation errors occurred';
      }
    }
    return `Server error: ${error.status} ${error.statusText}`.trimEnd();
  }
  if (error instanceof NetworkError) return NETWORK_ERROR_TEXT;
  if (error instanceof Error && error.message !== '') return `Error: ${error.message}`;
  return fallback;
}
