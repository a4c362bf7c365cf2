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

  it('gives a form message for a wrong password', () => {
    const error = new ApiError(401, 'invalid_credentials', 'x');
    expect(serverFormErrors(error, fields).form).toBe('Wrong e-mail or password.');
  });

  it("shows the server's own message for a rate limit, which says how long to wait", () => {
    const message = 'Too many failed sign-ins to this account. Try again in 12 minutes.';
    const error = new ApiError(429, 'rate_limited', message);
    expect(serverFormErrors(error, fields).form).toBe(message);
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
