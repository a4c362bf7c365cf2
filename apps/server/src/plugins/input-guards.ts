import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { isUnparsed, nestedTooDeep, tooDeepMessage } from '../lib/nesting';

/** The path of the first string holding a NUL character, if any. */
function findNul(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value && typeof value === 'object' && !isUnparsed(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...path, key];
      const found = findNul(child, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/** The problem with one part of a request (body, query or params), if any. */
function problemOf(part: unknown): AppError | undefined {
  if (nestedTooDeep(part)) return AppError.validation('(body)', tooDeepMessage);
  const path = findNul(part);
  if (path)
    return AppError.validation(path.join('.') || '(body)', 'Text may not contain NUL characters');
  return undefined;
}

/**
 * `part` with every lone surrogate (half an emoji, as `JSON.stringify` writes a string cut
 * through one) as U+FFFD: what the database stores of it in a text column, and what it could not
 * store at all in a JSON one. Objects are changed in place; a string part is answered anew.
 */
function wellFormed(part: unknown): unknown {
  if (typeof part === 'string') return part.isWellFormed() ? part : part.toWellFormed();
  if (part && typeof part === 'object' && !isUnparsed(part)) {
    const record = part as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const value = wellFormed(record[key]);
      if (key.isWellFormed()) record[key] = value;
      else {
        delete record[key];
        record[key.toWellFormed()] = value;
      }
    }
  }
  return part;
}

/** Most requests carry no body and an empty query and params: nothing to walk. */
const isEmpty = (part: unknown) =>
  part === undefined || part === null || (typeof part === 'object' && isEmptyObject(part));

function isEmptyObject(value: object): boolean {
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

/**
 * Before validation, refuses a body, query or params nested too deep, or holding a
 * NUL character (PostgreSQL cannot store one in text or JSON), naming the field; and writes a
 * lone surrogate in them as U+FFFD (see `wellFormed`).
 */
export const inputGuardsPlugin = fp(
  async (app) => {
    // A callback hook: it never waits, so it makes no promise per request.
    app.addHook('preValidation', (request, _reply, done) => {
      for (const part of [request.body, request.query, request.params]) {
        if (isEmpty(part)) continue;
        const problem = problemOf(part);
        if (problem) return done(problem);
      }
      if (typeof request.body === 'string') request.body = wellFormed(request.body);
      else wellFormed(request.body);
      wellFormed(request.query);
      wellFormed(request.params);
      done();
    });
  },
  { name: 'input-guards' },
);
