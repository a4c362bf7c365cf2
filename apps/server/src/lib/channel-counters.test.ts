import { describe, expect, it } from 'vitest';
import { createChannelCounters } from './channel-counters';

describe('channel counters', () => {
  it('number each channel on its own, from 1', () => {
    const counters = createChannelCounters();
    expect(counters.current('run:a')).toBe(0);
    expect([counters.next('run:a'), counters.next('run:a'), counters.next('run:b')]).toEqual([
      1, 2, 1,
    ]);
    expect(counters.current('run:a')).toBe(2);
  });

  it('keep the channels used last, however many have been used', () => {
    const counters = createChannelCounters(3);
    for (let i = 0; i < 1_000; i++) counters.next(`run:${i}`);
    expect(counters.size).toBe(3);
    counters.next('user:1');
    counters.next('user:1');
    // A channel used again is the last to be forgotten: user:1 stays while runs come and go.
    counters.next('run:x');
    counters.next('user:1');
    counters.next('run:y');
    counters.next('run:z');
    expect(counters.size).toBe(3);
    expect(counters.current('user:1')).toBe(3);
    expect(counters.current('run:0')).toBe(0);
    expect(counters.current('run:x')).toBe(0);
  });
});
