import { useEffect } from 'react';
import { useLocation, useQuery } from '../app/router';
import { useServices } from '../app/services';
import { buildUrl } from '../api/http';
import { formatEuro, ui } from '../text';

/** Where the PDFs are downloaded (server routes): the certificate and the reservation's Sofortzusage. */
const documentPath = (cid: string, name: 'certificate' | 'reservation') =>
  `/api/tenancies/${encodeURIComponent(cid)}/${name}.pdf`;

/**
 * /callback/danke (contract) and /callback/sofortzusage (reservation): what happened (accepted,
 * declined with the way to a human review, pending), contract number and premium, and the
 * certificate PDF when accepted and digital, or the Sofortzusage PDF of an accepted reservation.
 */
export default function CallbackPage() {
  const q = useQuery();
  const { pathname } = useLocation();
  const { config } = useServices();
  const reservation = pathname === '/callback/sofortzusage';
  const accepted = q.get('is_accepted') === 'true';
  const pending = q.get('is_pending') === 'true';
  const digital = q.get('digital') === 'true';
  const cid = q.get('cid') ?? '';
  const number = q.get('vertragsnr') ?? '';
  const premium = Number(q.get('pramie'));
  const headline = accepted
    ? reservation
      ? ui.result.reservationAccepted
      : ui.result.accepted
    : pending
      ? ui.result.pending
      : ui.result.declined;
  useEffect(() => {
    document.title = `${headline} – ${ui.appTitle}`;
  }, [headline]);
  return (
    <div className="card">
      <h1>{headline}</h1>
      {!accepted && !pending ? <p>{ui.result.humanReview}</p> : null}
      <dl className="summary-list">
        {number ? (
          <div>
            <dt>{ui.result.contractNumber}</dt>
            <dd>{number}</dd>
          </div>
        ) : null}
        {q.get('pramie') && Number.isFinite(premium) ? (
          <div>
            <dt>{ui.result.premium}</dt>
            <dd>{formatEuro(premium)}</dd>
          </div>
        ) : null}
      </dl>
      {accepted && cid && (reservation || digital) ? (
        <p>
          <a
            className="button"
            href={buildUrl(
              config.apiHost,
              documentPath(cid, reservation ? 'reservation' : 'certificate'),
            )}
            download
          >
            {reservation ? ui.result.downloadReservation : ui.result.downloadCertificate}
          </a>
        </p>
      ) : null}
    </div>
  );
}
