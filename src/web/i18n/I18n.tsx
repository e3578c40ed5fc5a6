import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { lookup, type Translations } from './translate';

/**
 * The translation file loaded at start (GET /locales/de.json). Texts with a fixed place come from
 * the domain catalogue by typed import; keys that arrive at run time (the /error keys) are looked
 * up here first (ADR 0302).
 */
interface I18nValue {
  lookup: (key: string) => string | undefined;
}
const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider({ tr, children }: { tr: Translations; children: ReactNode }) {
  const value = useMemo(() => ({ lookup: (key: string) => lookup(tr, key) }), [tr]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  const v = useContext(I18nContext);
  if (!v) throw new Error('useI18n outside <I18nProvider>');
  return v;
}
