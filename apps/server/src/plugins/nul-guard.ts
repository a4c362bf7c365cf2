import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

/** The path of the first string holding a NUL character, if any. */
export function findNul(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  // Parsed bodies and queries are walked; a streamed upload is checked by its importer.
  const stream = typeof (value as { pipe?: unknown } | null)?.pipe === 'function';
  if (value && typeof value === 'object' && !stream) {
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...path, key];
      const found = findNul(child, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/** PostgreSQL cannot store a NUL character in text or JSON: refuse it up front, naming the field. */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.body, request.query, request.params]) {
      const path = findNul(part);
      if (path) {
        throw AppError.validation(
          path.join('.') || '(body)',
          'Text may not contain NUL characters',
        );
      }
    }
  });
}
