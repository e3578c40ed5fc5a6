import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { formatCents, formatDate } from '../../domain/messages/format';
import { claimTexts } from '../../domain/messages/claims';
import { staffDecisions, type StaffDecision } from '../../domain/claims/review';
import { staffApi, StaffApiError } from './api';
import type { Me } from './auth';
import { ct } from './claimTexts';
import type { ClaimDecision } from '../../domain/claims/decisions';
import { Link, type Go } from './pages';
import type {
  ClaimRow as Row,
  StaffClaimItem as Item,
  StaffClaimView as Claim,
  StaffEvidenceFile as EvidenceFile,
} from '../../domain/staff/claimAnswers';
import { t } from './texts';
import { ReasonForm } from './ReasonForm';
import type { ListPage } from '../../domain/staff/listPage';
import { MoreButton } from './ListTable';
import { useStaffList } from './useStaffData';

/** Evidence files as short-lived links (they expire; reloading the page gives new ones). */
function Evidence({ label, files }: { label: string; files: EvidenceFile[] }) {
  if (files.length === 0) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <ul className="evidence-files">
          {files.map((f) => (
            <li key={f.id}>
              <a href={f.url} target="_blank" rel="noreferrer">
                {f.fileName}
              </a>{' '}
              ({ct.evidence.size(Math.max(1, Math.round(f.size / 1024)))})
            </li>
          ))}
        </ul>
      </dd>
    </>
  );
}

const day = (iso: string) => formatDate(new Date(`${iso}T12:00:00Z`));
const messageOf = (err: unknown) => (err instanceof StaffApiError ? err.message : t.errors.generic);
const decisionLabel = (d: ClaimDecision) => ct.outcomes[d];

/** /intern/forderungen: the queue of open claims, oldest first, with the items to decide. */
export function ClaimsPage({ go }: { go: Go }) {
  const { items: rows, more } = useStaffList<ListPage<Row>>('/claims');
  return (
    <>
      <h1>{ct.title}</h1>
      <p>{ct.intro}</p>
      {rows === undefined ? (
        <div className="spinner" aria-hidden="true" />
      ) : rows.length === 0 ? (
        <p>{ct.empty}</p>
      ) : (
        <div className="money-table" role="region" aria-label={ct.title} tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{ct.cols.reference}</th>
                <th scope="col">{ct.cols.contract}</th>
                <th scope="col">{ct.cols.state}</th>
                <th scope="col">{ct.cols.total}</th>
                <th scope="col">{ct.cols.toDecide}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link to={`/intern/forderungen/${r.id}`} go={go}>
                      {r.reference}
                    </Link>
                  </td>
                  <td>{r.contractNumber}</td>
                  <td>{claimTexts.claimStateLabels[r.state]}</td>
                  <td>{formatCents(r.totalClaimedCents)}</td>
                  <td>
                    <strong>{r.toDecide}</strong>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <MoreButton more={more} />
    </>
  );
}

/** /intern/forderungen/{id}: both sides per item, a decision with a reason, the payouts. */
export function ClaimPage({ id, me, go }: { id: string; me: Me; go: Go }) {
  const [claim, setClaim] = useState<Claim>();
  const [status, setStatus] = useState('');
  const [alert, setAlert] = useState('');
  const load = useCallback(() => {
    staffApi<Claim>(`/claims/${encodeURIComponent(id)}`).then(setClaim, (e) =>
      setAlert(messageOf(e)),
    );
  }, [id]);
  useEffect(load, [load]);
  const payoutAction = async (payoutId: string, action: 'approve' | 'paid') => {
    setAlert('');
    try {
      await staffApi(`/claims/payouts/${payoutId}/${action}`, {});
      setStatus(action === 'approve' ? ct.payout.approved : ct.payout.paid);
      load();
    } catch (err) {
      setAlert(messageOf(err));
    }
  };
  const supervisor = me.role === 'supervisor' || me.role === 'admin';
  return (
    <>
      <p>
        <Link to="/intern/forderungen" go={go}>
          {ct.back}
        </Link>
      </p>
      {claim ? <h1>{ct.detailTitle(claim.reference)}</h1> : <h1>{ct.title}</h1>}
      <p role="status" className="status">
        {status}
      </p>
      {alert && (
        <p role="alert" className="field-error">
          {alert}
        </p>
      )}
      {claim && (
        <>
          <dl className="facts">
            <dt>{ct.facts.contract}</dt>
            <dd>{claim.contractNumber}</dd>
            <dt>{ct.facts.state}</dt>
            <dd>{claimTexts.claimStateLabels[claim.state]}</dd>
            {claim.answerDueOn && (
              <>
                <dt>{ct.facts.due}</dt>
                <dd>{day(claim.answerDueOn)}</dd>
              </>
            )}
            <dt>{ct.facts.landlord}</dt>
            <dd>
              {claim.landlord.accountHolder} ({claim.landlord.email})
            </dd>
            <dt>{ct.facts.total}</dt>
            <dd>{formatCents(claim.totalClaimedCents)}</dd>
            <Evidence label={ct.evidence.landlord} files={claim.files} />
          </dl>
          {claim.files.length + claim.items.filter((i) => i.answer?.files.length).length > 0 && (
            <p className="hint">{ct.evidence.expiry}</p>
          )}
          <p className="notice">{ct.decision.firstDemand}</p>
          {claim.items.map((i) => (
            <section key={i.id} aria-labelledby={`item-${i.position}`} className="claim-item">
              <h2 id={`item-${i.position}`}>
                {ct.item(i.position, claimTexts.kindLabels[i.kind])}
              </h2>
              <dl className="facts">
                <dt>{ct.claimed}</dt>
                <dd>{formatCents(i.claimedCents)}</dd>
                <dt>{ct.landlordSays}</dt>
                <dd>{detailsText(i)}</dd>
                <dt>{ct.tenantSays}</dt>
                <dd data-answer={i.answer?.answer ?? 'none'}>
                  {i.answer ? (
                    <>
                      {claimTexts.answerLabels[i.answer.answer as 'accept']}
                      {i.answer.counterCents
                        ? ` ${ct.counter(formatCents(i.answer.counterCents))}`
                        : ''}
                      {i.answer.reason ? ` „${i.answer.reason}“` : ''}
                    </>
                  ) : (
                    ct.noAnswer
                  )}
                </dd>
                <Evidence label={ct.evidence.tenant} files={i.answer?.files ?? []} />
                {i.decision && (
                  <>
                    <dt>{ct.decision.legend}</dt>
                    <dd data-decision={i.decision}>
                      {ct.decided(decisionLabel(i.decision), formatCents(i.decidedCents ?? 0))}
                      {i.decisionReason ? ` – ${i.decisionReason}` : ''}
                    </dd>
                  </>
                )}
                {i.payout && (
                  <>
                    <dt>{ct.payout.label}</dt>
                    <dd data-payout={i.payout.status}>
                      {formatCents(i.payout.amountCents)}: {ct.payout.status[i.payout.status]}
                    </dd>
                  </>
                )}
              </dl>
              {i.payout?.status === 'awaiting_approval' && supervisor && (
                <button type="button" onClick={() => void payoutAction(i.payout!.id, 'approve')}>
                  {ct.payout.approve}
                </button>
              )}
              {i.payout?.status === 'sent' && supervisor && (
                <button type="button" onClick={() => void payoutAction(i.payout!.id, 'paid')}>
                  {ct.payout.markPaid}
                </button>
              )}
              {i.awaitsDecision && (
                <DecisionForm
                  claimId={claim.id}
                  item={i}
                  onDone={(c) => {
                    setClaim(c);
                    setStatus(ct.decision.saved);
                  }}
                />
              )}
            </section>
          ))}
          <section aria-labelledby="proposal-title">
            <h2 id="proposal-title">{ct.proposal.title}</h2>
            <ReasonForm
              reasonLabel={ct.proposal.label}
              submitLabel={ct.proposal.submit}
              onSubmit={async (_c, text) => {
                await staffApi(`/claims/${claim.id}/proposal`, { text });
                return ct.proposal.sent;
              }}
            />
          </section>
        </>
      )}
    </>
  );
}

function detailsText(i: Item): string {
  const d = i.details as {
    months?: { month: string; amountCents: number }[];
    description?: string;
    period?: string;
  };
  if (d.months) return d.months.map((m) => `${m.month}: ${formatCents(m.amountCents)}`).join(', ');
  if (d.description) return d.description;
  return d.period ?? '';
}

/** One item's decision: labelled fields, errors summarised and tied to their fields. */
function DecisionForm(props: { claimId: string; item: Item; onDone(c: Claim): void }) {
  const id = useId();
  const [decision, setDecision] = useState<StaffDecision | ''>('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ field: string; message: string }[]>([]);
  const [busy, setBusy] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const fieldId = (f: string) => (f === 'decision' ? `${id}-decision-0` : `${id}-${f}`);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const body = { decision, amount, reason };
      props.onDone(
        await staffApi<Claim>(`/claims/${props.claimId}/items/${props.item.id}/decision`, body),
      );
      setErrors([]);
    } catch (err) {
      const list =
        err instanceof StaffApiError && err.fields.length > 0
          ? err.fields.map((f) => ({ field: fieldId(f.field), message: f.message }))
          : [{ field: fieldId('reason'), message: messageOf(err) }];
      setErrors(list);
      requestAnimationFrame(() => summary.current?.focus());
    } finally {
      setBusy(false);
    }
  };
  const errorOf = (f: string) => errors.find((x) => x.field === fieldId(f));
  const described = (f: string) => (errorOf(f) ? `${fieldId(f)}-error` : undefined);
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="intern-form">
      {errors.length > 0 && (
        <div className="error-summary" role="alert" tabIndex={-1} ref={summary}>
          <p>{t.errors.summary}</p>
          <ul>
            {errors.map((x) => (
              <li key={x.field}>
                <a href={`#${x.field}`}>{x.message}</a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <fieldset aria-describedby={described('decision')}>
        <legend>{ct.decision.legend}</legend>
        {errorOf('decision') && (
          <p className="field-error" id={`${fieldId('decision')}-error`}>
            {errorOf('decision')!.message}
          </p>
        )}
        {staffDecisions.map((d, n) => (
          <label key={d} className="choice">
            <input
              type="radio"
              id={`${id}-decision-${n}`}
              name={`${id}-decision`}
              value={d}
              checked={decision === d}
              onChange={() => setDecision(d)}
            />{' '}
            {ct.decision.labels[d]}
          </label>
        ))}
      </fieldset>
      <label htmlFor={fieldId('amount')}>{ct.decision.amount}</label>
      {errorOf('amount') && (
        <p className="field-error" id={`${fieldId('amount')}-error`}>
          {errorOf('amount')!.message}
        </p>
      )}
      <input
        id={fieldId('amount')}
        inputMode="decimal"
        value={amount}
        aria-invalid={errorOf('amount') ? true : undefined}
        aria-describedby={described('amount')}
        onChange={(e) => setAmount(e.target.value)}
      />
      <label htmlFor={fieldId('reason')}>{ct.decision.reason}</label>
      {errorOf('reason') && (
        <p className="field-error" id={`${fieldId('reason')}-error`}>
          {errorOf('reason')!.message}
        </p>
      )}
      <textarea
        id={fieldId('reason')}
        rows={3}
        value={reason}
        aria-invalid={errorOf('reason') ? true : undefined}
        aria-describedby={described('reason')}
        onChange={(e) => setReason(e.target.value)}
      />
      <button type="submit" disabled={busy}>
        {ct.decision.submit}
      </button>
    </form>
  );
}
