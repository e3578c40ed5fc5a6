import { useEffect, useState } from 'react';
import { request } from '../api/http';
import { useQuery } from '../app/router';
import { useServices } from '../app/services';
import { useApplication } from '../state/application';
import { ui } from '../text';

/**
 * The SEPA mandate text of the check step with the creditor identifier and the mandate reference
 * the server forms for this application before the contract number exists; the contract's debits
 * carry the same reference (DECISIONS.md, ADR 0832). Until it has arrived (or if the call fails)
 * the text says it is sent with the policy.
 */
export function MandateText() {
  const { config } = useServices();
  const { model } = useApplication();
  const cid = useQuery().get('cid') ?? model.cid ?? undefined;
  const [mandate, setMandate] = useState<{ creditorId: string; mandateReference: string }>();
  useEffect(() => {
    if (!cid) return;
    const abort = new AbortController();
    request<{ creditorId?: unknown; mandateReference?: unknown }>(config.apiHost, '/api/mandate', {
      query: { cid },
      signal: abort.signal,
    }).then(
      ({ data }) => {
        if (typeof data?.mandateReference === 'string' && typeof data.creditorId === 'string')
          setMandate({ creditorId: data.creditorId, mandateReference: data.mandateReference });
      },
      (err: unknown) => {
        if ((err as Error).name !== 'AbortError') console.warn('mandate unavailable', err);
      },
    );
    return () => abort.abort();
  }, [cid, config.apiHost]);
  return (
    <p>
      {ui.check.sepaMandate(
        mandate?.creditorId ?? config.creditorId,
        mandate?.mandateReference ?? ui.check.mandateReferencePending,
      )}
    </p>
  );
}
