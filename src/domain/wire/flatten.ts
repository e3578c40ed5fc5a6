// Turns what arrives (qs.parse objects, JSON bodies, flat bracket keys, query strings) into one
// flat map 'a[b][c]' -> value. Depth and size are bounded; it never throws.
const maxDepth = 8;
const maxEntries = 2000;

export function flattenBrackets(input: unknown): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof input === 'string') {
    try {
      for (const [k, v] of new URLSearchParams(input)) if (out.size < maxEntries) out.set(k, v);
    } catch {
      /* not a query string */
    }
    return out;
  }
  const walk = (node: unknown, prefix: string, depth: number) => {
    if (out.size >= maxEntries || depth > maxDepth) return;
    if (node !== null && typeof node === 'object') {
      const entries = Array.isArray(node)
        ? node.map((v, i) => [String(i), v] as const)
        : Object.entries(node as Record<string, unknown>);
      for (const [k, v] of entries) walk(v, prefix ? `${prefix}[${k}]` : k, depth + 1);
    } else if (prefix) out.set(prefix, node);
  };
  try {
    walk(input, '', 0);
  } catch {
    /* getters that throw, proxies: keep what was read */
  }
  return out;
}

/** Same, with dotted keys ('firstTenant.address.zip') for model-shaped objects. */
export function flattenDots(input: unknown): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const walk = (node: unknown, prefix: string, depth: number) => {
    if (out.size >= maxEntries || depth > maxDepth) return;
    if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
      for (const [k, v] of Object.entries(node as Record<string, unknown>))
        walk(v, prefix ? `${prefix}.${k}` : k, depth + 1);
    } else if (prefix) out.set(prefix, node);
  };
  try {
    walk(input, '', 0);
  } catch {
    /* keep what was read */
  }
  return out;
}
