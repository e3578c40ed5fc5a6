/**
 * The one fetch wrapper of the web app. It classifies every failure so callers can react
 * (spec §7): a network failure (status 0, also a cross-origin block) releases the lock and is
 * only logged; an unparseable answer becomes the xhr error of DECISIONS.md.
 */
export type HttpFailure =
  | { kind: 'network'; status: 0 }
  | { kind: 'unparseable'; status: number }
  | { kind: 'status'; status: number; body: unknown };

export class HttpError extends Error {
  constructor(readonly failure: HttpFailure) {
    super(`HTTP ${failure.kind} ${failure.status}`);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Record<string, string | undefined>;
  /** Sent as JSON unless it is a URLSearchParams (form-urlencoded, the old API). */
  body?: unknown;
  signal?: AbortSignal;
}

export function buildUrl(base: string, path: string, query?: Record<string, string | undefined>) {
  const url = new URL(path, base || window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

/** Returns the parsed JSON body of 2xx answers and of 4xx answers that carry JSON (field errors). */
export async function request<T>(
  base: string,
  path: string,
  opts: RequestOptions = {},
): Promise<{ status: number; data: T }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (opts.body instanceof URLSearchParams) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = opts.body.toString();
  } else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(buildUrl(base, path, opts.query), {
      method: opts.method ?? 'GET',
      headers,
      body,
      // The new API keeps its session in a cookie (spec §6).
      credentials: 'include',
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    console.warn('request failed', path, err);
    throw new HttpError({ kind: 'network', status: 0 });
  }
  const text = await res.text();
  let data: unknown = undefined;
  if (text !== '') {
    try {
      data = JSON.parse(text);
    } catch {
      throw new HttpError({ kind: 'unparseable', status: res.status });
    }
  }
  if (!res.ok && !(res.status >= 400 && res.status < 500 && data !== undefined)) {
    throw new HttpError({ kind: 'status', status: res.status, body: data });
  }
  return { status: res.status, data: data as T };
}
