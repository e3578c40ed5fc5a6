/** Median and spread of repeated figures: every bench figure is measured three times (issue 13). */
export interface Spread {
  median: number;
  min: number;
  max: number;
  values: number[];
}

export function spread(values: number[]): Spread {
  // A repeat with nothing answered has no CPU per request (NaN): it is left out, not averaged in.
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  const mid = Math.floor(v.length / 2);
  const median = v.length === 0 ? NaN : v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
  return { median, min: v[0] ?? NaN, max: v[v.length - 1] ?? NaN, values };
}

/** "1234 (1180-1290)": the median and, in brackets, the range of the repeats. */
export function fmt(s: Spread, digits = 0, unit = ''): string {
  if (!Number.isFinite(s.median)) return 'n/a';
  const f = (n: number) => n.toFixed(digits);
  return `${f(s.median)}${unit} (${f(s.min)}-${f(s.max)})`;
}

export const repeats = Number(process.env.BENCH_REPEATS ?? 3);
