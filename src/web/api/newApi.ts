import type { StepId } from '../../domain/flow/steps';
import { isStepId } from '../../domain/flow/steps';
import type { FormModel } from '../../domain/model/schema';
import type { ApiClient, FieldErrors, LoadResult, OrderStatus, Rate, SaveResult } from './client';
import { HttpError, request } from './http';
import { decodeNewApi, encodeNewApi, readServerErrors } from './wireAdapter';

/** The new API (/api/...), the default (spec §7, DECISIONS.md paths). */
export function createNewApi(host: string): ApiClient {
  return {
    async load(cid) {
      const { data } = await request<Record<string, unknown>>(host, '/api/tenancies', {
        query: { cid },
      });
      return readLoad(data);
    },
    async save({ model, cid, step, mask, reservation }) {
      const body = encodeNewApi(model, mask);
      const { data } = await request<Record<string, unknown>>(host, '/api/tenancies', {
        method: cid ? 'PATCH' : 'POST',
        query: { cid, step, reservation: reservation ? '1' : undefined },
        body,
      });
      return readSave(data);
    },
    async rates(deposit) {
      const { data } = await request<unknown>(host, '/api/rates', {
        query: { sum: String(deposit) },
      });
      return readRates(data);
    },
    async bankName(bankCode) {
      try {
        const { data } = await request<{ bankName?: string; name?: string }>(
          host,
          '/api/banknames',
          {
            query: { bankCode },
          },
        );
        return data?.bankName ?? data?.name ?? undefined;
      } catch (err) {
        if (err instanceof HttpError && err.failure.kind === 'status' && err.failure.status === 404)
          return undefined;
        throw err;
      }
    },
    async saveProgress({ cid, step, email }) {
      await request(host, '/api/saveprogress', { method: 'POST', body: { cid, step, email } });
    },
    async partner(code, cid) {
      try {
        const { data } = await request<{ data?: unknown[] }>(
          host,
          `/api/partners/${encodeURIComponent(code)}`,
          {
            query: { cid },
          },
        );
        return Array.isArray(data?.data) ? data.data : [];
      } catch (err) {
        // Spec §8: a 404 of the partner lookup is ignored, other errors are rethrown.
        if (err instanceof HttpError && err.failure.kind === 'status' && err.failure.status === 404)
          return [];
        if (err instanceof HttpError && err.failure.status === 404) return [];
        throw err;
      }
    },
    async saveSubPartner({ cid, partnerCode, subPartnerCode }) {
      const { data } = await request<Record<string, unknown>>(host, '/api/subpartners', {
        method: 'PUT',
        query: { cid },
        body: { partnerCode, subPartnerCode },
      });
      return readSave(data);
    },
    async status(cid, reservation) {
      const path = reservation ? '/api/reservation/state/' : '/api/application/state/';
      const { data } = await request<Partial<OrderStatus>>(host, path + encodeURIComponent(cid));
      return {
        state: String(data?.state ?? ''),
        orderId: data?.orderId,
        rate: data?.rate,
        digital: data?.digital === true,
      };
    },
  };
}

export function readLoad(data: Record<string, unknown> | undefined): LoadResult {
  const errors = data?.errors;
  if (Array.isArray(errors) && errors.length) {
    return {
      kind: 'errors',
      codes: errors.map((e) =>
        String(typeof e === 'object' && e ? (e as { code?: unknown }).code : e).toLowerCase(),
      ),
    };
  }
  if (typeof data?.__cid === 'string' && data.__cid) return { kind: 'redirect', cid: data.__cid };
  // The new API may wrap the form data in data, tenancy or payload (spec §7).
  const payload = (data?.data ?? data?.tenancy ?? data?.payload ?? data) as Record<string, unknown>;
  return { kind: 'model', model: decodeNewApi(payload) };
}

export function readSave(data: Record<string, unknown> | undefined): SaveResult {
  const { fields, global } = readServerErrors(data?.errors);
  const skip = typeof data?.skip_to === 'string' ? data.skip_to : undefined;
  return {
    cid: typeof data?.cid === 'string' ? data.cid : undefined,
    errors: fields as FieldErrors,
    globalErrors: global,
    skipTo: skip && isStepId(skip) ? (skip as StepId) : undefined,
  };
}

function readRates(data: unknown): Rate[] {
  void data;
  return [];
}

export type { FormModel };
