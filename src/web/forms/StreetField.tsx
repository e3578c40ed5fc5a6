import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { request } from '../api/http';
import { useServices } from '../app/services';
import { useStepForm } from '../state/stepForm';
import type { AddressGroup } from './bound';
import { labelOf, ui } from '../text';
import { HelpButton } from './help';
import { fieldId } from './ids';
import { TextField } from './TextField';
import { postcodePattern } from '../../domain/rules/patterns';

interface Suggestion {
  street: string;
  zip: string | null;
  city: string | null;
}

/** Typing pauses this long before suggestions are asked for (one request per pause, not per key). */
const DEBOUNCE_MS = 250;

/**
 * The street of an address with suggestions from GET /api/addresses/streets (the server's
 * Photon-compatible geocoder), as an ARIA 1.2 combobox: the input owns a listbox, arrow keys move
 * the active option (aria-activedescendant), Enter takes it, Escape closes. Taking a suggestion
 * fills postal code and city when they are empty. Without a geocoder it is a plain text field.
 */
export function StreetField({
  prefix,
  autoComplete,
}: {
  prefix: AddressGroup;
  autoComplete: string;
}) {
  const form = useStepForm();
  const { config } = useServices();
  const path = `${prefix}.address.street` as const;
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = useRef(false);
  const value = form.value(path);
  const text = typeof value === 'string' ? value : '';
  const zip = form.value(`${prefix}.address.zip`);
  const city = form.value(`${prefix}.address.city`);
  const enabled = config.streetSuggestions === true;

  useEffect(() => {
    if (!enabled || !typed.current || text.trim().length < 2) {
      setItems([]);
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      request<{ data?: Suggestion[] }>(config.apiHost, '/api/addresses/streets', {
        query: {
          q: text.trim(),
          zip: typeof zip === 'string' && postcodePattern.test(zip) ? zip : undefined,
          city: typeof city === 'string' && city.trim() ? city.trim() : undefined,
        },
        signal: abort.signal,
      }).then(
        ({ data }) => {
          const list = Array.isArray(data?.data) ? data.data.filter((s) => s.street) : [];
          setItems(list);
          setActive(-1);
          setOpen(list.length > 0);
        },
        (err: unknown) => {
          if ((err as Error).name !== 'AbortError') console.info('street suggestions off', err);
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [enabled, text, zip, city, config.apiHost]);

  if (!form.mask.includes(path)) return null;
  const id = fieldId(path);
  const listId = `${id}-suggestions`;
  const optionId = (i: number) => `${listId}-${i}`;
  const shown = enabled && open && items.length > 0;

  const take = (s: Suggestion) => {
    typed.current = false;
    form.set(path, s.street);
    if (s.zip && !(typeof zip === 'string' && zip.trim())) form.set(`${prefix}.address.zip`, s.zip);
    if (s.city && !(typeof city === 'string' && city.trim()))
      form.set(`${prefix}.address.city`, s.city);
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!enabled || items.length === 0) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      const last = items.length - 1;
      setActive((a) => (e.key === 'ArrowDown' ? (a >= last ? 0 : a + 1) : a <= 0 ? last : a - 1));
    } else if (e.key === 'Enter' && shown && active >= 0 && items[active]) {
      e.preventDefault(); // takes the suggestion instead of submitting the form
      take(items[active]);
    } else if (e.key === 'Escape' && shown) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const combobox = enabled
    ? {
        role: 'combobox',
        'aria-autocomplete': 'list' as const,
        'aria-expanded': shown,
        'aria-controls': listId,
        'aria-activedescendant': shown && active >= 0 ? optionId(active) : undefined,
      }
    : {};
  return (
    <div className="combobox">
      <TextField
        path={path}
        label={labelOf(path)}
        error={form.error(path)}
        help={<HelpButton path={path} />}
        value={text}
        autoComplete={enabled ? 'off' : autoComplete}
        onChange={(s) => {
          typed.current = true;
          form.set(path, s === '' ? undefined : s);
        }}
        onBlur={() => {
          form.blur(path);
          setOpen(false);
        }}
        onKeyDown={onKeyDown}
        {...combobox}
      />
      {enabled ? (
        <>
          <ul
            id={listId}
            role="listbox"
            aria-label={ui.address.suggestionsLabel}
            className="combobox__list"
            hidden={!shown}
          >
            {items.map((s, i) => (
              <li
                key={`${s.street}|${s.zip}|${s.city}`}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                // mousedown: take it before the input's blur closes the list
                onMouseDown={(e) => {
                  e.preventDefault();
                  take(s);
                }}
              >
                {s.street}
                {s.zip || s.city ? (
                  <span className="combobox__place">
                    {' '}
                    {[s.zip, s.city].filter(Boolean).join(' ')}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          {shown ? <p className="hint">{ui.address.attribution}</p> : null}
          <p className="visually-hidden" role="status" aria-live="polite">
            {shown ? ui.address.suggestions(items.length) : ''}
          </p>
        </>
      ) : null}
    </div>
  );
}
