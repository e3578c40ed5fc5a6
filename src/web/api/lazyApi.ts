import type { AppConfig } from '../../domain/flow/config';
import type { ApiClient } from './client';
import type { PageContext } from './apiClient';

/**
 * The API client with its wire formats loads on first use (the first save or load), keeping the
 * field-name tables of both generations out of the JavaScript needed to show the first step.
 */
export function createLazyApi(config: AppConfig, host: string, page: PageContext = {}): ApiClient {
  let client: Promise<ApiClient> | undefined;
  const get = () =>
    (client ??= import('./apiClient').then((m) => m.createApiClient(config, host, page)));
  const lazy = <K extends keyof ApiClient>(key: K) =>
    ((...args: unknown[]) =>
      get().then((c) => (c[key] as (...a: unknown[]) => unknown)(...args))) as ApiClient[K];
  return {
    load: lazy('load'),
    save: lazy('save'),
    rates: lazy('rates'),
    bankName: lazy('bankName'),
    saveProgress: lazy('saveProgress'),
    partner: lazy('partner'),
    saveSubPartner: lazy('saveSubPartner'),
    checkoutStep: lazy('checkoutStep'),
    status: lazy('status'),
  };
}
