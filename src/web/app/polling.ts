import type { OrderStatus } from '../api/client';

/** Spec §4/§9: poll every second, at most 90 polls. */
export const POLL_INTERVAL_MS = 1_000;
export const MAX_POLLS = 90;
const WAITING = new Set(['submitted', 'created', 'pending']);

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
  const state = status?.state ?? '';
  const accepted = state === 'accepted';
  const declined = state === 'declined';
  const query = new URLSearchParams({
    cid,
    pramie: status?.rate === undefined ? '' : String(status.rate),
    vertragsnr: status?.orderId ?? '',
    version: '2',
    digital: String(status?.digital === true),
    is_accepted: String(accepted),
    is_pending: String(!accepted && !declined),
  });
  return { target: reservation ? '/callback/sofortzusage' : '/callback/danke', query };
}

/** Polls until a final state or MAX_POLLS; network failures count as a poll and go on. */
export async function pollUntilFinal(
  fetchStatus: () => Promise<OrderStatus>,
  opts: { signal: AbortSignal; wait?: (ms: number) => Promise<void> },
): Promise<OrderStatus | undefined> {
  const wait = opts.wait ?? ((ms) => new Promise<void>((r) => setTimeout(r, ms)));
  let last: OrderStatus | undefined;
  for (let poll = 1; poll <= MAX_POLLS; poll++) {
    if (opts.signal.aborted) return last;
    try {
      last = await fetchStatus();
      if (!WAITING.has(last.state)) return last;
    } catch (err) {
      console.warn('status poll failed', err);
    }
    if (poll < MAX_POLLS) await wait(POLL_INTERVAL_MS);
  }
  return last;
}
