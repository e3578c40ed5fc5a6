import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  claimAnswers,
  type ClaimAnswer,
  type ClaimItemKind,
  type ClaimItemState,
  type ClaimState,
} from '../../../domain/claims/index';
import { claimTexts } from '../../../domain/messages/claims';
import { contractTexts } from '../../../domain/messages/contracts';
import { formatIsoDate } from '../../../domain/messages/format';
import { formatCents } from '../../text';
import { useServices } from '../../app/services';
import { buildUrl } from '../../api/http';
import { fieldId } from '../../forms/ids';
import { RadioField } from '../../forms/ChoiceField';
import { TextField } from '../../forms/TextField';
import { contractCall } from '../contracts/api';
import { Notice, Submit } from '../contracts/Form';
import { FileField, TextAreaField } from './FileField';
import { uploadEvidence } from './uploads';

const T = claimTexts.tenant;

interface FileLink {
  id: string;
  fileName: string;
  url: string;
}

interface ItemView {
  id: string;
  position: number;
  kind: ClaimItemKind;
  state: ClaimItemState;
  claimedCents: number;
  /** The decided amount and its reason (null: not decided yet). */
  decidedCents: number | null;
  decisionReason: string | null;
  /** What the guarantor paid the landlord on this item (null: nothing yet). */
  paidCents: number | null;
  details: {
    months?: { month: string; amountCents: number }[];
    period?: string;
    monthlyPrepaymentCents?: number;
    description?: string;
  };
  answer: {
    answer: ClaimAnswer;
    reason: string | null;
    counterCents: number | null;
    files: FileLink[];
  } | null;
}

interface ClaimView {
  id: string;
  reference: string;
  state: ClaimState;
  answerDueOn: string | null;
  daysLeft: number | null;
  files: FileLink[];
  items: ItemView[];
}

/** The answer period runs: only then the prompt to answer, the countdown and the forms. */
const answering = (c: ClaimView) => c.state === 'notified' && c.daysLeft !== null;

/** '2026-01' -> '01.2026'. */
const monthText = (m: string) => `${m.slice(5)}.${m.slice(0, 4)}`;

function Files({ files, label }: { files: FileLink[]; label: string }) {
  const { config } = useServices();
  if (files.length === 0) return null;
  return (
    <div>
      <p>{label}:</p>
      <ul>
        {files.map((f) => (
          <li key={f.id}>
            <a href={buildUrl(config.apiHost, f.url)}>{f.fileName}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The tenant's claims on the contract page (issue 26): each item with the landlord's details and
 * evidence, the countdown of the 14-day answer period, and per item an answer: accept, object
 * with a reason, or propose a lower amount, each with evidence if wished. Free of charge.
 */
export function TenantClaims() {
  const { config } = useServices();
  const [claims, setClaims] = useState<ClaimView[]>([]);
  const [flash, setFlash] = useState<string | undefined>();
  const fetchClaims = useCallback(
    () => contractCall<{ claims: ClaimView[] }>(config.apiHost, 'GET', '/api/contracts/me/claims'),
    [config.apiHost],
  );
  const load = async () => {
    const r = await fetchClaims();
    if (r.data) setClaims(r.data.claims);
  };
  useEffect(() => {
    void fetchClaims().then((r) => {
      if (r.data) setClaims(r.data.claims);
    });
  }, [fetchClaims]);
  if (claims.length === 0) return null;
  return (
    <section aria-labelledby="h-claims" className="claims">
      <h2 id="h-claims">{T.heading}</h2>
      {flash ? <Notice kind="ok">{flash}</Notice> : null}
      <p>{claims.some(answering) ? T.intro : T.introAfter}</p>
      {claims.map((c) => (
        <article key={c.id} aria-labelledby={`h-claim-${c.id}`} className="claim">
          <h3 id={`h-claim-${c.id}`}>
            {claimTexts.landlord.claimNumber} {c.reference} – {claimTexts.claimStateLabels[c.state]}
          </h3>
          {c.answerDueOn && answering(c) ? (
            <>
              <p className="countdown" data-testid="claim-countdown">
                <strong>{T.countdown(c.daysLeft ?? 0, formatIsoDate(c.answerDueOn))}</strong>
              </p>
              <p>{T.silence}</p>
            </>
          ) : c.answerDueOn && c.state === 'expired' ? (
            <p className="countdown" data-testid="claim-countdown">
              <strong>{T.periodOver(formatIsoDate(c.answerDueOn))}</strong>
            </p>
          ) : (
            <p data-testid="claim-status">{T.status[c.state]}</p>
          )}
          <p>{T.firstDemand}</p>
          {paidOf(c) > 0 ? (
            <p data-testid="claim-recourse">
              <strong>{T.recourse(formatCents(paidOf(c)))}</strong>
            </p>
          ) : null}
          <Files files={c.files} label={T.landlordEvidence} />
          {c.items.map((i) => (
            <div key={i.id} className="claim-item" data-testid={`claim-item-${i.position}`}>
              <h4>
                {i.position}. {claimTexts.kindLabels[i.kind]}: {formatCents(i.claimedCents)}
              </h4>
              <ItemDetails item={i} />
              <p>{claimTexts.itemStateLabels[i.state]}</p>
              {i.decidedCents !== null ? (
                <p data-testid={`claim-decision-${i.position}`}>
                  {T.decided(formatCents(i.decidedCents))}
                  {i.decisionReason ? ` – ${i.decisionReason}` : ''}
                </p>
              ) : null}
              {i.answer ? (
                <>
                  <p>{T.answered(claimTexts.answerLabels[i.answer.answer])}</p>
                  {i.answer.counterCents ? (
                    <p>{T.counterProposed(formatCents(i.answer.counterCents))}</p>
                  ) : null}
                  {i.answer.reason ? <p>{i.answer.reason}</p> : null}
                  <Files files={i.answer.files} label={T.evidence} />
                </>
              ) : i.state === 'open' && answering(c) ? (
                <AnswerForm
                  claimId={c.id}
                  item={i}
                  done={async () => {
                    setFlash(T.sent);
                    await load();
                  }}
                />
              ) : null}
            </div>
          ))}
        </article>
      ))}
    </section>
  );
}

function ItemDetails({ item }: { item: ItemView }) {
  const d = item.details;
  if (item.kind === 'rent_arrears')
    return (
      <ul>
        {(d.months ?? []).map((m) => (
          <li key={m.month}>{T.month(monthText(m.month), formatCents(m.amountCents))}</li>
        ))}
      </ul>
    );
  if (item.kind === 'utility_costs')
    return (
      <p>
        {T.period(d.period ?? '')}, {T.prepayment(formatCents(d.monthlyPrepaymentCents ?? 0))}
      </p>
    );
  return <p>{d.description}</p>;
}

/** One item's answer: the three choices, a reason, a lower amount, evidence. */
function AnswerForm({
  claimId,
  item,
  done,
}: {
  claimId: string;
  item: ItemView;
  done: () => Promise<void>;
}) {
  const { config } = useServices();
  const [answer, setAnswer] = useState('');
  const [reason, setReason] = useState('');
  const [counter, setCounter] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const [message, setMessage] = useState<string | undefined>();
  const at = `answer-${item.position}`;
  // The server's fields are items.N.answer/reason/counterAmount; here they are this form's own.
  const local = (field: string) => field.split('.').pop() ?? field;
  const labels: Record<string, string> = {
    answer: T.yourAnswer,
    reason: T.reason,
    counterAmount: T.counterAmount,
    files: T.evidence,
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    setAttempt((a) => a + 1);
    const r = await contractCall<{ uploadUrl?: string }>(
      config.apiHost,
      'POST',
      `/api/contracts/me/claims/${encodeURIComponent(claimId)}/answers`,
      { itemId: item.id, answer, reason, counterAmount: counter },
    );
    const found: Record<string, string> = {};
    for (const [k, v] of Object.entries(r.fieldErrors)) found[local(k)] = v;
    setErrors(found);
    setMessage(r.message);
    if (!r.data) return;
    if (r.data.uploadUrl && files.length > 0) {
      const up = await uploadEvidence(config.apiHost, r.data.uploadUrl, files);
      if (up.message) {
        setErrors({ files: up.message });
        return;
      }
    }
    await done();
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={`${T.yourAnswer}: ${item.position}. ${claimTexts.kindLabels[item.kind]}`}
    >
      <ItemErrors
        entries={Object.entries(errors).map(([k, v]) => ({
          path: `${at}.${k}`,
          label: labels[k] ?? k,
          message: v,
        }))}
        attempt={attempt}
      />
      {message ? <Notice kind="error">{message}</Notice> : null}
      <RadioField
        path={`${at}.answer`}
        label={T.yourAnswer}
        error={errors.answer}
        value={answer}
        choices={claimAnswers.map((a) => ({ value: a, label: claimTexts.answerLabels[a] }))}
        onChange={setAnswer}
      />
      {answer === 'counter' ? (
        <TextField
          path={`${at}.counterAmount`}
          label={T.counterAmount}
          error={errors.counterAmount}
          value={counter}
          onChange={setCounter}
        />
      ) : null}
      {answer === 'object' || answer === 'counter' ? (
        <>
          <TextAreaField
            path={`${at}.reason`}
            label={answer === 'object' ? T.reason : T.reasonOptional}
            error={errors.reason}
            value={reason}
            onChange={setReason}
          />
          <FileField
            path={`${at}.files`}
            label={T.evidence}
            error={errors.files}
            onChange={setFiles}
          />
        </>
      ) : null}
      <Submit label={T.send} />
    </form>
  );
}

/**
 * The error summary of one item's answer (GOV.UK pattern: takes focus, links to the fields). A
 * paragraph, not the pages' h2 summary: the answer forms sit under the items' h4 headings, and
 * several of them may show errors at once.
 */
function ItemErrors(props: {
  entries: { path: string; label: string; message: string }[];
  attempt: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (props.entries.length > 0) ref.current?.focus();
    // Focus on a new attempt only, as the pages' summary does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.attempt]);
  if (props.entries.length === 0) return null;
  return (
    <div className="error-summary" role="alert" tabIndex={-1} ref={ref}>
      <p>
        <strong>{contractTexts.errors.summaryTitle}</strong>
      </p>
      <ul>
        {props.entries.map((e) => (
          <li key={e.path}>
            <a
              href={`#${fieldId(e.path)}`}
              onClick={(ev) => {
                ev.preventDefault();
                document.getElementById(fieldId(e.path))?.focus();
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

/** Paid to the landlord on this claim: what the tenant owes us back (ADR 1280). */
const paidOf = (c: ClaimView) => c.items.reduce((sum, i) => sum + (i.paidCents ?? 0), 0);
