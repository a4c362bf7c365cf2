import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import { describeError } from './describe-error';

describe('describeError', () => {
  it('maps 403 to access denied', () => {
    expect(describeError({ status: 403, statusText: '', data: null })).toMatchObject({
      heading: 'Access denied',
      statusText: 'Forbidden',
    });
  });

  it('maps 404, including an ApiError from a loader, to page not found', () => {
    expect(describeError(new ApiError(404, 'not_found', 'Not found'))).toMatchObject({
      heading: 'Page not found',
      statusText: 'Not Found',
    });
  });

  it('maps everything else to server error', () => {
    expect(describeError(new Error('boom'))).toMatchObject({
      status: 500,
      heading: 'Server error',
      statusText: 'Internal Server Error',
    });
    expect(describeError({ status: 503 })).toMatchObject({
      heading: 'Server error',
      statusText: 'Service Unavailable',
    });
    expect(describeError(new ApiError(409, 'conflict', 'x'))).toMatchObject({
      heading: 'Server error',
      statusText: 'Conflict',
    });
  });

  it('maps a request that got no answer to the network page, titled with its message', () => {
    expect(describeError(new Error('Network Error'))).toMatchObject({
      kind: 'network',
      statusText: 'Network Error',
      heading: 'Cannot reach Flowsmith',
    });
    expect(describeError(new Error('timeout exceeded'))).toMatchObject({
      kind: 'network',
      statusText: 'timeout exceeded',
    });
    expect(describeError(new Error('something else'))).toMatchObject({ kind: 'server' });
  });
});
