import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError } from '../../lib/api-client';
import { NETWORK_ERROR_TEXT, registrationErrorMessage } from './registration-error';

describe('registrationErrorMessage (spec part 1 §8)', () => {
  it('prefers the server message', () => {
    const error = new HttpError(409, 'Conflict', {
      success: false,
      message: 'Username is already taken',
      errors: [{ field: 'username', message: 'taken' }],
    });
    expect(registrationErrorMessage(error)).toBe('Username is already taken');
  });

  it('falls back to the error field', () => {
    expect(
      registrationErrorMessage(new HttpError(400, 'Bad Request', { error: 'Bad input' })),
    ).toBe('Bad input');
  });

  it('joins field errors with "; " as "Field: message"', () => {
    const error = new HttpError(400, 'Bad Request', {
      errors: [
        { field: 'email', message: 'Not a valid address' },
        { path: 'bio', msg: 'Too long' },
        { param: 'sports', message: 'At most 20 entries' },
      ],
    });
    expect(registrationErrorMessage(error)).toBe(
      'Email: Not a valid address; Bio: Too long; Sports: At most 20 entries',
    );
  });

  it('shows a field error alone when it already names the field', () => {
    const error = new HttpError(400, 'Bad Request', {
      errors: [{ field: 'username', message: 'Username must be at least 3 characters long' }],
    });
    expect(registrationErrorMessage(error)).toBe('Username must be at least 3 characters long');
  });

  it('says "Validation errors occurred" for an error list with nothing readable', () => {
    expect(registrationErrorMessage(new HttpError(400, 'Bad Request', { errors: [] }))).toBe(
      'Validation errors occurred',
    );
  });

  it('names the status when the body says nothing', () => {
    expect(registrationErrorMessage(new HttpError(502, 'Bad Gateway', '<html>'))).toBe(
      'Server error: 502 Bad Gateway',
    );
    expect(registrationErrorMessage(new HttpError(500, 'Internal Server Error', null))).toBe(
      'Server error: 500 Internal Server Error',
    );
  });

  it('explains a request that got no response', () => {
    expect(registrationErrorMessage(new NetworkError(new TypeError('Failed to fetch')))).toBe(
      NETWORK_ERROR_TEXT,
    );
    expect(NETWORK_ERROR_TEXT).toBe(
      'Network error: Unable to connect to server. Please check your internet connection.',
    );
  });

  it('shows any other error as "Error: {message}"', () => {
    expect(registrationErrorMessage(new Error('Something odd'))).toBe('Error: Something odd');
  });

  it('uses the default when there is nothing to show', () => {
    expect(registrationErrorMessage('boom')).toBe('Failed to send verification email');
    expect(registrationErrorMessage(undefined, 'Registration failed')).toBe('Registration failed');
  });
});
