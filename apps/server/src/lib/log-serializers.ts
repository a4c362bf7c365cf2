import { DrizzleQueryError } from 'drizzle-orm/errors';

type TSerializedError = {
  type: string;
  message: string;
  stack: string;
  code?: unknown;
  statusCode?: unknown;
  cause?: TSerializedError;
};

/** The stack's frames without its first lines, which repeat the message. */
const framesOf = (stack: string | undefined) =>
  stack
    ?.split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n');

/**
 * The logger's `err` serializer. A failed query's error carries its parameters (in its message,
 * its stack and a field), and those are what users wrote or models answered: only the SQL
 * text is kept. Other errors keep type, message, stack, code and status, and their cause.
 */
export function serializeError(error: unknown, depth = 0): TSerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  const redacted = error instanceof DrizzleQueryError;
  const serialized: TSerializedError = {
    type: error.constructor.name,
    message: redacted ? `Failed query: ${error.query}` : error.message,
    stack: (redacted ? framesOf(error.stack) : error.stack) ?? '',
    ...(code === undefined ? {} : { code }),
    ...(statusCode === undefined ? {} : { statusCode }),
  };
  if (error.cause !== undefined && depth < 5) {
    serialized.cause = serializeError(error.cause, depth + 1);
  }
  return serialized;
}
