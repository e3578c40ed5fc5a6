import type { AppConfig } from '../../domain/flow/config';
import { savePaths } from '../../domain/flow/attribution';
import { isStepId, type StepId } from '../../domain/flow/steps';
import { defaultFormModel } from '../../domain/model/defaults';
import type { FormModel } from '../../domain/model/schema';
import { fieldPaths } from '../../domain/model/paths';
import type { RatesResponse } from '../../domain/tariff/rates';
import { parseServerErrors } from '../../domain/wire/errors';
import { wireFor } from '../../domain/wire/formats';
import { mergeModel } from '../../domain/wire/partial';
import type { ApiClient, LoadResult, OrderStatus, SaveResult } from './client';
import { HttpError, request } from './http';
import { apiRoutes } from './routes';

/** What the page the app runs in says for every call (spec §7: the page-global product). */
export interface PageContext {
  productSelection?: string;
}

const isStatus = (err: unknown, status: number) =>
  err instanceof HttpError && err.failure.kind === 'status' && err.failure.status === status;

/**
 * The API client for either generation: the routes differ (routes.ts), the field names, booleans,
 * decimals and dates come from the domain wire format of the configuration.
 */
export function createApiClient(
  config: AppConfig,
  host: string,
  page: PageContext = {},
): ApiClient {
  const wire = wireFor(config);
  const routes = apiRoutes[config.apiGeneration];
  const rateCache = new Map<string, Promise<RatesResponse>>();
  // Spec §7: the page-global product selection goes with the save and the rates call (empty when
  // the page names none, ADR 0831).
  const product_selection = page.productSelection ?? '';

  const readSave = (data: Record<string, unknown> | undefined): SaveResult => {
    const parsed = parseServerErrors(data?.errors, wire);
    const skip = typeof data?.skip_to === 'string' ? data.skip_to : undefined;
    return {
      cid: typeof data?.cid === 'string' && data.cid ? data.cid : undefined,
      errors: parsed.fields,
      globalErrors: parsed.other,
      clearCaptcha: parsed.clearCaptcha,
      skipTo: skip && isStepId(skip) ? (skip as StepId) : undefined,
      state: typeof data?.state === 'string' ? data.state : undefined,
    };
  };

  return {
    async load(cid) {
      const { data } = await request<Record<string, unknown>>(host, routes.load, {
        query: { cid, ...routes.loadQuery },
      });
      return readLoad(data, (payload) =>
        mergeModel(defaultFormModel(), wire.decode(payload), fieldPaths),
      );
    },
    async save({ model, cid, step, mask, reservation }) {
      // Partner codes go with every save, shown or hidden (ADR 0700).
      const { paths, touched } = savePaths(model, mask);
      const body = new URLSearchParams(wire.encode(model, paths, { touched }));
      const r = routes.save(!!cid, reservation);
      const { data } = await request<Record<string, unknown>>(host, r.path, {
        method: r.method,
        query: {
          cid,
          step,
          product_selection,
          ...routes.saveQuery,
          reservation: reservation && r.reservationQuery ? '1' : undefined,
        },
        body,
      });
      return readSave(data);
    },
    rates(deposit, payment) {
      const query = {
        sum: String(deposit),
        payment: payment ? String(payment) : '',
        product_selection,
      };
      const key = JSON.stringify(query);
      let hit = rateCache.get(key);
      if (!hit) {
        hit = request<RatesResponse>(host, routes.rates, { query }).then(({ data }) => data);
        hit.catch(() => rateCache.delete(key));
        rateCache.set(key, hit);
      }
      return hit;
    },
    async bankName(bankCode) {
      try {
        const { data } = await request<Record<string, unknown>>(host, routes.bankName, {
          query: { bankCode, bank_code: bankCode },
        });
        const name = data?.bankName ?? data?.name ?? data?.bank_name;
        return typeof name === 'string' && name ? name : undefined;
      } catch (err) {
        if (isStatus(err, 404)) return undefined;
        throw err;
      }
    },
    async saveProgress({ cid, step, email }) {
      const { data } = await request<{ errors?: unknown }>(host, routes.saveProgress, {
        method: 'POST',
        body: new URLSearchParams({ cid, step, email }),
      });
      const errors = data?.errors as Record<string, { message?: string[] }> | undefined;
      const first = errors && Object.values(errors)[0]?.message?.[0];
      return { error: first || undefined };
    },
    async partner(code, cid) {
      try {
        const { data } = await request<{ data?: unknown }>(host, routes.partner(code), {
          query: { cid, partner_code: code },
        });
        return Array.isArray(data?.data) ? data.data : [];
      } catch (err) {
        if (isStatus(err, 404)) return [];
        throw err;
      }
    },
    async saveSubPartner({ cid, partnerCode, subPartnerCode }) {
      const body = new URLSearchParams({
        partner_code: partnerCode,
        ...wire.encode({ ...defaultFormModel(), uce: { subPartnerCode } }, ['uce.subPartnerCode']),
      });
      const { data } = await request<Record<string, unknown>>(host, routes.subPartner.path, {
        method: routes.subPartner.method,
        query: { cid },
        body,
      });
      return readSave(data);
    },
    async checkoutStep({ cid, partnerCode, subPartnerCode }) {
      await request(host, routes.checkoutStep, {
        method: 'POST',
        body: new URLSearchParams({
          cid,
          partnerCode,
          subPartnerCode,
          product: product_selection,
          step: 'uce',
        }),
      });
    },
    async status(cid, reservation) {
      const { data } = await request<Partial<OrderStatus>>(
        host,
        routes.status(reservation) + encodeURIComponent(cid),
      );
      return {
        state: String(data?.state ?? ''),
        orderId: data?.orderId,
        rate: data?.rate,
        digital: data?.digital === true,
      };
    },
  };
}

/** Spec §7: errors (codes or objects with code), __cid, or the form data (maybe wrapped). */
function readLoad(
  data: Record<string, unknown> | undefined,
  decode: (payload: unknown) => FormModel,
): LoadResult {
  const errors = data?.errors;
  const list = Array.isArray(errors)
    ? errors
    : errors && typeof errors === 'object'
      ? Object.values(errors)
      : [];
  if (list.length) {
    return {
      kind: 'errors',
      codes: list.map((e) =>
        String(
          typeof e === 'object' && e ? ((e as { code?: unknown }).code ?? 'unknown') : e,
        ).toLowerCase(),
      ),
    };
  }
  if (typeof data?.__cid === 'string' && data.__cid) return { kind: 'redirect', cid: data.__cid };
  return { kind: 'model', model: decode(data ?? {}) };
}
