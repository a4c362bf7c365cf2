/** The deepest nesting of arrays and objects the API accepts, in a body or an imported file. */
const MAX_DEPTH = 64;

export const tooDeepMessage = `Nested deeper than ${MAX_DEPTH} levels of arrays and objects`;

/**
 * A body not parsed into values: a stream (an upload not read yet) or bytes (a picture, a signed
 * webhook), left to whoever reads it rather than walked byte by byte.
 */
export const isUnparsed = (value: object) =>
  typeof (value as { pipe?: unknown }).pipe === 'function' ||
  ArrayBuffer.isView(value) ||
  value instanceof ArrayBuffer;

/**
 * Whether arrays and objects nest deeper than MAX_DEPTH. Walked with a stack of its own, so any
 * depth is safe here, while the checks that come after it recurse.
 */
export function nestedTooDeep(value: unknown): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (!current || typeof current !== 'object' || isUnparsed(current)) continue;
    if (depth >= MAX_DEPTH) return true;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}
