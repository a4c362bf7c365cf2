import { describe, expect, it } from 'vitest';
import { changesState, foreignOriginProblem, requestOrigin } from './request-origin';

const app = 'https://flows.example.com';
const local = 'http://localhost:3000';

describe('request origins', () => {
  it('reads Origin, or the origin of Referer when Origin is missing', () => {
    expect(requestOrigin({ origin: 'https://a.example', referer: 'https://b.example/x' })).toBe(
      'https://a.example',
    );
    expect(requestOrigin({ referer: 'https://b.example/x?y=1' })).toBe('https://b.example');
    expect(requestOrigin({ origin: 'null' })).toBeNull();
    expect(requestOrigin({ referer: 'not a url' })).toBeNull();
    expect(requestOrigin({})).toBeUndefined();
  });

  it("accepts only the app's own origin, and requires one when asked", () => {
    expect(foreignOriginProblem({ origin: app }, app, { required: true })).toBeUndefined();
    expect(
      foreignOriginProblem({ referer: `${app}/project` }, app, { required: true }),
    ).toBeUndefined();
    for (const origin of [
      'https://flows.example.com:8443',
      'http://flows.example.com',
      'https://evil.flows.example.com',
      'https://flows.example.com.evil.example',
      'null',
    ])
      expect(foreignOriginProblem({ origin }, app, { required: false }), origin).toMatch(
        /not from the Flowsmith app/,
      );
    expect(foreignOriginProblem({}, app, { required: true })).toMatch(
      /neither an Origin nor a Referer/,
    );
    expect(foreignOriginProblem({}, app, { required: false })).toBeUndefined();
  });

  it('takes the same port of this machine under another loopback name as the same server', () => {
    for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000'])
      expect(foreignOriginProblem({ origin }, local, { required: true }), origin).toBeUndefined();
    for (const origin of [
      'http://127.0.0.1:5173',
      'https://localhost:3000',
      'http://10.0.0.2:3000',
    ])
      expect(foreignOriginProblem({ origin }, local, { required: true }), origin).toBeDefined();
  });

  it('checks only methods that change state', () => {
    expect(['GET', 'HEAD', 'OPTIONS'].map(changesState)).toEqual([false, false, false]);
    expect(['POST', 'PUT', 'PATCH', 'DELETE'].map(changesState)).toEqual([true, true, true, true]);
  });
});
