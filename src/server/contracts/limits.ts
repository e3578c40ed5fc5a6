import { contractTexts } from '../../domain/index';
import { guardLimits, type Guard } from './guard';
import { ContractError } from './contractError';

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

/**
 * Release codes are guessed at most `max` times per contract and per client within a window
 * (ADR 1117): past it the release is locked until the window ends, for everyone, and then opens
 * again by itself, so a lockout never keeps the landlord out for good (and the written release to
 * the guarantor always works). A wrong code counts against both; the right one counts nothing.
 */
export async function checkReleaseCode(
  guard: Guard,
  applicationId: string,
  client: string,
  right: boolean,
): Promise<void> {
  const t = contractTexts.errors;
  const { releaseFailuresPerContract: perContract, releaseFailuresPerClient: perClient } =
    guardLimits;
  const [c, k] = await Promise.all([
    guard.current(perContract, applicationId),
    guard.current(perClient, client),
  ]);
  const lockedFor = Math.max(
    c.count >= perContract.max ? c.ttlMs : 0,
    k.count >= perClient.max ? k.ttlMs : 0,
  );
  if (lockedFor > 0)
    throw new ContractError(429, 'locked', t.releaseLocked(minutes(lockedFor)), 'code');
  if (right) return;
  await guard.hit(perContract, applicationId);
  await guard.hit(perClient, client);
  throw new ContractError(400, 'wrong_code', t.releaseCodeWrong, 'code');
}

/**
 * Every contract e-mail counts against its recipient (ADR 1117): more than
 * `contractMailsPerRecipient` an hour are not sent, whichever route causes them.
 */
export async function overMailLimit(guard: Guard, address: string): Promise<boolean> {
  const lim = guardLimits.contractMailsPerRecipient;
  return (await guard.hit(lim, address.trim().toLowerCase())).count > lim.max;
}
