/** Small HTTP helpers for integration tests (real fetch against the real server). */
export interface JsonAnswer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export async function call(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  opts: { form?: boolean; headers?: Record<string, string> } = {},
): Promise<JsonAnswer> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  let payload: string | undefined;
  if (body !== undefined) {
    if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload =
        typeof body === 'string'
          ? body
          : new URLSearchParams(body as Record<string, string>).toString();
    } else {
      headers['content-type'] = 'application/json';
      payload = typeof body === 'string' ? body : JSON.stringify(body);
    }
  }
  const r = await fetch(`${base}${path}`, { method, headers, body: payload });
  const text = await r.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: r.status, headers: r.headers, body: parsed };
}
