/**
 * One batch under way at a time: items added meanwhile wait, then go together in the next batch,
 * in order. The first item of a quiet moment waits for nothing. `take` says how many of the
 * waiting items the next batch takes (at least one is taken); `send` sends a batch and tells its
 * items how it went, and must not throw.
 */
export function coalescing<T>(
  send: (batch: T[]) => Promise<void>,
  take: (waiting: readonly T[]) => number,
) {
  let waiting: T[] = [];
  let sending: Promise<void> | undefined;

  const drain = async () => {
    while (waiting.length > 0) {
      const count = Math.max(1, take(waiting));
      const batch = waiting.slice(0, count);
      waiting = waiting.slice(count);
      await send(batch);
    }
    sending = undefined;
  };

  return {
    add(item: T) {
      waiting.push(item);
      sending ??= drain();
    },
    /** Resolves once every item added so far has been sent (or has failed). */
    sent: () => sending ?? Promise.resolve(),
  };
}
