import { useState, type FormEvent } from 'react';
import { formatDateTime } from '../../domain/messages/format';
import type { PartnerKeyView, StaffPartner, WebhookEventView } from '../../domain/staff/partners';
import { staffApi } from './api';
import { PartnerDetails } from './PartnerDetails';
import { pt } from './partnerTexts';

const when = (iso: string) => formatDateTime(new Date(iso));
const Sandbox = () => <span className="badge sandbox">{pt.keys.sandbox}</span>;

/** One partner: keys (a new key is shown once), webhook URL and its delivery log. */
export function PartnerCard({ partner: p, reload }: { partner: StaffPartner; reload: () => void }) {
  const [secretShown, setSecretShown] = useState('');
  const [status, setStatus] = useState('');
  const [url, setUrl] = useState(p.webhookUrl ?? '');
  const [urlError, setUrlError] = useState('');
  const [events, setEvents] = useState<WebhookEventView[]>();
  const base = `/partners/${encodeURIComponent(p.code)}`;
  const id = (what: string) => `partner-${p.code}-${what}`;
  const act = async (work: () => Promise<void>) => {
    setStatus('');
    setSecretShown('');
    try {
      await work();
    } catch (err) {
      setStatus((err as Error).message);
    }
  };
  const newKey = (sandbox: boolean) =>
    act(async () => {
      const r = await staffApi<{ key: string }>(`${base}/keys`, { sandbox });
      setSecretShown(r.key);
      setStatus(pt.keys.shownOnce);
      reload();
    });
  const revoke = (k: PartnerKeyView) =>
    act(async () => {
      await staffApi(`${base}/keys/${k.id}/revoke`, {});
      setStatus(pt.keys.revokedDone(k.prefix));
      reload();
    });
  const saveUrl = async (e: FormEvent) => {
    e.preventDefault();
    setUrlError('');
    await act(async () => {
      try {
        const r = await staffApi<{ secret: string }>(`${base}/webhook`, { url }, 'PUT');
        setSecretShown(r.secret);
        setStatus(pt.webhook.secret);
        reload();
      } catch (err) {
        setUrlError((err as Error).message);
        document.getElementById(id('url'))?.focus();
      }
    });
  };
  const removeUrl = () =>
    act(async () => {
      await staffApi(`${base}/webhook`, undefined, 'DELETE');
      setUrl('');
      setStatus(pt.webhook.removed);
      reload();
    });
  const loadLog = async () =>
    setEvents((await staffApi<{ events: WebhookEventView[] }>(`${base}/deliveries`)).events);
  const redeliver = (eventId: string) =>
    act(async () => {
      const r = await staffApi<{ delivered: boolean }>(
        `${base}/deliveries/${eventId}/redeliver`,
        {},
      );
      setStatus(pt.webhook.redelivered(r.delivered));
      await loadLog();
    });

  return (
    <section className="partner" aria-labelledby={id('title')}>
      <h2 id={id('title')}>
        {p.name} ({p.code}) {!p.active && pt.partners.inactive}
      </h2>
      <PartnerDetails partner={p} reload={reload} />
      <h3>{pt.keys.title}</h3>
      {p.keys.length === 0 ? (
        <p>{pt.keys.none}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{pt.keys.prefix}</th>
              <th scope="col">{pt.keys.kind}</th>
              <th scope="col">{pt.keys.created}</th>
              <th scope="col">{pt.keys.lastUsed}</th>
              <th scope="col">{pt.keys.state}</th>
            </tr>
          </thead>
          <tbody>
            {p.keys.map((k) => (
              <tr key={k.id} className={k.sandbox ? 'sandbox-row' : undefined}>
                <td>
                  <code>{k.prefix}…</code>
                </td>
                <td>{k.sandbox ? <Sandbox /> : pt.keys.live}</td>
                <td>{when(k.createdAt)}</td>
                <td>{k.lastUsedAt ? when(k.lastUsedAt) : pt.keys.unused}</td>
                <td>
                  {k.revokedAt ? (
                    pt.keys.revoked(when(k.revokedAt))
                  ) : (
                    <>
                      {pt.keys.active}{' '}
                      <button
                        type="button"
                        aria-label={pt.keys.revoke(k.prefix)}
                        onClick={() => void revoke(k)}
                      >
                        {pt.keys.revokeLabel}
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="actions">
        <button type="button" onClick={() => void newKey(false)}>
          {pt.keys.newLive}
        </button>
        <button type="button" onClick={() => void newKey(true)}>
          {pt.keys.newSandbox}
        </button>
      </div>
      <h3>{pt.webhook.title}</h3>
      {!p.webhookUrl && <p>{pt.webhook.none}</p>}
      <form className="intern-form" noValidate onSubmit={(e) => void saveUrl(e)}>
        <label htmlFor={id('url')}>{pt.webhook.url}</label>
        <input
          id={id('url')}
          type="url"
          autoComplete="off"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          aria-invalid={urlError ? true : undefined}
          aria-describedby={urlError ? id('url-error') : undefined}
        />
        {urlError && (
          <p id={id('url-error')} className="field-error">
            {urlError}
          </p>
        )}
        <div className="actions">
          <button type="submit">{pt.webhook.save}</button>
          {p.webhookUrl && (
            <button type="button" onClick={() => void removeUrl()}>
              {pt.webhook.remove}
            </button>
          )}
          <button type="button" onClick={() => void act(loadLog)}>
            {pt.webhook.log}
          </button>
        </div>
      </form>
      <div role="status" className="status">
        {status && <p>{status}</p>}
        {secretShown && <code className="link">{secretShown}</code>}
      </div>
      {events && (
        <>
          <h3>{pt.webhook.logTitle}</h3>
          {events.length === 0 ? (
            <p>{pt.webhook.logEmpty}</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">{pt.webhook.event}</th>
                  <th scope="col">{pt.webhook.at}</th>
                  <th scope="col">{pt.webhook.attempts}</th>
                  <th scope="col">{pt.webhook.result}</th>
                  <th scope="col">{pt.keys.state}</th>
                </tr>
              </thead>
              <tbody>
                {events.map((e) => {
                  const last = e.deliveries[0];
                  return (
                    <tr key={e.eventId} className={e.sandbox ? 'sandbox-row' : undefined}>
                      <td>
                        {e.type} {e.sandbox && <Sandbox />}
                      </td>
                      <td>{when(e.createdAt)}</td>
                      <td>{e.attempts}</td>
                      <td>
                        {last
                          ? `${when(last.at)}: ${last.statusCode ?? '–'} ${last.error ?? ''}`
                          : '–'}
                      </td>
                      <td>
                        {e.deliveredAt ? pt.webhook.delivered : pt.webhook.open}{' '}
                        <button type="button" onClick={() => void redeliver(e.eventId)}>
                          {pt.webhook.redeliver}
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
