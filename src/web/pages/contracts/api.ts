import { HttpError, request } from '../../api/http';
import { contractTexts } from '../../../domain/messages/contracts';

/** One answer of /api/contracts/...: data, or the field errors and a general message. */
export interface ContractAnswer<T> {
  data?: T;
  fieldErrors: Record<string, string>;
  message?: string;
  status: number;
}

interface ErrorBody {
  errors?: Array<{ code: string; message: string; field?: string }>;
}

export async function contractCall<T>(
  base: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<ContractAnswer<T>> {
  try {
    const r = await request<T & ErrorBody>(base, path, { method, body });
    const errors = (r.data as ErrorBody | undefined)?.errors;
    if (r.status >= 400 || errors) {
      const fieldErrors: Record<string, string> = {};
      let message: string | undefined;
      for (const e of errors ?? []) {
        if (e.field) fieldErrors[e.field] ??= e.message;
        else message ??= e.message;
      }
      return { fieldErrors, message, status: r.status };
    }
    return { data: r.data, fieldErrors: {}, status: r.status };
  } catch (err) {
    if (err instanceof HttpError)
      return { fieldErrors: {}, message: contractTexts.errors.network, status: err.failure.status };
    throw err;
  }
}
