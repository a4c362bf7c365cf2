import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import { serverFormErrors } from './form-errors';

const fields = ['email', 'password', 'name'] as const;

describe('serverFormErrors', () => {
  it('puts 400 details under their fields', () => {
    const error = new ApiError(400, 'validation_error', 'Invalid body', [
      { field: 'email', message: 'Enter a valid e-mail address' },
      { field: 'password', message: 'Password must be at least 12 characters' },
    ]);
    expect(serverFormErrors(error, fields)).toEqual({
      fields: {
        email: 'Enter a valid e-mail address',
        password: 'Password must be at least 12 characters',
      },
      form: null,
    });
  });

  it('shows details for unknown fields at form level', () => {
    const error = new ApiError(400, 'validation_error', 'Invalid body', [
      { field: '(body)', message: 'Body must be JSON' },
    ]);
    expect(serverFormErrors(error, fields)).toEqual({ fields: {}, form: 'Body must be JSON' });
  });

  it.each([
    [401, 'invalid_credentials', 'Wrong e-mail or password.'],
    [409, 'conflict', 'An account with this e-mail address already exists. Sign in instead.'],
    [429, 'rate_limited', 'Too many attempts. Wait a minute and try again.'],
  ])('gives a form message for %i %s', (status, code, message) => {
    expect(serverFormErrors(new ApiError(status, code, 'x'), fields).form).toBe(message);
  });

  it('falls back to the server message, and explains transport errors', () => {
    expect(
      serverFormErrors(new ApiError(500, 'internal_error', 'Internal error'), fields).form,
    ).toBe('Internal error');
    expect(serverFormErrors(new Error('Network Error'), fields).form).toBe(
      'Could not reach the server (Network Error).',
    );
  });
});
