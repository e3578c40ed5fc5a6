import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { AppConfig } from '../../domain/flow/config';
import { isReservationValue } from '../../domain/flow/config';
import { stepList } from '../../domain/flow/navigation';
import type { StepId } from '../../domain/flow/steps';
import { useLocation, useQuery } from '../app/router';
import { useApplication } from './application';

export interface FlowValue {
  config: AppConfig;
  list: StepId[];
  reservation: boolean;
}
const FlowContext = createContext<FlowValue | null>(null);

/** '/' leads to the first step, /start: where a partner link with both codes skips uce. */
export const isEntry = (pathname: string) => pathname === '/' || pathname === '/start';

/**
 * The step list for this visitor (domain flow): reservation from the query or the sticky session
 * flag, uce removed once vm_id and uvm_id were seen on /start or the uce step was done.
 */
export function FlowProvider({ config, children }: { config: AppConfig; children: ReactNode }) {
  const query = useQuery();
  const { pathname } = useLocation();
  const { session } = useApplication();
  const reservation =
    config.reservationGlobal || isReservationValue(query.get('reservation')) || session.reservation;
  // Spec §2: both codes on /start remove uce; on /uce itself they make it advance instead.
  const hasVmAndUvm =
    session.hasVmAndUvm ||
    (isEntry(pathname) && !!query.get('vm_id')?.trim() && !!query.get('uvm_id')?.trim());
  const { partnerHasSubPartners } = session;
  const value = useMemo(
    () => ({
      config,
      reservation,
      list: stepList(config, { reservation, hasVmAndUvm, partnerHasSubPartners }),
    }),
    [config, reservation, hasVmAndUvm, partnerHasSubPartners],
  );
  return <FlowContext.Provider value={value}>{children}</FlowContext.Provider>;
}

export function useFlow(): FlowValue {
  const v = useContext(FlowContext);
  if (!v) throw new Error('useFlow outside <FlowProvider>');
  return v;
}
