import { useEffect, useState } from 'react';
import { isoToGerman } from '../../domain/dates';
import { frequencyWords } from '../../domain/tariff/rates';
import type { PaymentConditions } from '../../domain/model/schema';
import { buildUrl, request } from '../api/http';
import { useNavigate, useLocation, useQuery } from '../app/router';
import { useServices } from '../app/services';
import { ResultLoading } from '../app/ResultLoading';
import { stepUrl } from '../app/urls';
import { useApplication } from '../state/application';
import { formatEuro, ui } from '../text';
import { legalTexts, resultTexts } from '../../domain/messages/results';

/**
 * A document of the state answer: an expiring signed path without the cid (issue 15), or a public
 * legal text. The page links only these, never a path that carries the cid, so the cid never sits
 * in a link, a download history or a Referer (ADR 0808).
 */
interface DocumentLink {
  kind: string;
  title: string;
  url: string;
  expiresAt?: string;
}
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
  documents?: DocumentLink[];
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
      ? reservation
        ? ui.result.reservationLoadingTitle
        : ui.result.loadingTitle
      : loaded.kind === 'missing'
        ? resultTexts.notFound
        : headlineOf(loaded.result.state, reservation);
  useEffect(() => {
    document.title = `${headline} – ${ui.appTitle}`;
  }, [headline]);

  if (loaded.kind === 'loading') return <ResultLoading reservation={reservation} />;
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
      {reservation ? <ReservationResult r={r} cid={cid} /> : <ContractResult r={r} />}
    </div>
  );
}

function headlineOf(state: string, reservation: boolean): string {
  if (state === 'accepted') return reservation ? ui.result.reservationAccepted : ui.result.accepted;
  if (state === 'declined')
    return reservation ? resultTexts.reservationDeclined : ui.result.declined;
  if (['withdrawn', 'cancelled', 'released'].includes(state)) return resultTexts.contractEnded;
  if (WAITING.includes(state))
    return reservation ? resultTexts.reservationPending : ui.result.pending;
  return resultTexts.notSubmitted;
}

/** The main document of an outcome as a button, the others as a list ('… als PDF herunterladen'). */
const mainDocument: Record<string, string> = {
  certificate: ui.result.downloadCertificate,
  reservation_confirmation: ui.result.downloadReservation,
};

function MainDocument({
  r,
  kind,
  secondary,
}: {
  r: ServerResult;
  kind: string;
  secondary?: boolean;
}) {
  const { config } = useServices();
  const doc = r.documents?.find((d) => d.kind === kind);
  if (!doc) return null;
  return (
    <a
      className={secondary ? 'button button--secondary' : 'button'}
      href={buildUrl(config.apiHost, doc.url)}
      download
    >
      {mainDocument[kind]}
    </a>
  );
}

function OtherDocuments({ r }: { r: ServerResult }) {
  const { config } = useServices();
  const docs = (r.documents ?? []).filter((d) => !(d.kind in mainDocument));
  if (docs.length === 0) return null;
  return (
    <>
      <h2>{resultTexts.documentsTitle}</h2>
      <ul className="document-list">
        {docs.map((d) => (
          <li key={d.kind}>
            <a href={buildUrl(config.apiHost, d.url)} download>
              {legalTexts.pdf(d.title)}
            </a>
          </li>
        ))}
      </ul>
      <p className="hint">{resultTexts.documentsValidity}</p>
    </>
  );
}

function ContractResult({ r }: { r: ServerResult }) {
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
            : resultTexts.postal(r.deliverTo)}
        </li>
        {debit ? <li>{resultTexts.firstDebit(debit)}</li> : null}
        <li>{resultTexts.withdrawalHint}</li>
      </ul>
      {r.documents?.some((d) => d.kind === 'certificate') ? (
        <p>
          <MainDocument r={r} kind="certificate" />
        </p>
      ) : null}
      <OtherDocuments r={r} />
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
      {r.documents?.some((d) => d.kind === 'reservation_confirmation') ? (
        <p>
          <MainDocument r={r} kind="reservation_confirmation" secondary />
        </p>
      ) : null}
      <h2>{resultTexts.nextStepsTitle}</h2>
      <ul>
        <li>{resultTexts.reservationMail}</li>
        {until ? <li>{resultTexts.reservationValidUntil(until)}</li> : null}
        <li>{resultTexts.reservationContinue}</li>
      </ul>
      {/* Right after '… oder hier:'. */}
      <div className="actions">
        {/* A button, not a link: no href on this page carries the cid (ADR 0808). */}
        <button
          type="button"
          className="button"
          onClick={() => {
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
        </button>
      </div>
    </>
  );
}
