import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { translate, lookup, type Params, type Translations } from './translate';

interface I18nValue {
  t: (key: string, params?: Params) => string;
  has: (key: string) => boolean;
}
const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider({ tr, children }: { tr: Translations; children: ReactNode }) {
  const value = useMemo(
    () => ({
      t: (key: string, params?: Params) => translate(tr, key, params),
      has: (key: string) => lookup(tr, key) !== undefined,
    }),
    [tr],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  const v = useContext(I18nContext);
  if (!v) throw new Error('useI18n outside <I18nProvider>');
  return v;
}
