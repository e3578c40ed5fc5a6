import { useState } from 'react';
import { formatCents, formatDateTime } from '../../domain/messages/format';
import type { OpenGuaranteeRequest } from '../../domain/requests/openRequest';
import { staffApi } from './api';
import type { ListPage } from '../../domain/staff/listPage';
import { MoreButton } from './ListTable';
import { useStaffList } from './useStaffData';
import { pt } from './partnerTexts';

/** Open requests for an individual guarantee (issue 31 item 1); marking one answered ends it. */
export function RequestsPage() {
  const { items, more, reload } = useStaffList<ListPage<OpenGuaranteeRequest>>('/requests');
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const answer = async (reference: string) => {
    setStatus('');
    setError('');
    try {
      await staffApi(`/requests/${reference}/answered`, {});
      setStatus(pt.requests.answered(reference));
      reload();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <>
      <h1>{pt.requests.title}</h1>
      <p>{pt.requests.intro}</p>
      <p role="status" className="status">
        {status}
      </p>
      <p role="alert" className="field-error">
        {error}
      </p>
      {items && items.length === 0 && <p>{pt.requests.none}</p>}
      {items && items.length > 0 && (
        <ul className="requests">
          {items.map((r) => (
            <li key={r.reference}>
              <section aria-labelledby={`request-${r.reference}`}>
                <h2 id={`request-${r.reference}`}>
                  {pt.requests.reference} {r.reference}
                </h2>
                <dl className="facts">
                  <dt>{pt.requests.amount}</dt>
                  <dd>{formatCents(r.amountCents)}</dd>
                  <dt>{pt.requests.name}</dt>
                  <dd>{r.name}</dd>
                  <dt>{pt.requests.email}</dt>
                  <dd>
                    <a href={`mailto:${r.email}?subject=${encodeURIComponent(r.reference)}`}>
                      {r.email}
                    </a>
                  </dd>
                  <dt>{pt.requests.phone}</dt>
                  <dd>{r.phone ?? '–'}</dd>
                  <dt>{pt.requests.message}</dt>
                  <dd className="message">{r.message ?? '–'}</dd>
                  <dt>{pt.requests.date}</dt>
                  <dd>{formatDateTime(new Date(r.createdAt))}</dd>
                </dl>
                <button
                  type="button"
                  aria-label={pt.requests.answerLabel(r.reference)}
                  onClick={() => void answer(r.reference)}
                >
                  {pt.requests.answer}
                </button>
              </section>
            </li>
          ))}
        </ul>
      )}
      <MoreButton more={more} />
    </>
  );
}
