import type { AppConfig } from './config';
import type { StepId } from './steps';
import { finalNavLabel, steps } from './steps';

export interface StepListOptions {
  reservation: boolean;
  /** vm_id and uvm_id both present: the sub-partner is known, uce leaves the list. */
  hasVmAndUvm: boolean;
  /**
   * The partner lookup found sub-partners (spec §7: "non-empty ... sends the user to /uce"): uce
   * follows start even when the configured list lacks it (ADR 0701).
   */
  partnerHasSubPartners?: boolean;
}

/** The steps this visitor walks through, in order. */
export function stepList(config: AppConfig, opts: StepListOptions): StepId[] {
  // Reservation: deposit first, then one tenant form which submits the reservation.
  if (opts.reservation || config.reservationGlobal) return ['start', 'tenant'];
  let configured = config.stepList;
  if (opts.partnerHasSubPartners && !opts.hasVmAndUvm && !configured.includes('uce')) {
    const at = configured.indexOf('start') + 1;
    configured = [...configured.slice(0, at), 'uce', ...configured.slice(at)];
  }
  return configured.filter(
    (id, i, all) =>
      all.indexOf(id) === i &&
      !(id === 'uce' && opts.hasVmAndUvm) &&
      !(id === 'start' && config.reconfigured),
  );
}

export const isLastStep = (list: readonly StepId[], step: StepId) => list.at(-1) === step;

function nextStep(list: readonly StepId[], step: StepId): StepId | undefined {
  const i = list.indexOf(step);
  return i < 0 ? undefined : list[i + 1];
}

/**
 * Where forward leads: the next step, except that the deposit comes first. A visitor who entered
 * the flow after /start (a partner link to /uce, an application created by a partner's system)
 * is sent to /start while the deposit is missing, then walks on from there (ADR 0701).
 */
export function forwardTarget(
  list: readonly StepId[],
  step: StepId,
  model: { objective: { deposit?: number | null } },
): StepId | undefined {
  const start = list.indexOf('start');
  if (start >= 0 && start < list.indexOf(step) && typeof model.objective.deposit !== 'number')
    return 'start';
  return nextStep(list, step);
}

export function previousStep(list: readonly StepId[], step: StepId): StepId | undefined {
  const i = list.indexOf(step);
  return i <= 0 ? undefined : list[i - 1];
}

export const finalButtonLabel = 'Kostenpflichtig abschliessen';
export const reservationButtonLabel = 'Reservierung absenden';

/**
 * The forward button names where it leads: 'Weiter zum Start' while the deposit is missing after
 * /start (forwardTarget, spec §2 forward buttons); the last step submits (paid, or the reservation).
 */
export function forwardLabel(
  list: readonly StepId[],
  step: StepId,
  reservation: boolean,
  model?: { objective: { deposit?: number | null } },
): string {
  const next = nextStep(list, step);
  if (next === undefined) return reservation ? reservationButtonLabel : finalButtonLabel;
  return steps[(model && forwardTarget(list, step, model)) ?? next].forwardLabel;
}

/** The back button names the previous step; the first step has none. */
export function backLabel(list: readonly StepId[], step: StepId): string | undefined {
  const prev = previousStep(list, step);
  return prev === undefined ? undefined : steps[prev].backLabel;
}

export interface NavItem {
  step?: StepId;
  label: string;
  route?: string;
}

/** Top navigation: hidden in reservation mode, without start/uce, ending with 'FERTIG!'. */
export function navItems(list: readonly StepId[], reservation: boolean): NavItem[] {
  if (reservation) return [];
  const items: NavItem[] = [];
  for (const id of list) {
    const label = steps[id].navLabel;
    if (label) items.push({ step: id, label, route: steps[id].route });
  }
  items.push({ label: finalNavLabel });
  return items;
}

/** Spec §4: navigation and edit links only jump back, never forward. */
export function canJumpTo(list: readonly StepId[], current: StepId, target: StepId): boolean {
  const t = list.indexOf(target);
  return t >= 0 && t < list.indexOf(current);
}

/** A route outside the list redirects to the first step (spec §2). */
export function resolveStep(list: readonly StepId[], requested: StepId | undefined): StepId {
  return requested !== undefined && list.includes(requested) ? requested : (list[0] ?? 'start');
}
