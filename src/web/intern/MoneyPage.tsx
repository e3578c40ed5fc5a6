import { useId, useRef, useState, type FormEvent } from 'react';
import { formatCents, formatDate } from '../../domain/messages/format';
import type {
  ImportResult,
  SentRefund,
  StaffBatch,
  UnmatchedItem,
} from '../../domain/money/staffViews';
import { staffApi, StaffApiError } from './api';
import type { Me } from './auth';
import { mt } from './moneyTexts';
import { t } from './texts';
import { DunningDecisions } from './DunningDecisions';
import { ListTable } from './ListTable';
import type { ListPage } from '../../domain/staff/listPage';
import { useStaffData, useStaffList } from './useStaffData';
import './money.css';

const day = (iso: string) => formatDate(new Date(`${iso}T12:00:00Z`));
const messageOf = (err: unknown) => (err instanceof StaffApiError ? err.message : t.errors.generic);

/** A POST answered with a file (the bank file once, ADR 1222); saved through a temporary link. */
async function saveFile(path: string, init: RequestInit): Promise<string> {
  const res = await fetch(`/api/staff${path}`, { credentials: 'same-origin', ...init });
  if (!res.ok) {
    const data = (await res.json().catch(() => undefined)) as
      { errors?: { code: string; message: string }[] } | undefined;
    const e = data?.errors?.[0];
    throw new StaffApiError(res.status, e?.code ?? 'unknown', e?.message ?? t.errors.generic);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? '';
  const a = document.createElement('a');
  a.href = URL.createObjectURL(await res.blob());
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  return name;
}

/**
 * "Zahlungsverkehr" (ADR 1227): the bank files with their state and the buttons the role may use,
 * the upload of bank files, the unmatched items, refunds to confirm and the Bordero. Results are
 * announced in one status region, refusals in an alert; the upload has its own error summary.
 */
export function MoneyPage({ me }: { me: Me }) {
  const batches = useStaffList<ListPage<StaffBatch>>('/money/batches');
  const unmatched = useStaffList<ListPage<UnmatchedItem>>('/money/unmatched');
  const refunds = useStaffList<ListPage<SentRefund>>('/money/refunds');
  const { reload: reloadBatches } = batches;
  const { reload: reloadUnmatched } = unmatched;
  const { reload: reloadRefunds } = refunds;
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const approver = me.role === 'supervisor' || me.role === 'admin';

  const act = async (run: () => Promise<string>, label?: string) => {
    setStatus('');
    setError('');
    try {
      setStatus(await run());
    } catch (err) {
      setError(label ? mt.batches.forRow(label, messageOf(err)) : messageOf(err));
    }
    reloadBatches();
    reloadUnmatched();
    reloadRefunds();
  };
  const batchAction = (b: StaffBatch, action: 'submit' | 'approve' | 'discard') =>
    act(async () => {
      await staffApi(`/money/batches/${b.id}/${action}`, {});
      return mt.batches.done[action];
    }, b.messageId);
  const download = (b: StaffBatch) =>
    act(
      async () =>
        mt.batches.done.download(
          await saveFile(`/money/batches/${b.id}/download`, { method: 'POST' }),
        ),
      b.messageId,
    );

  return (
    <>
      <h1>{mt.title}</h1>
      <p role="status" className="status">
        {status}
      </p>
      <p role="alert" className="field-error">
        {error}
      </p>

      <ListTable
        texts={mt.batches}
        empty={mt.empty}
        items={batches.items}
        more={batches.more}
        row={(b) => (
          <tr key={b.id} data-batch={b.id}>
            <td>{mt.batches.kind[b.kind]}</td>
            <td>{b.messageId}</td>
            <td>{day(b.executionOn)}</td>
            <td>{b.count}</td>
            <td>{formatCents(b.controlSumCents)}</td>
            <td>
              {b.status === 'draft' && b.submittedBy
                ? mt.batches.status.submitted
                : mt.batches.status[b.status]}
            </td>
            <td>
              {[
                b.submittedBy && mt.batches.submittedBy(b.submittedBy),
                b.approvedBy && mt.batches.approvedBy(b.approvedBy),
                b.releasedBy && mt.batches.releasedBy(b.releasedBy),
              ]
                .filter(Boolean)
                .join(', ')}
            </td>
            <td>
              <div className="money-actions">
                {b.status === 'draft' && !b.submittedBy && (
                  <button type="button" onClick={() => void batchAction(b, 'submit')}>
                    {mt.batches.submit}
                  </button>
                )}
                {b.status === 'draft' && b.submittedBy && approver && (
                  <button type="button" onClick={() => void batchAction(b, 'approve')}>
                    {mt.batches.approve}
                  </button>
                )}
                {b.status === 'approved' && (
                  <button type="button" onClick={() => void download(b)}>
                    {mt.batches.download}
                  </button>
                )}
                {b.status !== 'released' && (
                  <button type="button" onClick={() => void batchAction(b, 'discard')}>
                    {mt.batches.discard}
                  </button>
                )}
              </div>
            </td>
          </tr>
        )}
      />

      <Upload
        onDone={() => {
          reloadUnmatched();
          reloadBatches();
        }}
      />

      <ListTable
        texts={mt.unmatched}
        empty={mt.empty}
        items={unmatched.items}
        more={unmatched.more}
        row={(i) => (
          <tr key={i.id}>
            <td>{i.endToEndId ?? mt.unmatched.noRef}</td>
            <td>{mt.unmatched.kind[i.kind]}</td>
            <td>{i.reason ?? ''}</td>
            <td>{formatCents(i.amountCents)}</td>
            <td>
              <button
                type="button"
                onClick={() =>
                  void act(async () => {
                    await staffApi(`/money/unmatched/${i.id}/resolve`, {});
                    return mt.unmatched.resolved;
                  })
                }
              >
                {mt.unmatched.resolve}
              </button>
            </td>
          </tr>
        )}
      />

      <ListTable
        texts={mt.refunds}
        empty={mt.empty}
        items={refunds.items}
        more={refunds.more}
        row={(r) => (
          <tr key={r.id}>
            <td>{r.contractNumber}</td>
            <td>{formatCents(r.amountCents)}</td>
            <td>{day(r.dueOn)}</td>
            <td>
              {approver && (
                <button
                  type="button"
                  onClick={() =>
                    void act(async () => {
                      await staffApi(`/money/refunds/${r.id}/paid`, {});
                      return mt.refunds.paid;
                    })
                  }
                >
                  {mt.refunds.markPaid}
                </button>
              )}
            </td>
          </tr>
        )}
      />

      <DunningDecisions onStatus={setStatus} onError={setError} />

      <Bordero onError={setError} />
    </>
  );
}

/** The bank file goes up as the request body; the server answers with a German result. */
function Upload({ onDone }: { onDone(): void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const summary = useRef<HTMLDivElement>(null);
  const [error, setError] = useState('');
  const [result, setResult] = useState('');
  const [busy, setBusy] = useState(false);
  const fail = (message: string) => {
    setError(message);
    requestAnimationFrame(() => summary.current?.focus());
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setResult('');
    setError('');
    const file = input.current?.files?.[0];
    if (!file) return fail(mt.upload.noFile);
    setBusy(true);
    try {
      const res = await fetch('/api/staff/money/imports', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/xml', accept: 'application/json' },
        body: file,
      });
      const data = (await res.json().catch(() => ({}))) as Partial<ImportResult> & {
        errors?: { message: string }[];
      };
      if (!res.ok) return fail(data.errors?.[0]?.message ?? t.errors.generic);
      setResult(data.message ?? '');
      if (input.current) input.current.value = '';
      onDone();
    } catch {
      fail(t.errors.generic);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="intern-form">
      <h2>{mt.upload.title}</h2>
      {error && (
        <div className="error-summary" role="alert" tabIndex={-1} ref={summary}>
          <p>{t.errors.summary}</p>
          <ul>
            <li>
              <a href={`#${id}-file`}>{error}</a>
            </li>
          </ul>
        </div>
      )}
      <label htmlFor={`${id}-file`}>{mt.upload.label}</label>
      {error && (
        <p className="field-error" id={`${id}-file-error`}>
          {error}
        </p>
      )}
      <input
        id={`${id}-file`}
        type="file"
        accept=".xml,application/xml,text/xml"
        ref={input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-file-error` : undefined}
      />
      <button type="submit" disabled={busy}>
        {mt.upload.submit}
      </button>
      <p role="status" className="status" data-import-result>
        {result}
      </p>
    </form>
  );
}

/** The monthly Bordero per insurer (ADRs 1225, 1232), as CSV or PDF. */
function Bordero({ onError }: { onError(message: string): void }) {
  const id = useId();
  const [insurers] = useStaffData<{ items: Array<{ id: string; name: string }> }>(
    '/money/insurers',
  );
  const [month, setMonth] = useState(() => new Date().toISOString().slice(0, 7));
  const [insurer, setInsurer] = useState('');
  const save = async (format: 'csv' | 'pdf') => {
    const chosen = insurer || insurers?.items[0]?.id || '';
    try {
      await saveFile(
        `/money/bordero/${encodeURIComponent(month)}.${format}?insurer=${encodeURIComponent(chosen)}`,
        { method: 'GET' },
      );
    } catch (err) {
      onError(messageOf(err));
    }
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save('csv');
      }}
      className="intern-form"
    >
      <h2>{mt.bordero.title}</h2>
      <label htmlFor={`${id}-month`}>{mt.bordero.label}</label>
      <input
        id={`${id}-month`}
        type="month"
        value={month}
        onChange={(e) => setMonth(e.target.value)}
      />
      {insurers && insurers.items.length > 1 && (
        <>
          <label htmlFor={`${id}-insurer`}>{mt.bordero.insurer}</label>
          <select
            id={`${id}-insurer`}
            value={insurer || insurers.items[0]!.id}
            onChange={(e) => setInsurer(e.target.value)}
          >
            {insurers.items.map((i) => (
              <option key={i.id} value={i.id}>
                {i.name}
              </option>
            ))}
          </select>
        </>
      )}
      <div className="money-actions">
        <button type="submit">{mt.bordero.submit}</button>
        <button type="button" onClick={() => void save('pdf')}>
          {mt.bordero.pdf}
        </button>
      </div>
    </form>
  );
}
