import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { errorText, serverFormErrors } from './server-form-errors';

describe('serverFormErrors', () => {
  it('words an error code the way the form asks, else keeps the server message', () => {
    const conflict = new ApiError(409, 'conflict', 'Already a member of this project');
    expect(serverFormErrors(conflict, []).form).toBe('Already a member of this project');
    expect(serverFormErrors(conflict, [], { conflict: 'Taken.' }).form).toBe('Taken.');
  });
});

describe('errorText', () => {
  it('gives the server message, detail messages, or the transport failure', () => {
    expect(errorText(new ApiError(403, 'forbidden', 'Only owners can delete a project'))).toBe(
      'Only owners can delete a project',
    );
    expect(
      errorText(
        new ApiError(400, 'validation_error', 'Invalid body', [
          { field: 'userId', message: 'No such user' },
        ]),
      ),
    ).toBe('No such user');
    expect(errorText(new Error('Network Error'))).toBe(
      'Could not reach the server (Network Error).',
    );
  });
});
