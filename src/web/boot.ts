import { request } from './api/http';
import type { Translations } from './i18n/translate';

/** Where the translation file lives (spec §8: it may fail; then we show the fallback spinner). */
const TRANSLATIONS_PATH = '/locales/de.json';
const TRANSLATION_RETRY_MS = 2_000;

async function loadTranslations(): Promise<Translations> {
  const { data } = await request<Translations>('', TRANSLATIONS_PATH);
  if (!data || typeof data !== 'object') throw new Error('empty translation file');
  return data;
}

/** Retries until the file loads, telling the caller after each failure. */
export async function loadTranslationsUntilReady(onFailure: () => void): Promise<Translations> {
  for (;;) {
    try {
      return await loadTranslations();
    } catch (err) {
      console.warn('translations failed to load', err);
      onFailure();
      await new Promise((r) => setTimeout(r, TRANSLATION_RETRY_MS));
    }
  }
}
