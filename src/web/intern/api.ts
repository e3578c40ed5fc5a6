/** The staff API (/api/staff): JSON, the session cookie goes by itself (same origin). */
export class StaffApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The field a refusal names, when it names one. */
    readonly field?: string,
    /** Field errors of a form (the claims review answers them per field). */
    readonly fields: { field: string; message: string }[] = [],
  ) {
    super(message);
  }
}

export async function staffApi<T>(
  path: string,
  body?: unknown,
  method?: 'PUT' | 'DELETE',
): Promise<T> {
  const res = await fetch(`/api/staff${path}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
  const text = await res.text();
  const data = text ? (JSON.parse(text) as unknown) : undefined;
  if (!res.ok) {
    const all =
      (data as { errors?: { code: string; message: string; field?: string }[] } | undefined)
        ?.errors ?? [];
    const e = all[0];
    throw new StaffApiError(
      res.status,
      e?.code ?? 'unknown',
      e?.message ?? `HTTP ${res.status}`,
      e?.field,
      all.flatMap((x) => (x.field ? [{ field: x.field, message: x.message }] : [])),
    );
  }
  return data as T;
}
