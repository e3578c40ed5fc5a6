import type { ReactNode } from 'react';
import { t } from './texts';
import './money.css';

/**
 * A list of the back office as a table under its heading (ADR 1227): the heading, an optional
 * introduction, the empty sentence or the table. The table has a caption for screen readers (the
 * heading shows the same words), column headers with `scope="col"` in the order of the text
 * catalogue's `cols`, and on a phone (375 px) it scrolls sideways inside itself instead of
 * widening the page; the scrolling box is a named region that takes the focus, so a keyboard can
 * scroll it too. Nothing is shown while the list is loading (`items` undefined).
 */
export function ListTable<T>({
  texts: { title, intro, cols },
  empty,
  items,
  row,
  more,
}: {
  /** The list's group of the text catalogue. */
  texts: { title: string; intro?: string; cols: Readonly<Record<string, string>> };
  empty: string;
  items: readonly T[] | undefined;
  /** One `<tr>` with its `key`. */
  row: (item: T) => ReactNode;
  /** Loads the next page of a paged list (useStaffList); absent on its last page. */
  more?: (() => void) | undefined;
}) {
  return (
    <>
      <h2>{title}</h2>
      {intro && <p>{intro}</p>}
      {items && items.length === 0 && <p>{empty}</p>}
      {items && items.length > 0 && (
        <div className="money-table" role="region" aria-label={title} tabIndex={0}>
          <table>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                {Object.entries(cols).map(([key, label]) => (
                  <th key={key} scope="col">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{items.map((item) => row(item))}</tbody>
          </table>
        </div>
      )}
      <MoreButton more={more} />
    </>
  );
}

/** "Weitere laden" under a paged list while it has more rows (ADR 1338). */
export function MoreButton({ more }: { more: (() => void) | undefined }) {
  if (!more) return null;
  return (
    <p>
      <button type="button" onClick={more}>
        {t.list.more}
      </button>
    </p>
  );
}
