import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { defaultAppConfig, type AppConfig } from '../domain/flow/config';
import { defaultTariff, type Tariff } from '../domain/tariff/rates';
import { createLazyApi } from './api/lazyApi';
import { request } from './api/http';
import { App } from './app/App';
import { Router } from './app/router';
import { ServicesProvider, type WebConfig } from './app/services';
import { PageLoading } from './app/PageLoading';
import { Spinner } from './app/Spinner';
import { loadTranslationsUntilReady } from './boot';
import { I18nProvider } from './i18n/I18n';
import type { Translations } from './i18n/translate';
import { ApplicationProvider } from './state/application';
import { FlowProvider } from './state/flowContext';
import { ui } from './text';
import './styles.css';

/** Spec §8: shown while the translation file fails to load (retried until ready). */
const FALLBACK_TEXT = ui.technical.fallbackTranslations;

/** The server's chatUrl 'https://chat.example?token=abc' or an object {baseUrl, websiteToken}. */
function readChat(extra: Record<string, unknown>): WebConfig['chat'] {
  const chat = extra.chat as WebConfig['chat'] | undefined;
  if (chat?.baseUrl && chat.websiteToken) return chat;
  if (typeof extra.chatUrl !== 'string' || !extra.chatUrl) return undefined;
  try {
    const url = new URL(extra.chatUrl);
    const websiteToken = url.searchParams.get('websiteToken') ?? url.searchParams.get('token');
    return websiteToken ? { baseUrl: url.origin, websiteToken } : undefined;
  } catch {
    return undefined;
  }
}

/** The server's tariff when it has the expected shape, else the domain default. */
function readTariff(t: unknown): Tariff {
  const v = t as Partial<Tariff> | undefined;
  const f = v?.factorsPerMille;
  return typeof v?.rateBasisPoints === 'number' &&
    typeof v.minimumYearlyCents === 'number' &&
    f &&
    [1, 2, 4, 12].every((n) => typeof f[n as 1] === 'number')
    ? (v as Tariff)
    : defaultTariff;
}

async function loadConfig(): Promise<WebConfig> {
  let app: AppConfig = defaultAppConfig;
  let extra: Partial<WebConfig> = {};
  try {
    const { data } = await request<Partial<AppConfig> & Partial<WebConfig>>('', '/api/config');
    app = { ...defaultAppConfig, ...data };
    extra = data ?? {};
  } catch (err) {
    console.warn('config failed to load, using defaults', err);
  }
  return {
    app,
    apiHost: typeof extra.apiHost === 'string' ? extra.apiHost : '',
    sidebarHost: typeof extra.sidebarHost === 'string' ? extra.sidebarHost : '',
    chat: readChat(extra as Record<string, unknown>),
    // The Bundesbank's documented example identifier until the operator configures its own.
    streetSuggestions: extra.streetSuggestions === true,
    callbackBaseUrl: typeof extra.callbackBaseUrl === 'string' ? extra.callbackBaseUrl : '',
    creditorId: typeof extra.creditorId === 'string' ? extra.creditorId : 'DE98ZZZ09999999999',
    tariff: readTariff(extra.tariff),
    now: () => new Date(),
  };
}

function Boot() {
  const [tr, setTr] = useState<Translations>();
  const [config, setConfig] = useState<WebConfig>();
  const [fallback, setFallback] = useState(false);
  useEffect(() => {
    void loadTranslationsUntilReady(() => setFallback(true)).then(setTr);
    void loadConfig().then(setConfig);
  }, []);
  if (!tr || !config)
    return (
      <main>
        <PageLoading>
          {fallback ? (
            <Spinner text={FALLBACK_TEXT} />
          ) : (
            <div className="spinner" aria-hidden="true" />
          )}
        </PageLoading>
      </main>
    );
  // Spec §7: the product selection of the page the app was opened on (ADR 0831).
  const productSelection =
    new URLSearchParams(window.location.search).get('product_selection')?.trim() || undefined;
  const api = createLazyApi(config.app, config.apiHost, { productSelection });
  return (
    <I18nProvider tr={tr}>
      <ServicesProvider value={{ api, config }}>
        {/* With a chat configured, the cid stays out of the address bar (ADR 0803). */}
        <Router hideCid={!!config.chat}>
          <ApplicationProvider>
            <FlowProvider config={config.app}>
              <App />
            </FlowProvider>
          </ApplicationProvider>
        </Router>
      </ServicesProvider>
    </I18nProvider>
  );
}

const root = createRoot(document.getElementById('root') as HTMLElement);
// The staff back office (issue 24) is a lazy entry of its own: nothing of it is in the tenant's JS.
if (/^\/intern(\/|$)/.test(window.location.pathname))
  void import('./intern/InternApp').then((m) => m.mountIntern(root));
else
  root.render(
    <StrictMode>
      <Boot />
    </StrictMode>,
  );
