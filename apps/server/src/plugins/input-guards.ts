import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { isStream, nestedTooDeep, tooDeepMessage } from '../lib/nesting';

/** The path of the first string holding a NUL character, if any. */
function findNul(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value && typeof value === 'object' && !isStream(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...path, key];
      const found = findNul(child, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Before validation, refuses a body, query or params nested too deep, or holding a
 * NUL character (PostgreSQL cannot store one in text or JSON), naming the field.
 */
export const inputGuardsPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      for (const part of [request.body, request.query, request.params]) {
        if (nestedTooDeep(part)) {
          throw AppError.validation('(body)', tooDeepMessage);
        }
        const path = findNul(part);
        if (path) {
          throw AppError.validation(
            path.join('.') || '(body)',
            'Text may not contain NUL characters',
          );
        }
      }
    });
  },
  { name: 'input-guards' },
);
