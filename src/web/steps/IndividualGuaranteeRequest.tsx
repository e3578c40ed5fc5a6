import { useRef, useState, type KeyboardEvent } from 'react';
import { formatEuro } from '../../domain/messages/format';
import {
  guaranteeRequestMessage,
  guaranteeRequestTexts as t,
} from '../../domain/messages/guaranteeRequest';
import {
  guaranteeRequestFields,
  onlineMaximum,
  readGuaranteeRequest,
  type GuaranteeRequestField,
} from '../../domain/requests/guaranteeRequest';
import { request } from '../api/http';
import { useServices } from '../app/services';
import { TextField } from '../forms/TextField';
import { fieldId } from '../forms/ids';

type Values = Record<GuaranteeRequestField, string>;

/**
 * Spec §2 /start "digital-guarantee support above the maximum deposit" (ADR 0836): above the
 * online maximum the tenant can send a request for an individual digital guarantee with amount and
 * contact; staff answer it, an e-mail confirms it. It sits inside the step's form, so it is a group
 * with its own button (a nested form is not allowed); Enter in its fields sends the request.
 */
export default function IndividualGuaranteeRequest({
  deposit,
  reconfigured,
}: {
  deposit: number;
  reconfigured: boolean;
}) {
  const { config } = useServices();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Values>(() => ({
    amount: String(deposit).replace('.', ','),
    name: '',
    email: '',
    phone: '',
    message: '',
  }));
  const [errors, setErrors] = useState<Partial<Record<GuaranteeRequestField, string>>>({});
  const [status, setStatus] = useState('');
  const [sent, setSent] = useState<string>();
  const busy = useRef(false);
  const path = (f: GuaranteeRequestField) => `guaranteeRequest.${f}`;
  const focusFirst = (e: Partial<Record<GuaranteeRequestField, string>>) => {
    const first = guaranteeRequestFields.find((f) => e[f]);
    if (first) document.getElementById(fieldId(path(first)))?.focus();
  };

  const send = async () => {
    if (busy.current) return;
    const local = readGuaranteeRequest(values, { reconfigured });
    if (local.errors) {
      const shown = Object.fromEntries(
        Object.entries(local.errors).map(([f, code]) => [
          f,
          guaranteeRequestMessage(f as GuaranteeRequestField, code, reconfigured),
        ]),
      );
      setErrors(shown);
      focusFirst(shown);
      return;
    }
    busy.current = true;
    setErrors({});
    setStatus(t.sending);
    try {
      const { status: code, data } = await request<{
        reference?: string;
        errors?: Record<string, { message?: string[] }>;
      }>(config.apiHost, '/api/guarantee-requests', {
        method: 'POST',
        body: new URLSearchParams(values),
      });
      if (code === 201 && data?.reference) {
        setStatus('');
        setSent(t.sent(data.reference, local.request.email));
        return;
      }
      const server = Object.fromEntries(
        Object.entries(data?.errors ?? {}).map(([f, e]) => [f, e.message?.[0] ?? t.failed]),
      );
      setErrors(server);
      setStatus(Object.keys(server).length ? '' : t.failed);
      focusFirst(server);
    } catch {
      setStatus(t.failed);
    } finally {
      busy.current = false;
    }
  };
  const onEnter = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') {
      e.preventDefault();
      void send();
    }
  };

  return (
    <section className="hint-box" aria-labelledby="guarantee-request-title">
      <h2 id="guarantee-request-title">{t.title}</h2>
      <p>{t.intro(formatEuro(onlineMaximum(reconfigured)))}</p>
      {sent ? (
        <p role="status">{sent}</p>
      ) : !open ? (
        <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
          {t.open}
        </button>
      ) : (
        <div role="group" aria-labelledby="guarantee-request-title" onKeyDown={onEnter}>
          {guaranteeRequestFields.map((f) => (
            <TextField
              key={f}
              path={path(f)}
              label={t.labels[f]}
              error={errors[f]}
              value={values[f]}
              type={f === 'email' ? 'email' : f === 'phone' ? 'tel' : 'text'}
              inputMode={f === 'amount' ? 'decimal' : undefined}
              autoComplete={
                f === 'name' ? 'name' : f === 'email' ? 'email' : f === 'phone' ? 'tel' : 'off'
              }
              onChange={(v) => {
                setValues((x) => ({ ...x, [f]: v }));
                // A corrected field loses its message; the others keep theirs.
                setErrors((x) => ({ ...x, [f]: undefined }));
              }}
            />
          ))}
          <button type="button" className="button" onClick={() => void send()}>
            {t.send}
          </button>
          <p role="status">{status}</p>
        </div>
      )}
    </section>
  );
}
