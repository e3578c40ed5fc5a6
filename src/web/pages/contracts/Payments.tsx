import { useEffect, useState } from 'react';
import {
  paymentTexts as t,
  type DebitState,
  type RefundState,
} from '../../../domain/messages/payments';
import { formatIsoDate } from '../../../domain/messages/format';
import { formatCents } from '../../text';
import { useServices } from '../../app/services';
import { buildUrl } from '../../api/http';
import { contractCall } from './api';

/** What GET /api/contracts/me/payments answers (src/server/money/payments.ts). */
interface PaymentsView {
  debits: Array<{
    dueOn: string;
    period: string;
    amountCents: number;
    state: DebitState;
    returnReason?: string;
    instalment?: { n: number; of: number };
  }>;
  feeCents: number;
  openCents: number;
  /** What to transfer now: open less what instalments, debits underway or collection take. */
  owedNowCents: number;
  byDebitCents: number;
  transfer?: { name: string; iban: string; amountCents: number; reference: string; qrSvg: string };
  refunds: Array<{ amountCents: number; dueOn: string; state: RefundState }>;
  statementYears: number[];
}

const svgUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** "Zahlungen" on the contract page (issue 25): debits, returns, fees, open amount, refunds. */
export function Payments() {
  const { config } = useServices();
  const [view, setView] = useState<PaymentsView | undefined>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    void contractCall<PaymentsView>(config.apiHost, 'GET', '/api/contracts/me/payments').then(
      (r) => (r.data ? setView(r.data) : setFailed(true)),
    );
  }, [config.apiHost]);
  return (
    <section aria-labelledby="h-payments" className="payments">
      <h2 id="h-payments">{t.heading}</h2>
      {failed ? (
        <p role="alert">{t.failed}</p>
      ) : !view ? (
        <p role="status">{t.loading}</p>
      ) : (
        <>
          <p>{t.intro}</p>
          {view.debits.length === 0 ? (
            <p>{t.noDebits}</p>
          ) : (
            <table className="payments-table">
              <caption>{t.debitsCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.columns.dueOn}</th>
                  <th scope="col">{t.columns.amount}</th>
                  <th scope="col">{t.columns.state}</th>
                </tr>
              </thead>
              <tbody>
                {view.debits.map((d) => (
                  <tr key={`${d.period}-${d.dueOn}-${d.state}`}>
                    <td>
                      {formatIsoDate(d.dueOn)}
                      <br />
                      <small>
                        {d.instalment
                          ? t.debitInstalment(d.instalment.n, d.instalment.of)
                          : `${t.columns.period} ${formatIsoDate(d.period)}`}
                      </small>
                    </td>
                    <td>{formatCents(d.amountCents)}</td>
                    <td>
                      {t.debitState[d.state]}
                      {d.returnReason ? (
                        <>
                          <br />
                          <small>{t.returnReason(d.returnReason)}</small>
                        </>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {view.feeCents > 0 ? (
            <p>
              {t.fees}: {formatCents(view.feeCents)}
            </p>
          ) : null}
          <p data-testid="payments-open">
            <strong>
              {view.owedNowCents > 0
                ? t.open(formatCents(view.owedNowCents))
                : view.byDebitCents > 0
                  ? t.nothingToTransfer
                  : t.nothingOpen}
            </strong>
          </p>
          {view.byDebitCents > 0 ? (
            <p data-testid="payments-by-debit">{t.byDebit(formatCents(view.byDebitCents))}</p>
          ) : null}
          {view.transfer ? (
            <div className="giro-code">
              <p>{t.transferIntro}</p>
              <img
                src={svgUrl(view.transfer.qrSvg)}
                alt={t.qrAlt(formatCents(view.transfer.amountCents))}
                width={180}
                height={180}
              />
              <dl className="summary-list">
                <div>
                  <dt>{t.transfer.name}</dt>
                  <dd>{view.transfer.name}</dd>
                </div>
                <div>
                  <dt>{t.transfer.iban}</dt>
                  <dd>{view.transfer.iban.replace(/(.{4})/g, '$1 ').trim()}</dd>
                </div>
                <div>
                  <dt>{t.transfer.amount}</dt>
                  <dd>{formatCents(view.transfer.amountCents)}</dd>
                </div>
                <div>
                  <dt>{t.transfer.reference}</dt>
                  <dd>{view.transfer.reference}</dd>
                </div>
              </dl>
            </div>
          ) : null}
          {view.refunds.length > 0 ? (
            <table className="payments-table">
              <caption>{t.refundsCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.columns.amount}</th>
                  <th scope="col">{t.columns.state}</th>
                </tr>
              </thead>
              <tbody>
                {view.refunds.map((r, i) => (
                  <tr key={i}>
                    <td>{formatCents(r.amountCents)}</td>
                    <td>
                      {t.refundState[r.state]}
                      {r.state === 'open' || r.state === 'in_batch' ? (
                        <>
                          <br />
                          <small>{t.refundDue(formatIsoDate(r.dueOn))}</small>
                        </>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {view.statementYears.length > 0 ? (
            <>
              <h3>{t.statementsHeading}</h3>
              <ul>
                {view.statementYears.map((y) => (
                  <li key={y}>
                    <a
                      href={buildUrl(config.apiHost, `/api/contracts/me/statements/${y}`)}
                      download={`Beitragsbescheinigung-${y}.pdf`}
                    >
                      {t.statement(y)}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </section>
  );
}
