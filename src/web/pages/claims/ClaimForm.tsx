import { useEffect, useState, type FormEvent } from 'react';
import {
  claimItemKinds,
  readClaimFiling,
  parseEuroCents,
  type ClaimItemKind,
} from '../../../domain/claims/index';
import { claimErrorText, claimTexts } from '../../../domain/messages/claims';
import { contractTexts } from '../../../domain/messages/contracts';
import { todayInBerlin } from '../../../domain/dates';
import { formatIsoDate } from '../../../domain/messages/format';
import { formatCents } from '../../text';
import { useQuery } from '../../app/router';
import { useServices } from '../../app/services';
import { ErrorSummary } from '../../forms/ErrorSummary';
import { TextField } from '../../forms/TextField';
import { CheckboxField, SelectField } from '../../forms/ChoiceField';
import { contractCall } from '../contracts/api';
import { Notice, Submit } from '../contracts/Form';
import { FileField, TextAreaField } from './FileField';
import { uploadEvidence } from './uploads';

const L = claimTexts.landlord;

interface LandlordView {
  guaranteeCents: number;
  paidCents: number;
  remainingCents: number;
  mayClaim: boolean;
  linkValid: boolean;
}

interface Filed {
  reference: string;
  totalCents: number;
  answerDueOn: string;
  uploadUrl?: string;
}

/** One item as the form holds it (text as typed; the domain reads it). */
interface ItemDraft {
  kind: ClaimItemKind;
  months: { month: string; amount: string }[];
  period: string;
  monthlyPrepayment: string;
  amount: string;
  settlementPending: boolean;
  description: string;
  handoverProtocol: boolean;
}

const newItem = (kind: ClaimItemKind): ItemDraft => ({
  kind,
  months: [{ month: '', amount: '' }],
  period: '',
  monthlyPrepayment: '',
  amount: '',
  settlementPending: true,
  description: '',
  handoverProtocol: false,
});

/** What the API takes of one item: only its kind's fields. */
function wireItem(i: ItemDraft) {
  switch (i.kind) {
    case 'rent_arrears':
      return { kind: i.kind, months: i.months };
    case 'utility_costs':
      return {
        kind: i.kind,
        period: i.period,
        monthlyPrepayment: i.monthlyPrepayment,
        amount: i.amount,
        settlementPending: i.settlementPending,
      };
    case 'damage':
      return {
        kind: i.kind,
        description: i.description,
        amount: i.amount,
        handoverProtocol: i.handoverProtocol,
      };
  }
}

/** The label of an error's field in the summary: "Forderung 2 – Betrag in €". */
function labelOf(field: string): string {
  const parts = field.split('.');
  const last = parts[parts.length - 1] ?? '';
  const own: Record<string, string> = {
    code: L.releaseCode,
    items: L.items,
    kind: L.kind,
    months: L.months,
    month: L.month,
    amount: L.amount,
    period: L.period,
    monthlyPrepayment: L.monthlyPrepayment,
    description: L.description,
    handoverProtocol: L.handoverProtocol,
    iban: L.iban,
    accountHolder: L.accountHolder,
    email: L.email,
    declaration: L.declarationLegend,
  };
  const label = own[last] ?? last;
  return parts[0] === 'items' && parts[1] !== undefined
    ? `${L.itemHeading(Number(parts[1]) + 1)} – ${label}`
    : label;
}

const path = (field: string) => `claim.${field}`;

/**
 * The landlord's claim on the verification page (issue 26): items of three kinds, the IBAN for
 * the payout, evidence files, the declaration that the claim is due. No account: the release
 * code of our letter, or our link (?link=) once a claim named the landlord's address.
 */
export function ClaimSection({ token }: { token: string }) {
  const { config } = useServices();
  const link = useQuery().get('link') ?? undefined;
  const [view, setView] = useState<LandlordView | undefined>();
  const [code, setCode] = useState('');
  const [items, setItems] = useState<ItemDraft[]>([newItem('rent_arrears')]);
  const [iban, setIban] = useState('');
  const [holder, setHolder] = useState('');
  const [email, setEmail] = useState('');
  const [declaration, setDeclaration] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const [message, setMessage] = useState<string | undefined>();
  const [filed, setFiled] = useState<Filed | undefined>();
  const [uploaded, setUploaded] = useState<{ stored?: number; message?: string } | undefined>();
  const base = `/api/claims/verification/${encodeURIComponent(token)}`;

  useEffect(() => {
    void contractCall<LandlordView>(
      config.apiHost,
      'GET',
      base + (link ? `?link=${encodeURIComponent(link)}` : ''),
    ).then((r) => setView(r.data));
  }, [config.apiHost, base, link, filed]);

  if (!view) return null;
  const change = (n: number, patch: Partial<ItemDraft>) =>
    setItems((list) => list.map((it, i) => (i === n ? { ...it, ...patch } : it)));
  const total = items.reduce((s, i) => {
    const amounts = i.kind === 'rent_arrears' ? i.months.map((m) => m.amount) : [i.amount];
    return s + amounts.reduce((t, a) => t + (parseEuroCents(a) ?? 0), 0);
  }, 0);
  const err = (field: string) => errors[field];

  const upload = async (grant: string) => {
    if (files.length === 0) return;
    setUploaded(await uploadEvidence(config.apiHost, grant, files));
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    setAttempt((a) => a + 1);
    const body = {
      ...(view.linkValid && link ? { link } : { code }),
      items: items.map(wireItem),
      iban,
      accountHolder: holder,
      email,
      declaration,
    };
    // The same rules as the server, before sending (the code is the server's to check).
    const local = readClaimFiling(body, {
      today: todayInBerlin(new Date()),
      remainingCents: view.remainingCents,
    });
    const localErrors: Record<string, string> = {};
    if (!view.linkValid && !code.trim())
      localErrors.code = contractTexts.errors.releaseCodeRequired;
    for (const e of local.errors ?? []) localErrors[e.field] ??= claimErrorText(e);
    if (Object.keys(localErrors).length > 0) {
      setErrors(localErrors);
      setMessage(undefined);
      return;
    }
    const r = await contractCall<Filed>(config.apiHost, 'POST', base, body);
    setErrors(r.fieldErrors);
    setMessage(r.message);
    if (r.data) {
      setFiled(r.data);
      if (r.data.uploadUrl) await upload(r.data.uploadUrl);
    }
  };

  const remaining = (
    <dl className="summary-list">
      <div>
        <dt>{L.remaining}</dt>
        <dd data-testid="guarantee-remaining">
          <strong>{formatCents(view.remainingCents)}</strong>
        </dd>
      </div>
    </dl>
  );

  if (filed)
    return (
      <section aria-labelledby="h-claim">
        <h2 id="h-claim">{L.submitted}</h2>
        <Notice kind="ok">
          <p>
            {L.claimNumber}: <strong data-testid="claim-reference">{filed.reference}</strong>
          </p>
          <p>{L.submittedText(formatIsoDate(filed.answerDueOn))}</p>
          {uploaded?.stored ? <p>{L.evidenceUploaded(uploaded.stored)}</p> : null}
        </Notice>
        {uploaded?.message && filed.uploadUrl ? (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void upload(filed.uploadUrl!);
            }}
          >
            <Notice kind="error">{uploaded.message}</Notice>
            <p>{L.evidenceRetry}</p>
            <FileField path={path('files')} label={L.evidence} onChange={setFiles} />
            <Submit label={L.uploadAgain} />
          </form>
        ) : null}
        {remaining}
      </section>
    );

  return (
    <section aria-labelledby="h-claim">
      <h2 id="h-claim">{L.heading}</h2>
      {remaining}
      {!view.mayClaim ? (
        <p>{view.remainingCents > 0 ? L.notInForce : L.nothingLeft}</p>
      ) : (
        <form noValidate onSubmit={submit}>
          <ErrorSummary
            title={contractTexts.errors.summaryTitle}
            entries={Object.entries(errors).map(([field, text]) => ({
              path: path(field),
              label: labelOf(field),
              message: text,
            }))}
            attempt={attempt}
          />
          {message ? <Notice kind="error">{message}</Notice> : null}
          <p>{L.intro}</p>
          {view.linkValid ? (
            <p>{L.linkValid}</p>
          ) : (
            <TextField
              path={path('code')}
              label={L.releaseCode}
              hint={L.releaseCodeHint}
              error={err('code')}
              value={code}
              onChange={setCode}
              autoComplete="off"
              spellCheck={false}
            />
          )}
          {items.map((item, n) => (
            <fieldset className="claim-item" key={n}>
              <legend>{L.itemHeading(n + 1)}</legend>
              <SelectField
                path={path(`items.${n}.kind`)}
                label={L.kind}
                error={err(`items.${n}.kind`)}
                value={item.kind}
                choices={claimItemKinds.map((k) => ({ value: k, label: claimTexts.kindLabels[k] }))}
                onChange={(v) => change(n, { kind: v as ClaimItemKind })}
              />
              <ItemFields item={item} n={n} err={err} change={(p) => change(n, p)} />
              {items.length > 1 ? (
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => setItems((list) => list.filter((_, i) => i !== n))}
                >
                  {L.removeItem}
                </button>
              ) : null}
            </fieldset>
          ))}
          {err('items') ? (
            <p className="field-error" id="f-claim-items" tabIndex={-1}>
              {err('items')}
            </p>
          ) : null}
          <div className="actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setItems((list) => [...list, newItem('rent_arrears')])}
            >
              {L.addItem}
            </button>
          </div>
          <p>
            {L.total}: <strong data-testid="claim-total">{formatCents(total)}</strong>
          </p>
          <FileField path={path('files')} label={L.evidence} onChange={setFiles} />
          <TextField
            path={path('iban')}
            label={L.iban}
            error={err('iban')}
            value={iban}
            onChange={setIban}
            autoComplete="off"
            spellCheck={false}
          />
          <TextField
            path={path('accountHolder')}
            label={L.accountHolder}
            error={err('accountHolder')}
            value={holder}
            onChange={setHolder}
            autoComplete="name"
          />
          <TextField
            path={path('email')}
            label={L.email}
            hint={L.emailHint}
            error={err('email')}
            value={email}
            onChange={setEmail}
            type="email"
            autoComplete="email"
            inputMode="email"
          />
          <CheckboxField
            path={path('declaration')}
            label={L.declaration}
            error={err('declaration')}
            checked={declaration}
            onChange={setDeclaration}
          />
          <Submit label={L.submit} />
        </form>
      )}
      {view.mayClaim && !view.linkValid ? <LinkRequest base={base} /> : null}
    </section>
  );
}

/** The fields of one item's kind. */
function ItemFields({
  item,
  n,
  err,
  change,
}: {
  item: ItemDraft;
  n: number;
  err: (field: string) => string | undefined;
  change: (patch: Partial<ItemDraft>) => void;
}) {
  const at = `items.${n}`;
  const amount = (
    <TextField
      path={path(`${at}.amount`)}
      label={L.amount}
      error={err(`${at}.amount`)}
      value={item.amount}
      onChange={(v) => change({ amount: v })}
      inputMode="text"
    />
  );
  switch (item.kind) {
    case 'rent_arrears':
      return (
        <fieldset className="claim-months">
          <legend>{L.months}</legend>
          {err(`${at}.months`) ? (
            <p className="field-error" id={`f-claim-items-${n}-months`} tabIndex={-1}>
              {err(`${at}.months`)}
            </p>
          ) : null}
          {item.months.map((m, j) => {
            const set = (patch: Partial<{ month: string; amount: string }>) =>
              change({ months: item.months.map((x, k) => (k === j ? { ...x, ...patch } : x)) });
            return (
              <div className="claim-month" key={j}>
                <TextField
                  path={path(`${at}.months.${j}.month`)}
                  label={L.month}
                  error={err(`${at}.months.${j}.month`)}
                  value={m.month}
                  onChange={(v) => set({ month: v })}
                  inputMode="numeric"
                />
                <TextField
                  path={path(`${at}.months.${j}.amount`)}
                  label={L.amount}
                  error={err(`${at}.months.${j}.amount`)}
                  value={m.amount}
                  onChange={(v) => set({ amount: v })}
                />
                {item.months.length > 1 ? (
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => change({ months: item.months.filter((_, k) => k !== j) })}
                  >
                    {L.removeMonth}
                  </button>
                ) : null}
              </div>
            );
          })}
          <div className="actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => change({ months: [...item.months, { month: '', amount: '' }] })}
            >
              {L.addMonth}
            </button>
          </div>
        </fieldset>
      );
    case 'utility_costs':
      return (
        <>
          <TextField
            path={path(`${at}.period`)}
            label={L.period}
            hint={L.periodHint}
            error={err(`${at}.period`)}
            value={item.period}
            onChange={(v) => change({ period: v })}
          />
          <TextField
            path={path(`${at}.monthlyPrepayment`)}
            label={L.monthlyPrepayment}
            error={err(`${at}.monthlyPrepayment`)}
            value={item.monthlyPrepayment}
            onChange={(v) => change({ monthlyPrepayment: v })}
          />
          <CheckboxField
            path={path(`${at}.settlementPending`)}
            label={L.settlementPending}
            hint={L.settlementPendingHint}
            checked={item.settlementPending}
            onChange={(v) => change({ settlementPending: v })}
          />
          {amount}
        </>
      );
    case 'damage':
      return (
        <>
          <TextAreaField
            path={path(`${at}.description`)}
            label={L.description}
            error={err(`${at}.description`)}
            value={item.description}
            onChange={(v) => change({ description: v })}
          />
          {amount}
          <CheckboxField
            path={path(`${at}.handoverProtocol`)}
            label={L.handoverProtocol}
            error={err(`${at}.handoverProtocol`)}
            checked={item.handoverProtocol}
            onChange={(v) => change({ handoverProtocol: v })}
          />
        </>
      );
  }
}

/** "Link per E-Mail anfordern": for a landlord who filed before and has no code at hand. */
function LinkRequest({ base }: { base: string }) {
  const { config } = useServices();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState(false);
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const r = await contractCall(config.apiHost, 'POST', `${base}/link`, { email });
    setErrors(r.fieldErrors);
    setSent(r.status === 202);
  };
  return (
    <section aria-labelledby="h-claim-link">
      <h3 id="h-claim-link">{L.linkRequest}</h3>
      {sent ? (
        <Notice kind="ok">{L.linkSent}</Notice>
      ) : (
        <form noValidate onSubmit={submit}>
          <p>{L.linkRequestHint}</p>
          <TextField
            path="claimLink.email"
            label={L.email}
            error={errors.email}
            value={email}
            onChange={setEmail}
            type="email"
            autoComplete="email"
          />
          <Submit label={L.linkRequest} secondary />
        </form>
      )}
    </section>
  );
}
