import { useEffect, useState, type FormEvent } from 'react';
import { contractTexts } from '../../../domain/messages/contracts';
import { guaranteeInForce, type ContractStatus } from '../../../domain/contracts/status';
import { formatEuro } from '../../text';
import { formatCents, formatIsoDate } from '../../../domain/messages/format';
import { partialReleaseTexts as pt } from '../../../domain/messages/partialRelease';
import { PartialReleaseSection } from './PartialRelease';
import { useLocation } from '../../app/router';
import { useServices } from '../../app/services';
import { contractCall } from './api';
import { Fields, Notice, Submit, usePageTitle } from './Form';
import { ClaimSection } from '../claims/ClaimForm';

const t = contractTexts.verify;

interface Verification {
  /** A sandbox test contract (ADR 1130). */
  sandbox?: boolean;
  status: ContractStatus;
  endedOn?: string;
  contractNumber: string;
  deposit: number;
  objectAddress: string;
  partialRelease?: { on: string; retainedCents: number };
}

/**
 * /pruefen/{token}: the landlord's verification page, opened from the certificate's QR code or
 * link. Shows only what the certificate shows plus the status now; an active guarantee can be
 * released with the code printed on the certificate.
 */
export default function VerifyPage() {
  const { config } = useServices();
  const token = useLocation().pathname.split('/')[2] ?? '';
  const [v, setV] = useState<Verification | undefined>();
  const [missing, setMissing] = useState<string | undefined>();
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | undefined>();
  const [attempt, setAttempt] = useState(0);
  const [released, setReleased] = useState(false);
  const [reload, setReload] = useState(0);
  const [partialDone, setPartialDone] = useState(false);
  usePageTitle(t.title);

  useEffect(() => {
    void contractCall<Verification>(
      config.apiHost,
      'GET',
      `/api/contracts/verification/${encodeURIComponent(token)}`,
    ).then((r) => {
      if (r.data) setV(r.data);
      else setMissing(r.message ?? contractTexts.errors.unknownToken);
    });
  }, [config.apiHost, token, reload]);

  const release = async (ev: FormEvent) => {
    ev.preventDefault();
    const r = await contractCall<Verification>(
      config.apiHost,
      'POST',
      `/api/contracts/verification/${encodeURIComponent(token)}/release`,
      { code },
    );
    setErrors(r.fieldErrors);
    setMessage(r.message);
    setAttempt((a) => a + 1);
    if (r.data) {
      setV(r.data);
      setReleased(true);
    }
  };

  return (
    <div className="card">
      <h1>{t.title}</h1>
      {missing ? <Notice kind="error">{missing}</Notice> : null}
      {v ? (
        <>
          {v.sandbox ? <Notice kind="error">{t.sandboxNotice}</Notice> : null}
          <p>{t.intro}</p>
          {released ? <Notice kind="ok">{t.released(v.endedOn ?? '')}</Notice> : null}
          <dl className="summary-list">
            <div>
              <dt>{t.status}</dt>
              <dd data-testid="verification-status">
                <strong>{v.sandbox ? t.sandboxStatus : t.statusText(v.status, v.endedOn)}</strong>
              </dd>
            </div>
            <div>
              <dt>{t.contractNumber}</dt>
              <dd>{v.contractNumber}</dd>
            </div>
            <div>
              <dt>{t.deposit}</dt>
              <dd>{formatEuro(v.deposit)}</dd>
            </div>
            <div>
              <dt>{t.objectAddress}</dt>
              <dd>{v.objectAddress}</dd>
            </div>
            {v.partialRelease ? (
              <div>
                <dt>{pt.partialTitle}</dt>
                <dd data-testid="partial-release">
                  {pt.retainedSince(
                    formatCents(v.partialRelease.retainedCents),
                    formatIsoDate(v.partialRelease.on),
                  )}
                </dd>
              </div>
            ) : null}
          </dl>
          {v.status === 'cancellation_requested' ? (
            <p data-testid="cancellation-pending">{t.cancellationPending}</p>
          ) : null}
          {/* Claims (issue 26): the remaining amount, and the claim form while the guarantee stands. */}
          {/* Loaded again after a partial release: the remaining amount changed (ADR 1255). */}
          <ClaimSection key={reload} token={token} />
          {guaranteeInForce(v.status) ? (
            <section aria-labelledby="h-release">
              <h2 id="h-release">{t.releaseTitle}</h2>
              <p>{t.releaseIntro}</p>
              {message ? <Notice kind="error">{message}</Notice> : null}
              <form noValidate onSubmit={release}>
                <Fields
                  fields={[
                    {
                      name: 'code',
                      label: contractTexts.fields.releaseCode,
                      hint: contractTexts.fields.releaseCodeHint,
                      autoComplete: 'off',
                    },
                  ]}
                  values={{ code }}
                  errors={errors}
                  attempt={attempt}
                  onChange={(_, v) => setCode(v)}
                />
                <Submit label={t.release} />
              </form>
            </section>
          ) : null}
          {guaranteeInForce(v.status) && (!v.partialRelease || partialDone) && !v.sandbox ? (
            <PartialReleaseSection
              token={token}
              onDone={() => {
                setPartialDone(true);
                setReload((n) => n + 1);
              }}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
