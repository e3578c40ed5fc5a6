/** Immutable write of a dotted path (creates missing groups). */
export function setIn<T extends object>(obj: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  const current = (obj as Record<string, unknown>)[head];
  const next =
    rest.length === 0
      ? value
      : setIn(
          (current && typeof current === 'object' ? current : {}) as object,
          rest.join('.'),
          value,
        );
  return { ...obj, [head]: next } as T;
}

export function getIn(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const key of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}
