import { useId, useRef, useState, type FormEvent } from 'react';
import { formatCents, formatDate } from '../../domain/messages/format';
import type { DunningDecisionTask, OpenDispute } from '../../domain/money/staffViews';
import { staffApi, StaffApiError } from './api';
import { dt } from './dunningTexts';
import { t } from './texts';
import { ListTable } from './ListTable';
import type { ListPage } from '../../domain/staff/listPage';
import { useStaffList } from './useStaffData';

const messageOf = (err: unknown) => (err instanceof StaffApiError ? err.message : t.errors.generic);

/**
 * The dunning decision after the second reminder (ADR 1229) and the open disputes (ADR 1230) on
 * the page "Zahlungsverkehr". Results go to the page's status region, refusals to its alert.
 */
export function DunningDecisions({
  onStatus,
  onError,
}: {
  onStatus(message: string): void;
  onError(message: string): void;
}) {
  const decisions = useStaffList<ListPage<DunningDecisionTask> & { counts: number[] }>(
    '/money/decisions',
  );
  const disputes = useStaffList<ListPage<OpenDispute>>('/money/disputes');
  const reload = decisions.reload;
  const reloadDisputes = disputes.reload;
  const act = async (run: () => Promise<string>) => {
    onStatus('');
    onError('');
    try {
      onStatus(await run());
    } catch (err) {
      onError(messageOf(err));
    }
    reload();
    reloadDisputes();
  };
  return (
    <>
      <ListTable
        texts={dt.decisions}
        empty={dt.empty}
        items={decisions.items}
        more={decisions.more}
        row={(d) => (
          <DecisionRow key={d.id} d={d} counts={decisions.answer?.counts ?? []} act={act} />
        )}
      />
      <p>
        <a href="/api/staff/money/collection.csv" download>
          {dt.decisions.csv}
        </a>
      </p>

      <ListTable
        texts={dt.disputes}
        empty={dt.empty}
        items={disputes.items}
        more={disputes.more}
        row={(d) => <DisputeRow key={d.id} d={d} act={act} />}
      />
      <NewDispute act={act} />
    </>
  );
}

type Act = (run: () => Promise<string>) => Promise<void>;

function DecisionRow({ d, counts, act }: { d: DunningDecisionTask; counts: number[]; act: Act }) {
  const id = useId();
  const [count, setCount] = useState('3');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const reasonInput = useRef<HTMLInputElement>(null);
  const writeOff = () => {
    if (!reason.trim()) {
      setReasonError(true);
      reasonInput.current?.focus();
      return;
    }
    setReasonError(false);
    void act(async () => {
      await staffApi('/approvals', { kind: 'write_off', subject: d.applicationId, reason });
      return dt.decisions.drafted(d.contractNumber);
    });
  };
  return (
    <tr data-decision={d.contractNumber}>
      <td>
        {d.contractNumber}
        {d.disputeOpen && (
          <>
            <br />
            <small>{dt.decisions.disputeOpen}</small>
          </>
        )}
      </td>
      <td className="money-amount">{formatCents(d.owedCents)}</td>
      <td>{formatDate(new Date(d.since))}</td>
      <td>
        <div className="money-decision">
          <div className="money-actions">
            <label htmlFor={`${id}-count`}>{dt.decisions.count(d.contractNumber)}</label>
            <select id={`${id}-count`} value={count} onChange={(e) => setCount(e.target.value)}>
              {counts.map((n) => (
                <option key={n} value={String(n)}>
                  {dt.decisions.countOption(n)}
                </option>
              ))}
            </select>
            <button
              type="button"
              onClick={() =>
                void act(async () => {
                  await staffApi(`/money/decisions/${d.id}/instalments`, { count });
                  return dt.decisions.agreed(d.contractNumber, Number(count));
                })
              }
            >
              {dt.decisions.instalments}
            </button>
          </div>
          <div className="money-actions">
            <button
              type="button"
              onClick={() =>
                void act(async () => {
                  const r = await staffApi<{ amountCents: number }>(
                    `/money/decisions/${d.id}/collection`,
                    {},
                  );
                  return dt.decisions.handedOver(d.contractNumber, formatCents(r.amountCents));
                })
              }
            >
              {dt.decisions.collection}
            </button>
          </div>
          <div className="money-actions">
            <label htmlFor={`${id}-reason`}>{dt.decisions.reason(d.contractNumber)}</label>
            {reasonError && (
              <span className="field-error" id={`${id}-reason-error`}>
                {dt.decisions.reasonRequired}
              </span>
            )}
            <input
              id={`${id}-reason`}
              ref={reasonInput}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={reasonError || undefined}
              aria-describedby={reasonError ? `${id}-reason-error` : undefined}
            />
            <button type="button" onClick={writeOff}>
              {dt.decisions.writeOff}
            </button>
          </div>
        </div>
      </td>
    </tr>
  );
}

function DisputeRow({ d, act }: { d: OpenDispute; act: Act }) {
  const id = useId();
  const [note, setNote] = useState('');
  return (
    <tr>
      <td>{d.contractNumber}</td>
      <td>{d.reason}</td>
      <td>{dt.disputes.from[d.openedBy]}</td>
      <td>{formatDate(new Date(d.openedAt))}</td>
      <td>
        <div className="money-actions">
          <label htmlFor={`${id}-note`}>{dt.disputes.note(d.contractNumber)}</label>
          <input id={`${id}-note`} value={note} onChange={(e) => setNote(e.target.value)} />
          <button
            type="button"
            onClick={() =>
              void act(async () => {
                await staffApi(`/money/disputes/${d.id}/close`, { note });
                return dt.disputes.closed;
              })
            }
          >
            {dt.disputes.close}
          </button>
        </div>
      </td>
    </tr>
  );
}

function NewDispute({ act }: { act: Act }) {
  const id = useId();
  const [number, setNumber] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ number?: string; reason?: string }>({});
  const summary = useRef<HTMLDivElement>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = {
      ...(number.trim() ? {} : { number: dt.disputes.numberRequired }),
      ...(reason.trim() ? {} : { reason: dt.disputes.reasonRequired }),
    };
    setErrors(found);
    if (found.number || found.reason) {
      requestAnimationFrame(() => summary.current?.focus());
      return;
    }
    void act(async () => {
      await staffApi('/money/disputes', { contractNumber: number, reason });
      setNumber('');
      setReason('');
      return dt.disputes.opened;
    });
  };
  const field = (name: 'number' | 'reason') => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  return (
    <form onSubmit={submit} noValidate className="intern-form">
      <h3>{dt.disputes.newTitle}</h3>
      {(errors.number || errors.reason) && (
        <div className="error-summary" role="alert" tabIndex={-1} ref={summary}>
          <p>{t.errors.summary}</p>
          <ul>
            {(['number', 'reason'] as const).map((n) =>
              errors[n] ? (
                <li key={n}>
                  <a href={`#${id}-${n}`}>{errors[n]}</a>
                </li>
              ) : null,
            )}
          </ul>
        </div>
      )}
      <label htmlFor={`${id}-number`}>{dt.disputes.number}</label>
      {errors.number && (
        <p className="field-error" id={`${id}-number-error`}>
          {errors.number}
        </p>
      )}
      <input {...field('number')} value={number} onChange={(e) => setNumber(e.target.value)} />
      <label htmlFor={`${id}-reason`}>{dt.disputes.reason}</label>
      {errors.reason && (
        <p className="field-error" id={`${id}-reason-error`}>
          {errors.reason}
        </p>
      )}
      <textarea {...field('reason')} value={reason} onChange={(e) => setReason(e.target.value)} />
      <button type="submit">{dt.disputes.submit}</button>
    </form>
  );
}
