import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListPage } from '../../domain/staff/listPage';
import { staffApi } from './api';

/** Data of one staff API path and a function that loads it again. */
export function useStaffData<T>(path: string): [T | undefined, () => void] {
  const [data, setData] = useState<T>();
  const [n, setN] = useState(0);
  useEffect(() => {
    let live = true;
    staffApi<T>(path).then(
      (d) => live && setData(d),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [path, n]);
  return [data, useCallback(() => setN((x) => x + 1), [])];
}

/** A paged list of the staff API as the back office shows it. */
export interface StaffList<A extends ListPage<unknown>> {
  /** The rows of the pages loaded so far; undefined while the first page loads. */
  items: A['items'] | undefined;
  /** The answer of the page loaded last (for what a list answers besides its rows). */
  answer: A | undefined;
  /** Loads the next page under the rows shown; undefined on the last page. */
  more: (() => void) | undefined;
  /** Loads the list again from its first page (after a change). */
  reload: () => void;
}

/**
 * A keyset list of the staff API (ADR 1271, ADR 1338): the first page, and the next one appended
 * on request (`?after=` the previous page's `next`), so no row beyond the first page is out of
 * reach. A reload starts again at the first page.
 */
export function useStaffList<A extends ListPage<unknown>>(path: string): StaffList<A> {
  const [shown, setShown] = useState<{ items: A['items']; last: A }>();
  const [n, setN] = useState(0);
  const loading = useRef(false);
  useEffect(() => {
    let live = true;
    staffApi<A>(path).then(
      (a) => live && setShown({ items: a.items, last: a }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [path, n]);
  const next = shown?.last.next;
  const more = next
    ? () => {
        if (loading.current) return; // a second click while the page is on its way
        loading.current = true;
        const query = `${path.includes('?') ? '&' : '?'}after=${encodeURIComponent(next)}`;
        staffApi<A>(`${path}${query}`)
          .then(
            (a) => setShown((s) => ({ items: [...(s?.items ?? []), ...a.items], last: a })),
            () => undefined,
          )
          .finally(() => {
            loading.current = false;
          });
      }
    : undefined;
  return {
    items: shown?.items,
    answer: shown?.last,
    more,
    reload: useCallback(() => setN((x) => x + 1), []),
  };
}
