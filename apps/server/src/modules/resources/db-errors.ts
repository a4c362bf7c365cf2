import { AppError } from '../../lib/app-error';

type TPgError = { code?: string; detail?: string; cause?: unknown };

function pgErrorOf(error: unknown): TPgError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as TPgError;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code))
      return candidate;
    current = candidate.cause;
  }
  return undefined;
}

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The API fields named in a PostgreSQL error detail such as `Key (project_id, name)=(…)`. */
function fieldsOf(detail: string | undefined): string[] {
  const columns = /Key \(([^)]+)\)/.exec(detail ?? '')?.[1];
  return columns ? columns.split(',').map((c) => camel(c.trim().replace(/"/g, ''))) : [];
}

/**
 * Turns constraint violations into client errors: a duplicate is a 409, a reference to a missing
 * row a 400 naming the field, and removing a row that others still use a 409. Anything else is
 * not the client's doing and is rethrown.
 */
export function translateDbError(error: unknown, operation: 'write' | 'delete'): never {
  const pg = pgErrorOf(error);
  if (pg?.code === '23505') {
    const fields = fieldsOf(pg.detail).filter((f) => f !== 'projectId');
    const field = fields.at(-1) ?? '(body)';
    throw new AppError('conflict', 'A row with these values already exists', [
      { field, message: 'Already exists' },
    ]);
  }
  if (pg?.code === '23503') {
    if (operation === 'delete') {
      throw new AppError('conflict', 'This row is still in use and cannot be removed');
    }
    const field = fieldsOf(pg.detail).at(-1) ?? '(body)';
    throw new AppError('validation_error', 'The request is not valid', [
      { field, message: 'Refers to something that does not exist' },
    ]);
  }
  if (pg?.code === '22P02' || pg?.code === '22003' || pg?.code === '23514') {
    throw new AppError('validation_error', 'The request is not valid', [
      { field: '(body)', message: 'A value is out of range or of the wrong form' },
    ]);
  }
  throw error;
}
