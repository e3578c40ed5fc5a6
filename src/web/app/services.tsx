import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from '../api/client';
import type { AppConfig } from '../../domain/flow/config';
import type { Tariff } from '../../domain/tariff/rates';

/** Runtime configuration beyond the domain's AppConfig (hosts, chat), from GET /api/config. */
export interface WebConfig {
  app: AppConfig;
  /** Communication host for API calls ('' = same origin). */
  apiHost: string;
  /** Host of /onlineantrag-sidebar/{name} ('' = same origin). */
  sidebarHost: string;
  /** Chat provider (Chatwoot-compatible) or undefined: then nothing is loaded. */
  chat?: { baseUrl: string; websiteToken: string };
  /** A geocoder is configured on the server: address fields offer street suggestions. */
  streetSuggestions: boolean;
  /** Base URL of the pages after processing ('' = this app's /callback pages). */
  callbackBaseUrl: string;
  /** The tariff (server configuration) the premium shown on every step is computed with. */
  tariff: Tariff;
  /** SEPA creditor identifier shown in the mandate text on the check page. */
  creditorId: string;
  /** Clock for rules (tests may pin it on the server; the browser uses its own). */
  now: () => Date;
}

interface Services {
  api: ApiClient;
  config: WebConfig;
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({ value, children }: { value: Services; children: ReactNode }) {
  return <ServicesContext.Provider value={value}>{children}</ServicesContext.Provider>;
}

export function useServices(): Services {
  const v = useContext(ServicesContext);
  if (!v) throw new Error('useServices outside <ServicesProvider>');
  return v;
}
