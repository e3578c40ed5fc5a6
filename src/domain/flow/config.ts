import { stepIds, type StepId } from './steps';

export interface AppConfig {
  /** Which server API the web app speaks: the new /api/... or the old tenancy_steps_reconfigured. */
  apiGeneration: 'new' | 'old';
  /** New-API reconfiguration: /object also shows the start fields; deposit max 9,000. */
  reconfigured: boolean;
  /** Reservation mode for every visitor, regardless of the query. */
  reservationGlobal: boolean;
  /** The configured step order (spec §2: the step list is configurable). */
  stepList: StepId[];
}

/**
 * The default order is the order of the step ids: extras before the check page, because mail
 * forwarding costs money and must be seen before paying.
 */
export const defaultStepList: StepId[] = [...stepIds];

export const defaultAppConfig: AppConfig = {
  apiGeneration: 'new',
  reconfigured: false,
  reservationGlobal: false,
  stepList: defaultStepList,
};

/** Spec §4: reservation=true, on or 1 in the query (or the global flag) turns reservation on. */
export function isReservationValue(value: string | null | undefined): boolean {
  return ['true', 'on', '1'].includes((value ?? '').trim().toLowerCase());
}
