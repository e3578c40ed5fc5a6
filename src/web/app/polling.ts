import { pollDecision } from '../../domain/flow/orderStatus';
import { statusPollIntervalMs, statusPollMax } from '../../domain/rules/limits';
import type { OrderStatus } from '../api/client';

export interface Outcome {
  target: '/callback/danke' | '/callback/sofortzusage';
  query: URLSearchParams;
}

/** The redirect of spec §4 for a final status (or the last one seen after 90 polls). */
export function outcomeFor(
  cid: string,
  reservation: boolean,
  status: OrderStatus | undefined,
): Outcome {
  // Past the last poll the domain's decision is always final: a waiting state counts as pending.
  const decision = pollDecision(status?.state, statusPollMax + 1);
  const final = decision.continue ? { is_accepted: false, is_pending: true } : decision;
  const query = new URLSearchParams({
    cid,
    pramie: status?.rate === undefined ? '' : String(status.rate),
    vertragsnr: status?.orderId ?? '',
    version: '2',
    digital: String(status?.digital === true),
    is_accepted: String(final.is_accepted),
    is_pending: String(final.is_pending),
  });
  return { target: reservation ? '/callback/sofortzusage' : '/callback/danke', query };
}

/**
 * Spec §4/§9: polls every second until the domain's pollDecision says stop, at most 90 polls;
 * network failures count as a poll and go on.
 */
export async function pollUntilFinal(
  fetchStatus: () => Promise<OrderStatus>,
  opts: { signal: AbortSignal; wait?: (ms: number) => Promise<void> },
): Promise<OrderStatus | undefined> {
  const wait = opts.wait ?? ((ms) => new Promise<void>((r) => setTimeout(r, ms)));
  let last: OrderStatus | undefined;
  for (let poll = 1; poll <= statusPollMax; poll++) {
    if (opts.signal.aborted) return last;
    try {
      last = await fetchStatus();
      if (!pollDecision(last.state, poll).continue) return last;
    } catch (err) {
      console.warn('status poll failed', err);
    }
    if (poll < statusPollMax) await wait(statusPollIntervalMs);
  }
  return last;
}
