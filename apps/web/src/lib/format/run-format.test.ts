import { describe, expect, it } from 'vitest';
import { formatDuration, statusSeverity } from './run-format';

describe('run formats', () => {
  it('formats durations at every scale', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(12_345)).toBe('12.3 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
    expect(formatDuration(3_780_000)).toBe('1 h 3 min');
    expect(formatDuration(-1)).toBe('—');
  });

  it('colours a run by how it stands', () => {
    expect(statusSeverity('succeeded')).toBe('success');
    expect(statusSeverity('failed')).toBe('danger');
    expect(statusSeverity('running')).toBe('info');
  });
});
