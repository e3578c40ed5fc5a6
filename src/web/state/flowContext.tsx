import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { AppConfig } from '../../domain/flow/config';
import { isReservationValue } from '../../domain/flow/config';
import { stepList } from '../../domain/flow/navigation';
import type { StepId } from '../../domain/flow/steps';
import { useQuery } from '../app/router';
import { useApplication } from './application';

export interface FlowValue {
  config: AppConfig;
  list: StepId[];
  reservation: boolean;
}
const FlowContext = createContext<FlowValue | null>(null);

/**
 * The step list for this visitor (domain flow): reservation from the query or the sticky session
 * flag, uce removed once vm_id and uvm_id were seen.
 */
export function FlowProvider({ config, children }: { config: AppConfig; children: ReactNode }) {
  const query = useQuery();
  const { session } = useApplication();
  const reservation =
    config.reservationGlobal || isReservationValue(query.get('reservation')) || session.reservation;
  const hasVmAndUvm = session.hasVmAndUvm || (!!query.get('vm_id') && !!query.get('uvm_id'));
  const value = useMemo(
    () => ({ config, reservation, list: stepList(config, { reservation, hasVmAndUvm }) }),
    [config, reservation, hasVmAndUvm],
  );
  return <FlowContext.Provider value={value}>{children}</FlowContext.Provider>;
}

export function useFlow(): FlowValue {
  const v = useContext(FlowContext);
  if (!v) throw new Error('useFlow outside <FlowProvider>');
  return v;
}
