import { useEffect, useState } from 'react';
import { HttpError } from '../api/http';
import { useApplication } from '../state/application';
import { useLocation, useNavigate, useQuery } from './router';
import { useServices } from './services';
import { errorUrl } from './urls';

/**
 * Loads the saved application when the URL carries a cid we have not loaded yet (reload, e-mailed
 * link). Spec §4/§8: a returned __cid redirects to the same path with that cid; errors clear the
 * session id and lead to /error?keys=... (lowercased codes).
 */
export function useTenancyLoad(): boolean {
  const { api } = useServices();
  const app = useApplication();
  const query = useQuery();
  const location = useLocation();
  const navigate = useNavigate();
  const cid = query.get('cid') ?? undefined;
  const needsLoad = !!cid && app.session.loadedCid !== cid;
  const [failedCid, setFailedCid] = useState<string>();

  useEffect(() => {
    if (!needsLoad || !cid || failedCid === cid) return;
    let cancelled = false;
    api.load(cid).then(
      (result) => {
        if (cancelled) return;
        if (result.kind === 'errors') {
          app.updateModel((m) => ({ ...m, cid: undefined }));
          app.setSession({ loadedCid: undefined });
          navigate(errorUrl(result.codes.length ? result.codes : ['unknown']), { replace: true });
        } else if (result.kind === 'redirect') {
          const q = new URLSearchParams(location.search);
          q.set('cid', result.cid);
          navigate(`${location.pathname}?${q}`, { replace: true });
        } else {
          app.replaceModel({ ...result.model, cid });
          app.setSession({ loadedCid: cid });
        }
      },
      (err: unknown) => {
        if (cancelled) return;
        console.warn('load failed', err);
        setFailedCid(cid);
        const code =
          err instanceof HttpError && err.failure.kind === 'status' && err.failure.status === 404;
        app.updateModel((m) => ({ ...m, cid: undefined }));
        navigate(errorUrl([code ? 'unknown' : 'unknown']), { replace: true });
      },
    );
    return () => {
      cancelled = true;
    };
    // The app object changes on every model edit; the load depends only on the cid.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needsLoad, cid]);

  return needsLoad && failedCid !== cid;
}
