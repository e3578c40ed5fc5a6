import { useEffect, useRef } from 'react';
import { fieldPaths } from '../../domain/model/paths';
import { mergeModel } from '../../domain/wire/partial';
import { parsePrefill } from '../../domain/wire/prefill';
import { useApplication } from '../state/application';
import { subPartnerChoices } from '../../domain/flow/subPartners';
import { isEntry, useFlow } from '../state/flowContext';
import { useLocation, useNavigate } from './router';
import { stepUrl } from './urls';
import { useServices } from './services';

/**
 * Once per visit, from the page URL (spec §7): prefill_data (JSON; the domain drops unknown keys
 * and invalid values), vm_id (partner code) and uvm_id (sub-partner code); the link's codes win
 * over prefill_data's (ADR 0700). With a partner code the partner lookup runs: a non-empty answer
 * while no cid is stored puts /uce right after /start and, when it names sub-partners to choose
 * from, sends the tenant there at once; /uce's forward then leads to /start, so the deposit is
 * still asked (ADR 0835). A 404 is ignored (the client answers []; the save then tells the tenant
 * the code is unknown), other errors are logged.
 */
export function usePrefill() {
  const app = useApplication();
  const { api } = useServices();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { reservation } = useFlow();
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
    // Spec §2: both codes on /start remove uce; on /uce they make it advance instead.
    if (vm && uvm && isEntry(pathname)) app.setSession({ hasVmAndUvm: true });
    if (vm && pathname !== '/uce') {
      api.partner(vm, cid).then(
        (data) => {
          if (data.length === 0 || cid) return;
          // Spec §2/§7: data and no cid send the tenant to /uce, where the returned
          // sub-partners are offered; its forward leads to /start while the deposit is missing
          // (ADR 0835). Codes a partner hides leave nothing to choose: /uce follows /start.
          const choices = subPartnerChoices(data);
          app.setSession({ partnerHasSubPartners: true, subPartners: choices });
          if (choices.length > 0 && !uvm && !reservation) navigate(stepUrl('uce'));
        },
        (err: unknown) => console.warn('partner lookup failed', err),
      );
    }
    // Once, on the URL the visit started with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
