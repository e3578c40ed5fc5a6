import { afterEach, describe, expect, test, vi } from 'vitest';
import { nextBerlinTime, parseTimeOfDay, startTimers } from './schedule';

describe('nextBerlinTime', () => {
  test.each([
    // winter (CET, UTC+1): 03:15 Berlin = 02:15 UTC
    ['2026-01-10T01:00:00Z', 3, 15, '2026-01-10T02:15:00.000Z'],
    ['2026-01-10T02:15:00Z', 3, 15, '2026-01-11T02:15:00.000Z'],
    ['2026-01-10T23:30:00Z', 3, 15, '2026-01-11T02:15:00.000Z'],
    // summer (CEST, UTC+2): 03:15 Berlin = 01:15 UTC
    ['2026-07-01T00:00:00Z', 3, 15, '2026-07-01T01:15:00.000Z'],
    ['2026-07-01T01:16:00Z', 3, 15, '2026-07-02T01:15:00.000Z'],
    // the night clocks go forward (29 March 2026, 02:00 -> 03:00): 03:15 CEST exists
    ['2026-03-28T22:00:00Z', 3, 15, '2026-03-29T01:15:00.000Z'],
    // ... but 02:30 does not: the next day that has it
    ['2026-03-28T22:00:00Z', 2, 30, '2026-03-30T00:30:00.000Z'],
    // the night clocks go back (25 October 2026, 03:00 -> 02:00): the first 02:30 (CEST)
    ['2026-10-24T22:00:00Z', 2, 30, '2026-10-25T00:30:00.000Z'],
    ['2026-10-24T22:00:00Z', 3, 15, '2026-10-25T02:15:00.000Z'],
    // midnight and year end
    ['2026-12-31T22:59:00Z', 0, 0, '2026-12-31T23:00:00.000Z'],
  ] as const)('after %s, %i:%i is at %s', (now, hour, minute, expected) => {
    expect(nextBerlinTime(new Date(now), hour, minute).toISOString()).toBe(expected);
  });
});

describe('parseTimeOfDay', () => {
  test.each([
    ['03:15', { hour: 3, minute: 15 }],
    ['00:00', { hour: 0, minute: 0 }],
    ['23:59', { hour: 23, minute: 59 }],
  ] as const)('%s', (value, expected) => expect(parseTimeOfDay(value)).toEqual(expected));
  test.each(['3:15', '24:00', '12:60', '', '03:15:00', 'x'])('"%s" is refused', (value) =>
    expect(() => parseTimeOfDay(value)).toThrow(/HH:MM/),
  );
});

describe('startTimers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  test('the nightly job at its Berlin time every day, the other every ten minutes', () => {
    vi.useFakeTimers({ now: new Date('2026-01-10T02:14:30Z') }); // 03:14:30 in Berlin
    const nightly = vi.fn();
    const often = vi.fn();
    const timers = startTimers({
      at: { hour: 3, minute: 15 },
      nightly,
      everyMs: 600_000,
      often,
    });
    vi.advanceTimersByTime(29_000);
    expect(nightly).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(nightly).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(86_400_000);
    expect(nightly).toHaveBeenCalledTimes(2);
    expect(often).toHaveBeenCalledTimes(144);
    timers.stop();
    vi.advanceTimersByTime(86_400_000);
    expect(nightly).toHaveBeenCalledTimes(2);
    expect(often).toHaveBeenCalledTimes(144);
  });
});
