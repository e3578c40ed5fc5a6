import type { ReactNode } from 'react';
import './money.css';

/**
 * A list table of the back office (ADR 1227): column headers with `scope="col"`, a caption for
 * screen readers (the heading above already shows it), and on a phone (375 px) the table scrolls
 * sideways inside itself instead of widening the page; the scrolling box is a named region that
 * takes the focus, so a keyboard can scroll it too. The rows are the caller's.
 */
export function ScrollTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <div className="money-table" role="region" aria-label={caption} tabIndex={0}>
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
