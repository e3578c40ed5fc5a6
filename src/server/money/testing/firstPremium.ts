import type { Clock } from '../../clock';
import { approveBatch, downloadBatch, submitBatch } from '../batches';
import { runCollection } from '../collection';
import type { MoneyDeps } from '../deps';

/** Files a batch through the four eyes: A puts it forward, B approves, C downloads the file. */
export async function fileBatch(money: MoneyDeps, batchId: string) {
  await submitBatch(money, batchId, 'staff-a');
  await approveBatch(money, batchId, 'staff-b');
  return downloadBatch(money, batchId, 'staff-c');
}

/**
 * The first monthly premium of a contract accepted on testNow (15 March to 15 April, drawn on 16
 * March): planned and announced by the run of 11 March, drawn up by the run of 12 March and filed
 * through the four eyes. Returns the downloaded file.
 */
export async function fileFirstPremium(
  money: MoneyDeps,
  clock: Clock & { set(d: Date | string): void },
) {
  clock.set('2026-03-11T05:00:00Z');
  await runCollection(money);
  clock.set('2026-03-12T05:00:00Z');
  const run = await runCollection(money);
  return fileBatch(money, run.batchId!);
}
