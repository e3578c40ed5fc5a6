import { useEffect, useRef } from 'react';
import { Text, type AddressGroup } from './bound';
import { StreetField } from './StreetField';
import { useStepForm } from '../state/stepForm';
import { useServices } from '../app/services';
import { request } from '../api/http';
import { postcodePattern } from '../../domain/rules/patterns';

/**
 * Street, house number, postal code, city of one address group. Address autocomplete: a complete
 * postal code fills the city from GET /api/addresses/cities (our server's postal code list) when the
 * city is still empty; street suggestions come from the server's geocoder when one is configured
 * (StreetField); the browser's own autofill works through the autocomplete tokens.
 */
export function AddressFields({ prefix, own }: { prefix: AddressGroup; own?: boolean }) {
  const form = useStepForm();
  const { config } = useServices();
  const zipPath = `${prefix}.address.zip` as const;
  const cityPath = `${prefix}.address.city` as const;
  const zip = form.value(zipPath);
  const lastZip = useRef<string>('');
  useEffect(() => {
    if (typeof zip !== 'string' || !postcodePattern.test(zip) || zip === lastZip.current) return;
    lastZip.current = zip;
    const city = form.value(cityPath);
    if (typeof city === 'string' && city.trim() !== '') return;
    let cancelled = false;
    request<{ data?: { city?: string }[] }>(config.apiHost, '/api/addresses/cities', {
      query: { zip },
    }).then(
      ({ data }) => {
        const found = data?.data?.[0]?.city;
        if (!cancelled && found) form.set(cityPath, found);
      },
      (err: unknown) => console.info('address lookup unavailable', err),
    );
    return () => {
      cancelled = true;
    };
  }, [zip, cityPath, form, config.apiHost]);
  const ac = (token: string) => (own ? token : 'off');
  return (
    <div className="address">
      <StreetField prefix={prefix} autoComplete={ac('address-line1')} />
      <Text path={`${prefix}.address.number`} autoComplete="off" />
      <Text path={zipPath} autoComplete={ac('postal-code')} />
      <Text path={cityPath} autoComplete={ac('address-level2')} />
    </div>
  );
}
