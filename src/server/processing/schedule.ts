/**
 * The two timed jobs (ADR 1004): the nightly deletion at a Berlin wall-clock time and the sweep
 * every ten minutes. Our own timers instead of pg-boss's cron: its timekeeper evaluated both cron
 * expressions in Europe/Berlin with luxon every 30 s (hundreds of ms of CPU on the main thread at
 * start) and polled its own queue every 5 s, each a query through the PGlite thread when idle.
 * Every instance runs the timers; the job's singleton slot lets one job per slot through.
 */

import { berlinTime } from '../../domain/dates';

/** Berlin's wall clock at `t` as numbers (the domain's one Europe/Berlin clock). */
function berlinParts(t: number) {
  const w = berlinTime(new Date(t));
  return {
    y: Number(w.year),
    m: Number(w.month),
    d: Number(w.day),
    h: Number(w.hour),
    min: Number(w.minute),
  };
}

/**
 * The first moment after `now` at which Berlin's clocks show `hour:minute` (CET or CEST). A time
 * the clocks skip (02:xx on the last Sunday of March) falls on the next day that has it.
 */
export function nextBerlinTime(now: Date, hour: number, minute: number): Date {
  const { y, m, d } = berlinParts(now.getTime());
  for (let day = 0; day < 3; day++) {
    // UTC+2 (summer) first: in October's doubled hour that is the earlier of the two.
    for (const offset of [2, 1]) {
      const t = Date.UTC(y, m - 1, d + day, hour - offset, minute);
      const w = berlinParts(t);
      if (t > now.getTime() && w.h === hour && w.min === minute) return new Date(t);
    }
  }
  throw new Error(`no ${hour}:${minute} in Berlin within three days of ${now.toISOString()}`);
}

/** 'HH:MM' as hour and minute; anything else is a programming error. */
export function parseTimeOfDay(value: string): { hour: number; minute: number } {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  if (!m) throw new Error(`time of day must be HH:MM, not "${value}"`);
  return { hour: Number(m[1]), minute: Number(m[2]) };
}

export interface Timers {
  stop(): void;
}

/** Calls `nightly` every day at `at` (Berlin) and `often` every `everyMs`; never keeps Node up. */
export function startTimers(opts: {
  at: { hour: number; minute: number };
  nightly: () => void;
  everyMs: number;
  often: () => void;
  now?: () => Date;
}): Timers {
  const now = opts.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  const plan = () => {
    const due = nextBerlinTime(now(), opts.at.hour, opts.at.minute).getTime() - now().getTime();
    timer = setTimeout(() => {
      opts.nightly();
      plan();
    }, due).unref();
  };
  plan();
  const interval = setInterval(opts.often, opts.everyMs).unref();
  return {
    stop() {
      clearTimeout(timer);
      clearInterval(interval);
    },
  };
}
