/**
 * The remembered answers of a pure function, by key: for calendar questions asked about the same
 * few days again and again (a posting day per acceptance e-mail, ADR 1355; the collection run's
 * period and debit days per contract, ADR 1470). A day's answer never changes, so a remembered
 * answer is the answer; the map is emptied when it reaches `limit` entries, so it never grows
 * without end.
 */
export function boundedMemo<V>(limit: number): (key: string, compute: () => V) => V {
  const known = new Map<string, V>();
  return (key, compute) => {
    const hit = known.get(key);
    if (hit !== undefined) return hit;
    const value = compute();
    if (known.size >= limit) known.clear();
    known.set(key, value);
    return value;
  };
}
