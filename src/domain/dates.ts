// Calendar dates as plain 'YYYY-MM-DD' strings (ISO), computed in Europe/Berlin. The clock is
// always passed in, so tests pin it.

// The one Europe/Berlin clock of the application: calendar days, times of day and weekdays all read
// their parts from this formatter (en-GB: English weekday names, hours 00-23).
const berlin = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Berlin',
  weekday: 'short',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** A moment as Berlin's wall clock shows it; every part zero-padded ('03', '09'), weekday 'Mon'. */
export interface BerlinTime {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
  weekday: 'Mon' | 'Tue' | 'Wed' | 'Thu' | 'Fri' | 'Sat' | 'Sun';
}

/** Berlin's wall clock from the formatter: exact for every moment, but ~µs of ICU per call. */
function formattedBerlinTime(at: Date): BerlinTime {
  const parts = berlin.formatToParts(at);
  const get = (t: Intl.DateTimeFormatPartTypes) =>
    (parts.find((p) => p.type === t)?.value ?? '').padStart(2, '0');
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
    weekday: get('weekday') as BerlinTime['weekday'],
  };
}

const HOUR = 3_600_000;
const weekdays: BerlinTime['weekday'][] = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** Berlin's offset from UTC per UTC hour, for hours with one offset throughout (see below). */
const offsets = new Map<number, number>();

/** Berlin's offset from UTC (ms) at a moment, from the formatter's wall clock. */
function offsetAt(t: number): number {
  const b = formattedBerlinTime(new Date(t));
  const wall = Date.UTC(+b.year, +b.month - 1, +b.day, +b.hour, +b.minute, +b.second);
  return wall - (t - (((t % 1000) + 1000) % 1000));
}

/**
 * Berlin's wall clock at a moment (CET or CEST, whichever applies then). The save and the state
 * poll ask for it on every request (issue 30): the formatter is asked once per UTC hour for the
 * offset (Berlin's changes fall on full UTC hours; an hour whose start and end differ takes the
 * formatter every time), the moment is then read in UTC shifted by it. Same parts as the
 * formatter's (dates.test.ts compares both over generated moments).
 */
export function berlinTime(at: Date): BerlinTime {
  const t = at.getTime();
  const hour = Math.floor(t / HOUR);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    if (!Number.isFinite(t)) return formattedBerlinTime(at); // the formatter's RangeError
    const start = offsetAt(hour * HOUR);
    if (start !== offsetAt(hour * HOUR + HOUR - 1)) return formattedBerlinTime(at);
    if (offsets.size >= 4096) offsets.clear();
    offsets.set(hour, (offset = start));
  }
  const w = new Date(t + offset);
  const year = w.getUTCFullYear();
  if (year < 1000 || year > 9999) return formattedBerlinTime(at);
  const two = (n: number) => (n < 10 ? `0${n}` : String(n));
  return {
    year: String(year),
    month: two(w.getUTCMonth() + 1),
    day: two(w.getUTCDate()),
    hour: two(w.getUTCHours()),
    minute: two(w.getUTCMinutes()),
    second: two(w.getUTCSeconds()),
    weekday: weekdays[w.getUTCDay()]!,
  };
}

/** Today's calendar date in Europe/Berlin as 'YYYY-MM-DD'. */
export function todayInBerlin(now: Date): string {
  const t = berlinTime(now);
  return `${t.year}-${t.month}-${t.day}`;
}

const isoPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
/** T.M.JJJJ up to TT.MM.JJJJ; a comma also separates (the German decimal keypad has no dot). */
const separatedPattern = /^(\d{1,2})[.,](\d{1,2})[.,](\d{4})$/;
const digitsPattern = /^(\d{2})(\d{2})(\d{4})$/;

function valid(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1 || y < 1) return false;
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A date as a tenant types it - 'TT.MM.JJJJ', 'T.M.JJJJ' (one-digit day or month), 'TTMMJJJJ'
 * (digits only) or with commas - as the canonical 'TT.MM.JJJJ'; undefined if it is none of those
 * or not a real calendar date. Browser and server both store the canonical form.
 */
export function normalizeGermanDate(input: string | undefined | null): string | undefined {
  const t = (input ?? '').trim();
  const m = separatedPattern.exec(t) ?? digitsPattern.exec(t);
  if (!m) return undefined;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return valid(y, mo, d) ? `${two(d)}.${two(mo)}.${m[3]}` : undefined;
}

/** A typed German date (see normalizeGermanDate) -> 'YYYY-MM-DD', or undefined. */
export function germanToIso(input: string | undefined | null): string | undefined {
  const g = normalizeGermanDate(input);
  if (!g) return undefined;
  return `${g.slice(6)}-${g.slice(3, 5)}-${g.slice(0, 2)}`;
}

/** 'YYYY-MM-DD' -> 'TT.MM.JJJJ', or undefined if not a real calendar date. */
export function isoToGerman(input: string | undefined | null): string | undefined {
  const m = isoPattern.exec((input ?? '').trim());
  if (!m) return undefined;
  return valid(Number(m[1]), Number(m[2]), Number(m[3])) ? `${m[3]}.${m[2]}.${m[1]}` : undefined;
}

/** Adds calendar days to an ISO date. */
export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Adds whole years; 29 Feb becomes 1 Mar in a non-leap year (the birthday has then passed). */
export function addYears(iso: string, years: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y + years, m - 1, d)).toISOString().slice(0, 10);
}
