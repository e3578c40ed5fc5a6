import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import pino from 'pino';
import { createTestDatabase, engines, type TestDatabase } from '../testing/database';
import { createJobQueue, queues, type JobQueue } from './queue';

// The timed jobs (schedule.ts) go through pg-boss's singleton slot: however many instances' timers
// fire in one slot, one job is made and run; the worker is woken, not left to its 30 s poll.
describe.each(engines)('timed jobs on %s', (engine) => {
  let db: TestDatabase;
  let queue: JobQueue;
  const ran: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase(engine);
    queue = createJobQueue(db, pino({ level: 'silent' }), {
      jobTimeoutSeconds: 60,
      maintenanceSeconds: 30,
      pollingSeconds: 5,
      deletionTime: '03:15',
      webhookRetryDelaySeconds: 10,
    });
    const none = async () => undefined;
    await queue.start({
      [queues.decision]: none,
      [queues.mail]: none,
      [queues.webhook]: none,
      [queues.deletion]: async () => void ran.push('deletion'),
      [queues.sweep]: async () => void ran.push('sweep'),
    });
  });
  afterAll(async () => {
    await queue?.stop();
    await db?.close();
  });

  test('one job per slot, run at once', async () => {
    const made = await Promise.all([
      queue.sendTimed(queues.sweep, 600),
      queue.sendTimed(queues.sweep, 600),
      queue.sendTimed(queues.sweep, 600),
    ]);
    expect(made.filter(Boolean)).toHaveLength(1);
    expect(await queue.sendTimed(queues.deletion, 3600)).toBe(true);
    // Bounded wait well below the timed queues' 30 s poll: only the wake-up can make it.
    for (let i = 0; i < 100 && ran.length < 2; i++) await new Promise((r) => setTimeout(r, 100));
    expect(ran.sort()).toEqual(['deletion', 'sweep']);
    expect(await queue.sendTimed(queues.sweep, 600)).toBe(false);
  });
});
