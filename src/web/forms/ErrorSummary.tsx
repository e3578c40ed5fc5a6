import { useEffect, useRef } from 'react';
import { fieldId } from './ids';

export interface SummaryEntry {
  path: string;
  label: string;
  message: string;
}

/**
 * GOV.UK pattern: a summary at the top that takes focus when shown (or when a new attempt
 * fails) and links to each field; the field shows the same words.
 */
export function ErrorSummary({
  title,
  intro,
  entries,
  attempt,
}: {
  title: string;
  intro?: string;
  entries: SummaryEntry[];
  /** Changes on each failed forward attempt so focus moves again. */
  attempt: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (entries.length > 0) ref.current?.focus();
    // Focus only on a new attempt, not on every keystroke that changes the entries.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);
  // Only after a forward attempt (GOV.UK): leaving one field shows its message there, not here.
  if (entries.length === 0 || attempt === 0) return null;
  return (
    <div
      className="error-summary"
      role="alert"
      tabIndex={-1}
      ref={ref}
      aria-labelledby="error-summary-title"
    >
      <h2 id="error-summary-title">{title}</h2>
      {intro ? <p>{intro}</p> : null}
      <ul>
        {entries.map((e) => (
          <li key={e.path}>
            <a
              href={`#${fieldId(e.path)}`}
              onClick={(ev) => {
                ev.preventDefault();
                const el = document.getElementById(fieldId(e.path));
                el?.focus();
                el?.scrollIntoView({ block: 'center' });
              }}
            >
              {e.label}: {e.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
