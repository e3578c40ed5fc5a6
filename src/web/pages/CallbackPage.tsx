import { useEffect, useState } from 'react';
import { isoToGerman } from '../../domain/dates';
import { frequencyWords } from '../../domain/tariff/rates';
import type { PaymentConditions } from '../../domain/model/schema';
import { buildUrl, request } from '../api/http';
import { useNavigate, useLocation, useQuery } from '../app/router';
import { useServices } from '../app/services';
import { Spinner } from '../app/Spinner';
import { stepUrl } from '../app/urls';
import { useApplication } from '../state/application';
import { formatEuro, ui } from '../text';
import { resultTexts } from '../../domain/messages/results';

/** Where the PDFs are downloaded (server routes): the certificate and the reservation's Sofortzusage. */
const documentPath = (cid: string, name: 'certificate' | 'reservation') =>
  `/api/tenancies/${encodeURIComponent(cid)}/${name}.pdf`;

/** GET /api/{application|reservation}/state/{cid} (src/server/services/status.ts). */
interface ServerResult {
  state: string;
  orderId: string | null;
  rate: number | null;
  digital: boolean;
  paymentConditions?: PaymentConditions | null;
  deliverTo?: string | null;
  firstDebitDate?: string | null;
  reservedUntil?: string | null;
}

type Loaded = { kind: 'loading' } | { kind: 'missing' } | { kind: 'result'; result: ServerResult };

const WAITING = ['submitted', 'created', 'pending'];

/**
 * /callback/danke (contract) and /callback/sofortzusage (reservation). Everything shown comes
 * from the server's state call for the cid; the redirect's other query values (is_accepted,
 * vertragsnr, pramie, ...) are the spec's payload for other receivers and are never displayed, so
 * a hand-made link cannot make this page say "angenommen" (issue 11).
 */
export default function CallbackPage() {
  const q = useQuery();
  const { pathname } = useLocation();
  const { config } = useServices();
  const reservation = pathname === '/callback/sofortzusage';
  const cid = q.get('cid') ?? '';
  const plausible = /^[A-Za-z0-9_-]{16,64}$/.test(cid);
  const [fetched, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const loaded: Loaded = plausible ? fetched : { kind: 'missing' };

  useEffect(() => {
    if (!plausible) return;
    const abort = new AbortController();
    const path = `/api/${reservation ? 'reservation' : 'application'}/state/${encodeURIComponent(cid)}`;
    request<ServerResult>(config.apiHost, path, { signal: abort.signal }).then(
      ({ status, data }) =>
        setLoaded(
          status === 200 && data && typeof data.state === 'string'
            ? { kind: 'result', result: data }
            : { kind: 'missing' },
        ),
      (err: unknown) => {
        if ((err as Error).name !== 'AbortError') setLoaded({ kind: 'missing' });
      },
    );
    return () => abort.abort();
  }, [cid, plausible, reservation, config.apiHost]);

  const headline =
    loaded.kind === 'loading'
      ? ui.technical.loading
      : loaded.kind === 'missing'
        ? resultTexts.notFound
        : headlineOf(loaded.result.state, reservation);
  useEffect(() => {
    document.title = `${headline} – ${ui.appTitle}`;
  }, [headline]);

  if (loaded.kind === 'loading') return <Spinner text={ui.technical.loading} />;
  if (loaded.kind === 'missing') {
    return (
      <div className="card">
        <h1>{headline}</h1>
        <p>{resultTexts.notFoundText}</p>
      </div>
    );
  }
  const r = loaded.result;
  return (
    <div className="card">
      <h1>{headline}</h1>
      {reservation ? (
        <ReservationResult r={r} cid={cid} />
      ) : (
        <ContractResult r={r} cid={cid} apiHost={config.apiHost} />
      )}
    </div>
  );
}

function headlineOf(state: string, reservation: boolean): string {
  if (state === 'accepted') return reservation ? ui.result.reservationAccepted : ui.result.accepted;
  if (state === 'declined')
    return reservation ? resultTexts.reservationDeclined : ui.result.declined;
  if (WAITING.includes(state))
    return reservation ? resultTexts.reservationPending : ui.result.pending;
  return resultTexts.notSubmitted;
}

function ContractResult({ r, cid, apiHost }: { r: ServerResult; cid: string; apiHost: string }) {
  if (r.state === 'declined') return <Declined />;
  if (WAITING.includes(r.state)) return <Pending />;
  if (r.state !== 'accepted') return <p>{resultTexts.notFoundText}</p>;
  // A contract exists: its number, the premium with its frequency, and what happens next.
  const freq = r.paymentConditions ?? undefined;
  const debit = r.firstDebitDate ? isoToGerman(r.firstDebitDate) : undefined;
  return (
    <>
      <dl className="summary-list">
        {r.orderId ? (
          <div>
            <dt>{ui.result.contractNumber}</dt>
            <dd>{r.orderId}</dd>
          </div>
        ) : null}
        {typeof r.rate === 'number' && freq && frequencyWords[freq] ? (
          <div>
            <dt>{ui.result.premium}</dt>
            <dd>
              {resultTexts.premiumWithFrequency(formatEuro(r.rate), frequencyWords[freq].adverb)}
            </dd>
          </div>
        ) : null}
      </dl>
      <h2>{resultTexts.nextStepsTitle}</h2>
      <ul>
        <li>{resultTexts.mailSent}</li>
        <li>
          {r.deliverTo === 'digital' || r.digital
            ? resultTexts.digitalCertificate
            : r.deliverTo === 'landlordAddress'
              ? resultTexts.postToLandlord
              : resultTexts.postToTenant}
        </li>
        {debit ? <li>{resultTexts.firstDebit(debit)}</li> : null}
        <li>{resultTexts.withdrawalHint}</li>
      </ul>
      {r.digital ? (
        <p>
          <a className="button" href={buildUrl(apiHost, documentPath(cid, 'certificate'))} download>
            {ui.result.downloadCertificate}
          </a>
        </p>
      ) : null}
    </>
  );
}

function Declined() {
  return (
    <>
      <p>{ui.result.humanReview}</p>
      <h2>{resultTexts.nextStepsTitle}</h2>
      <ul>
        <li>{resultTexts.decisionMailSent}</li>
        <li>{resultTexts.noCosts}</li>
      </ul>
    </>
  );
}

function Pending() {
  return (
    <>
      <h2>{resultTexts.nextStepsTitle}</h2>
      <ul>
        <li>{resultTexts.pendingNext}</li>
      </ul>
    </>
  );
}

function ReservationResult({ r, cid }: { r: ServerResult; cid: string }) {
  const { config } = useServices();
  const app = useApplication();
  const navigate = useNavigate();
  if (r.state === 'declined') return <Declined />;
  if (WAITING.includes(r.state)) return <Pending />;
  if (r.state !== 'accepted') return <p>{resultTexts.notFoundText}</p>;
  const until = r.reservedUntil ? isoToGerman(r.reservedUntil) : undefined;
  const continueUrl = stepUrl('tenant', { cid });
  return (
    <>
      {r.orderId ? (
        <dl className="summary-list">
          <div>
            <dt>{resultTexts.reservationNumber}</dt>
            <dd>{r.orderId}</dd>
          </div>
        </dl>
      ) : null}
      <h2>{resultTexts.nextStepsTitle}</h2>
      <ul>
        <li>{resultTexts.reservationMail}</li>
        {until ? <li>{resultTexts.reservationValidUntil(until)}</li> : null}
        <li>{resultTexts.reservationContinue}</li>
      </ul>
      <div className="actions">
        <a
          className="button button--secondary"
          href={buildUrl(config.apiHost, documentPath(cid, 'reservation'))}
          download
        >
          {ui.result.downloadReservation}
        </a>
        <a
          className="button"
          href={continueUrl}
          onClick={(e) => {
            e.preventDefault();
            // The contract continues in the same application: load it fresh (its state says it
            // was reserved, so the tenant step shows the hint) and leave reservation mode.
            app.setSession({
              reservation: false,
              loadedCid: undefined,
              continuedAfterReservation: false,
            });
            navigate(continueUrl);
          }}
        >
          {ui.buttons.continueApplication}
        </a>
      </div>
    </>
  );
}
