/**
 * Numbers the publications of the channels the database does not number (a run's, a user's)
 * in this process. Only the `max` channels used last are kept: a run's channel is published on
 * while the run goes and never again, so keeping every one would grow without end in a process
 * that runs for months. A channel forgotten and used again starts over at 1; its clients follow
 * the numbers their events carry (a run's `seq`), not these.
 */
export function createChannelCounters(max = 10_000) {
  // In the order of last use: the first is the one to forget.
  const counts = new Map<string, number>();
  return {
    current: (channel: string) => counts.get(channel) ?? 0,
    next(channel: string) {
      const count = (counts.get(channel) ?? 0) + 1;
      counts.delete(channel);
      counts.set(channel, count);
      if (counts.size > max) counts.delete(counts.keys().next().value!);
      return count;
    },
    get size() {
      return counts.size;
    },
  };
}
