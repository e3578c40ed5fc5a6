// Turns what arrives (qs.parse objects, JSON bodies, flat bracket keys, query strings) into one
// flat map 'a[b][c]' -> value. Depth and size are bounded; it never throws.
const maxDepth = 8;
const maxEntries = 2000;

/**
 * The flat map of each object already flattened. A saved body is flattened by the request's
 * extras, the decode, the unknown keys and the cleared attribution codes, ~6 % of a save's main
 * thread in a profile (issue 30); the four now share one walk. A request's body is not changed
 * once parsed, and the maps handed out are read only; an entry goes with its body.
 */
const flattened = new WeakMap<object, ReadonlyMap<string, unknown>>();

export function flattenBrackets(input: unknown): ReadonlyMap<string, unknown> {
  if (input === null || typeof input !== 'object') return flattenedOnce(input);
  let out = flattened.get(input);
  if (!out) flattened.set(input, (out = flattenedOnce(input)));
  return out;
}

function flattenedOnce(input: unknown): Map<string, unknown> {
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
      if (Array.isArray(node)) {
        for (const [k, v] of node.map((v, i) => [String(i), v] as const))
          walk(v, prefix ? `${prefix}[${k}]` : k, depth + 1);
        return;
      }
      // An object's own keys in Object.entries' order, without a [key, value] array per key:
      // every saved body passes here several times (issue 30).
      const values = Object.values(node);
      const keys = Object.keys(node);
      for (let i = 0; i < keys.length; i++)
        walk(values[i], prefix ? `${prefix}[${keys[i]!}]` : keys[i]!, depth + 1);
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
