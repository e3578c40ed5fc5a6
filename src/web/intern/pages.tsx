import { useState, type MouseEvent } from 'react';
import { formatCents, formatDate, formatDateTime } from '../../domain/messages/format';
import type {
  ApprovalItem,
  CaseCounts,
  CaseFile,
  DecisionItem,
  EndingItem,
  LetterItem,
  SearchHit,
} from '../../domain/staff/caseAnswers';
import type { ListPage } from '../../domain/staff/listPage';
import type { ClaimCounts } from '../../domain/staff/claimAnswers';
import { reasonText } from '../../domain/rules/reasons';
import { staffApi } from './api';
import { MoreButton } from './ListTable';
import { useStaffData, useStaffList } from './useStaffData';
import { ReasonForm } from './ReasonForm';
import { t } from './texts';
import type { Me } from './auth';
import type { MoneyOverview } from '../../domain/money/staffViews';
import { mt } from './moneyTexts';
import { ct } from './claimTexts';

export type Go = (path: string) => void;

export function Link({ to, go, children }: { to: string; go: Go; children: React.ReactNode }) {
  const click = (e: MouseEvent) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    go(to);
  };
  return (
    <a href={to} onClick={click}>
      {children}
    </a>
  );
}

export function StartPage({ me, go }: { me: Me; go: Go }) {
  const [c] = useStaffData<CaseCounts>('/overview');
  const [m] = useStaffData<MoneyOverview>('/money/overview');
  const [cl] = useStaffData<ClaimCounts>('/claims/overview');
  const rows: [keyof CaseCounts, string][] = [
    ['pending', '/intern/offen'],
    ['declined', '/intern/abgelehnt'],
    ['letters', '/intern/briefe'],
    ['lettersOverdue', '/intern/briefe'],
    ['endings', '/intern/beendet'],
    ['approvals', '/intern/beendet'],
    ['requests', '/intern/anfragen'],
  ];
  return (
    <>
      <h1>{t.start.title}</h1>
      <p>{t.start.greeting(me.displayName, me.roleLabel)}</p>
      <ul className="counts">
        {rows.map(([k, to]) => (
          <li key={k}>
            <Link to={to} go={go}>
              <strong data-count={k}>{c ? c[k] : '…'}</strong> {t.start.counts[k]}
            </Link>
          </li>
        ))}
        {(['drafts', 'approved', 'unmatched'] as const).map((k) => (
          <li key={k}>
            <Link to="/intern/zahlungsverkehr" go={go}>
              <strong data-count={`money-${k}`}>{m ? m[k] : '…'}</strong> {mt.counts[k]}
            </Link>
          </li>
        ))}
        {(['itemsToDecide', 'payoutsToApprove'] as const).map((k) => (
          <li key={k}>
            <Link to="/intern/forderungen" go={go}>
              <strong data-count={`claims-${k}`}>{cl ? cl[k] : '…'}</strong> {ct.counts[k]}
            </Link>
          </li>
        ))}
      </ul>
      <Search go={go} />
    </>
  );
}

/** Contract search; 20 at a time, the next page after the last row (keyset, ADR 1204). */
function Search({ go }: { go: Go }) {
  const [q, setQ] = useState('');
  const [items, setItems] = useState<SearchHit[]>();
  const [next, setNext] = useState<string | null>(null);
  const load = async (after?: string) => {
    const query = new URLSearchParams({ q, ...(after ? { after } : {}) });
    const r = await staffApi<{ items: SearchHit[]; next: string | null }>(`/search?${query}`);
    setItems((prev) => (after ? [...(prev ?? []), ...r.items] : r.items));
    setNext(r.next);
  };
  return (
    <section aria-labelledby="search-title">
      <h2 id="search-title">{t.search.title}</h2>
      <form
        role="search"
        className="intern-form"
        onSubmit={(e) => {
          e.preventDefault();
          void load();
        }}
      >
        <label htmlFor="search-q">{t.search.label}</label>
        <input id="search-q" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
        <button type="submit">{t.search.submit}</button>
      </form>
      {items && items.length === 0 && <p role="status">{t.search.none}</p>}
      {items && items.length > 0 && (
        <ul className="found">
          {items.map((i) => (
            <li key={i.applicationId}>
              <Link to={`/intern/vorgang/${i.number}`} go={go}>
                {i.number}
              </Link>{' '}
              {i.tenants.join(', ')}, {i.email}, {i.objectAddress} (
              {t.states[i.orderState ?? ''] ?? i.orderState})
            </li>
          ))}
        </ul>
      )}
      {next && (
        <button type="button" onClick={() => void load(next)}>
          {t.list.more}
        </button>
      )}
    </section>
  );
}

function CaseTable({ items, go }: { items: DecisionItem[]; go: Go }) {
  if (items.length === 0) return <p>{t.table.empty}</p>;
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">{t.table.number}</th>
          <th scope="col">{t.table.tenants}</th>
          <th scope="col">{t.table.deposit}</th>
          <th scope="col">{t.table.reasons}</th>
          <th scope="col">{t.table.date}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((i) => (
          <tr key={i.number}>
            <td>
              <Link to={`/intern/vorgang/${i.number}`} go={go}>
                {i.number}
              </Link>
            </td>
            <td>{i.tenants.join(', ')}</td>
            <td>{formatCents(i.depositCents)}</td>
            <td>{i.reasons.map(reasonText).join(' ')}</td>
            <td>{formatDateTime(new Date(i.decidedAt))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function QueuePage({ queue, go }: { queue: 'pending' | 'declined'; go: Go }) {
  const list = useStaffList<ListPage<DecisionItem>>(`/queues/${queue}`);
  return (
    <>
      <h1>{queue === 'pending' ? t.nav.pending : t.nav.declined}</h1>
      {queue === 'declined' && <p>{t.review.intro}</p>}
      {list.items && <CaseTable items={list.items} go={go} />}
      <MoreButton more={list.more} />
    </>
  );
}

/** Records the original certificate's return, in two steps (it ends the guarantee). */
function OriginalReturned({
  number,
  onDone,
}: {
  number: string;
  onDone: (message: string) => void;
}) {
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState('');
  const o = t.original;
  return (
    <section aria-labelledby="h-original">
      <h2 id="h-original">{o.title}</h2>
      <p>{o.intro}</p>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {asking ? (
        <p>
          <button
            type="button"
            onClick={async () => {
              try {
                await staffApi(`/contracts/${encodeURIComponent(number)}/original-returned`, {});
                setAsking(false);
                onDone(o.done);
              } catch (err) {
                setError((err as Error).message);
              }
            }}
          >
            {o.confirm}
          </button>{' '}
          <button type="button" onClick={() => setAsking(false)}>
            {o.cancel}
          </button>
        </p>
      ) : (
        <p>
          <button type="button" onClick={() => setAsking(true)}>
            {o.record}
          </button>
        </p>
      )}
    </section>
  );
}

export function CasePage({ id }: { id: string }) {
  const [file, reload] = useStaffData<CaseFile>(`/cases/${encodeURIComponent(id)}`);
  // Outside the forms: a decision removes its form, its confirmation stays.
  const [notice, setNotice] = useState('');
  if (!file) return <h1>{t.caseFile.title(id)}</h1>;
  const decision = file.decisions[0];
  const number = decision?.number ?? id;
  const state = file.contract?.status ?? decision?.outcome ?? file.orderState ?? '';
  return (
    <>
      <h1>{t.caseFile.title(file.contract?.contractNumber ?? number)}</h1>
      <p role="status" className="status">
        {notice}
      </p>
      <h2>{t.caseFile.data}</h2>
      <dl className="facts">
        <dt>{t.table.tenants}</dt>
        <dd>{file.tenants.join(', ')}</dd>
        <dt>{t.caseFile.email}</dt>
        <dd>{file.email}</dd>
        <dt>{t.caseFile.phone}</dt>
        <dd>{file.phone}</dd>
        <dt>{t.table.deposit}</dt>
        <dd>{formatCents(file.depositCents)}</dd>
        <dt>{t.caseFile.object}</dt>
        <dd>{file.objectAddress}</dd>
        <dt>{t.table.landlord}</dt>
        <dd>
          {file.landlord.name}, {file.landlord.address}
        </dd>
        <dt>{t.caseFile.iban}</dt>
        <dd>{file.ibanLast4}</dd>
        <dt>{t.caseFile.state}</dt>
        <dd data-state={state}>{t.states[state] ?? state}</dd>
        <dt>{t.reasons}</dt>
        <dd>
          {decision && decision.reasons.length > 0 ? (
            <ul className="reasons">
              {decision.reasons.map((r) => (
                <li key={r}>{reasonText(r)}</li>
              ))}
            </ul>
          ) : (
            t.caseFile.none
          )}
        </dd>
      </dl>
      {decision?.outcome === 'pending' && (
        <>
          <h2>{t.decision.legend}</h2>
          <ReasonForm
            legend={t.decision.legend}
            choices={[
              { value: 'accept', label: t.decision.accept },
              { value: 'decline', label: t.decision.decline },
            ]}
            reasonLabel={t.decision.reason}
            submitLabel={t.decision.submit}
            onSubmit={async (verdict, reason) => {
              const r = await staffApi<{ outcome: string }>(
                `/cases/${encodeURIComponent(number)}/decision`,
                { verdict, reason },
              );
              setNotice(
                t.decision.done(
                  r.outcome === 'accepted' ? t.decision.accepted : t.decision.declined,
                ),
              );
              reload();
              return '';
            }}
          />
        </>
      )}
      {decision?.outcome === 'declined' && (
        <>
          <h2>{t.review.title}</h2>
          <p>{t.review.intro}</p>
          <ReasonForm
            reasonLabel={t.review.reason}
            submitLabel={t.review.submit}
            onSubmit={async (_c, reason) => {
              await staffApi(`/cases/${encodeURIComponent(number)}/review`, { reason });
              reload();
              return '';
            }}
          />
        </>
      )}
      {file.contract &&
        (file.contract.status === 'active' ||
          file.contract.status === 'cancellation_requested') && (
          <OriginalReturned
            number={file.contract.contractNumber}
            onDone={(message) => {
              setNotice(message);
              reload();
            }}
          />
        )}
      <h2>{t.caseFile.documents}</h2>
      {file.documents.length === 0 ? (
        <p>{t.caseFile.none}</p>
      ) : (
        <ul>
          {file.documents.map((d) => (
            <li key={d.kind}>
              <a
                href={`/api/staff/cases/${encodeURIComponent(file.applicationId)}/documents/${d.kind}`}
                download={d.filename}
              >
                {t.caseFile.documentKinds[d.kind] ?? d.filename}
              </a>{' '}
              ({d.filename}, {formatDate(new Date(d.createdAt))})
            </li>
          ))}
        </ul>
      )}
      <h2>{t.caseFile.timeline}</h2>
      <ol className="timeline">
        {file.timeline.map((e, i) => (
          <li key={i}>
            {formatDateTime(new Date(e.at))}: {t.events[e.type] ?? e.type} (
            {t.actors[e.actor] ?? e.actor})
          </li>
        ))}
      </ol>
    </>
  );
}

export function LettersPage() {
  const { items: letters, more, reload } = useStaffList<ListPage<LetterItem>>('/queues/letters');
  const [printed, setPrinted] = useState<string[]>([]);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const print = async () => {
    const res = await fetch('/api/staff/letters.pdf', { credentials: 'same-origin' });
    const ids = (res.headers.get('x-letter-ids') ?? '').split(',').filter(Boolean);
    const blob = await res.blob();
    window.open(URL.createObjectURL(blob), '_blank');
    setPrinted(ids);
  };
  const markPosted = async () => {
    setError('');
    if (printed.length === 0) return setError(t.letters.printFirst);
    const r = await staffApi<{ posted: number }>('/letters/posted', { ids: printed });
    setPrinted([]);
    setStatus(t.letters.posted(r.posted));
    reload();
  };
  return (
    <>
      <h1>{t.letters.title}</h1>
      {letters && letters.length === 0 && <p>{t.table.empty}</p>}
      {letters && letters.length > 0 && (
        <>
          <table>
            <thead>
              <tr>
                <th scope="col">{t.table.number}</th>
                <th scope="col">{t.table.kind}</th>
                <th scope="col">{t.table.landlord}</th>
                <th scope="col">{t.table.date}</th>
              </tr>
            </thead>
            <tbody>
              {letters.map((l) => (
                <tr key={l.id} className={l.overdue ? 'overdue' : undefined}>
                  <td>{l.contractNumber}</td>
                  <td>{t.letters.kinds[l.kind]}</td>
                  <td>
                    {l.landlord.name}, {l.landlord.address}
                  </td>
                  <td>
                    {formatDate(new Date(l.createdAt))}
                    {l.overdue && <strong className="flag"> {t.letters.overdue}</strong>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <MoreButton more={more} />
          <p className="actions">
            <button type="button" onClick={() => void print()}>
              {t.letters.print}
            </button>{' '}
            <button type="button" onClick={() => void markPosted()}>
              {t.letters.markPosted}
            </button>
          </p>
        </>
      )}
      <p role="status" className="status">
        {status}
      </p>
      <p role="alert" className="field-error">
        {error}
      </p>
    </>
  );
}

export function EndingsPage({ me, go }: { me: Me; go: Go }) {
  const endings = useStaffList<ListPage<EndingItem>>('/queues/endings');
  const approvals = useStaffList<ListPage<ApprovalItem>>('/queues/approvals');
  const reloadEndings = endings.reload;
  const reloadApprovals = approvals.reload;
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const mayApprove = me.role === 'supervisor' || me.role === 'admin';
  const decide = async (id: string, move: 'approve' | 'refuse') => {
    setStatus('');
    setError('');
    try {
      await staffApi(`/approvals/${id}/${move}`, {});
      setStatus(move === 'approve' ? t.endings.approved : t.endings.refused);
    } catch (err) {
      setError((err as Error).message);
    }
    reloadApprovals();
    reloadEndings();
  };
  const drafts = approvals.items?.filter((a) => a.state === 'draft') ?? [];
  return (
    <>
      <h1>{t.endings.title}</h1>
      {endings.items && endings.items.length === 0 && <p>{t.table.empty}</p>}
      {endings.items?.map((e) => (
        <section key={e.contractNumber} className="card ending">
          <h2>
            <Link to={`/intern/vorgang/${e.contractNumber}`} go={go}>
              {e.contractNumber}
            </Link>{' '}
            – {t.endings.status[e.status] ?? e.status}
          </h2>
          <p>
            {e.tenants.join(', ')}
            {e.endedAt ? `, ${formatDateTime(new Date(e.endedAt))}` : ''}
          </p>
          {e.status === 'released' && !e.openApprovalId && (
            <ReasonForm
              reasonLabel={t.endings.reinstateReason}
              submitLabel={t.endings.reinstate}
              onSubmit={async (_c, reason) => {
                await staffApi('/approvals', {
                  kind: 'reinstate_release',
                  subject: e.applicationId,
                  reason,
                });
                reloadApprovals();
                return t.endings.drafted;
              }}
            />
          )}
        </section>
      ))}
      <MoreButton more={endings.more} />
      <h2>{t.endings.approvals}</h2>
      {drafts.length === 0 && <p>{t.table.empty}</p>}
      <ul className="approvals">
        {drafts.map((a) => (
          <li key={a.id}>
            <p>
              {a.reason} – {t.endings.draftedBy} {a.draftedBy},{' '}
              {formatDateTime(new Date(a.draftedAt))}
            </p>
            {mayApprove && (
              <p className="actions">
                <button type="button" onClick={() => void decide(a.id, 'approve')}>
                  {t.endings.approve}
                </button>{' '}
                <button type="button" onClick={() => void decide(a.id, 'refuse')}>
                  {t.endings.refuse}
                </button>
              </p>
            )}
          </li>
        ))}
      </ul>
      <MoreButton more={approvals.more} />
      <p role="status" className="status">
        {status}
      </p>
      <p role="alert" className="field-error">
        {error}
      </p>
    </>
  );
}
