/** One printed line of the bench: the figure, its target and PASS / MISS (null: reported only). */
export interface Row {
  figure: string;
  value: string;
  target: string;
  ok: boolean | null;
}

export const check = (figure: string, value: string, target: string, ok: boolean | null): Row => ({
  figure,
  value,
  target,
  ok,
});

export function verdict(ok: boolean | null): string {
  return ok === null ? 'INFO' : ok ? 'PASS' : 'MISS';
}

/** Prints rows as aligned text, one figure per line: "PASS figure: value (target: ...)". */
export function printRows(title: string, rows: Row[]): void {
  console.log(`\n== ${title}`);
  for (const r of rows)
    console.log(`${verdict(r.ok).padEnd(4)}  ${r.figure}: ${r.value}   [target: ${r.target}]`);
}
