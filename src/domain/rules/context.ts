import type { StepId } from '../flow/steps';

export interface RuleContext {
  /** Today's date in Europe/Berlin as 'YYYY-MM-DD' (see todayInBerlin); tests pin it. */
  today: string;
  /** New-API reconfiguration: deposit max 9,000, move date up to 14 days in the past. */
  reconfigured: boolean;
  /** Reservation mode: one tenant form, no second tenant. */
  reservation: boolean;
  /** The visitor's step list; without 'selling' in it, the check page shows the extras. */
  stepList?: readonly StepId[];
}
