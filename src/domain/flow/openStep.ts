import type { StepId } from './steps';

/**
 * Where an application goes on: the first step of the list that still has a shown field without
 * a valid answer (`openFields`, the caller's validation; captcha and bot fields are the server's
 * and do not count), else the last step. After a reservation 'Mit dem Antrag fortfahren' goes
 * there instead of reopening the tenant form already given (issue 27).
 */
export function firstOpenStep(
  list: readonly StepId[],
  openFields: (step: StepId) => readonly string[],
): StepId | undefined {
  const open = list.find((step) => openFields(step).some((path) => !path.startsWith('security.')));
  return open ?? list[list.length - 1];
}
