import { useEffect, useRef } from 'react';
import { fieldPaths } from '../../domain/model/paths';
import { mergeModel } from '../../domain/wire/partial';
import { parsePrefill } from '../../domain/wire/prefill';
import { useApplication } from '../state/application';
import { useLocation, useNavigate } from './router';
import { useServices } from './services';

/**
 * Once per visit, from the page URL (spec §7): prefill_data (JSON; the domain drops unknown keys
 * and invalid values), vm_id (partner code) and uvm_id (sub-partner code). With a partner code
 * the partner lookup runs: a non-empty answer while no cid is stored sends the tenant to /uce;
 * a 404 is ignored (the client answers []), other errors are logged.
 */
export function usePrefill() {
  const app = useApplication();
  const { api } = useServices();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const q = new URLSearchParams(search);
    const prefill = q.get('prefill_data');
    const vm = q.get('vm_id')?.trim();
    const uvm = q.get('uvm_id')?.trim();
    const cid = q.get('cid') ?? undefined;
    if (prefill) app.updateModel((m) => mergeModel(m, parsePrefill(prefill), fieldPaths));
    if (vm) {
      app.setField('billing.partner_code', vm);
      app.setField('billing.hide_partner_code', true);
    }
    if (uvm) app.setField('uce.subPartnerCode', uvm);
    if (vm && uvm) app.setSession({ hasVmAndUvm: true });
    if (vm && pathname !== '/uce') {
      api.partner(vm, cid).then(
        (data) => {
          if (data.length > 0 && !cid && !uvm) navigate(`/uce${search}`, { replace: true });
        },
        (err: unknown) => console.warn('partner lookup failed', err),
      );
    }
    // Once, on the URL the visit started with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
