import { useState } from 'react';
import { formatCents, formatDateTime } from '../../domain/messages/format';
import { staffApi } from './api';
import { useLoad } from './pages';
import { pt } from './partnerTexts';

interface GuaranteeRequest {
  reference: string;
  amountCents: number;
  name: string;
  email: string;
  phone: string | null;
  message: string | null;
  createdAt: string;
}

/** Open requests for an individual guarantee (issue 31 item 1); marking one answered ends it. */
export function RequestsPage() {
  const [data, reload] = useLoad<{ items: GuaranteeRequest[] }>('/requests');
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
      {data && data.items.length === 0 && <p>{pt.requests.none}</p>}
      {data && data.items.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">{pt.requests.reference}</th>
              <th scope="col">{pt.requests.amount}</th>
              <th scope="col">{pt.requests.name}</th>
              <th scope="col">{pt.requests.email}</th>
              <th scope="col">{pt.requests.phone}</th>
              <th scope="col">{pt.requests.message}</th>
              <th scope="col">{pt.requests.date}</th>
              <th scope="col">{pt.requests.action}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((r) => (
              <tr key={r.reference}>
                <td>{r.reference}</td>
                <td>{formatCents(r.amountCents)}</td>
                <td>{r.name}</td>
                <td>
                  <a href={`mailto:${r.email}?subject=${encodeURIComponent(r.reference)}`}>
                    {r.email}
                  </a>
                </td>
                <td>{r.phone ?? ''}</td>
                <td className="message">{r.message ?? ''}</td>
                <td>{formatDateTime(new Date(r.createdAt))}</td>
                <td>
                  <button
                    type="button"
                    aria-label={pt.requests.answerLabel(r.reference)}
                    onClick={() => void answer(r.reference)}
                  >
                    {pt.requests.answer}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
