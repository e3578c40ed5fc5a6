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
      [queues.collection]: async () => void ran.push('collection'),
      [queues.claimDeadline]: none,
    });
  });
  afterAll(async () => {
    await queue?.stop();
    await db?.close();
  });

  test('one job per slot, run at once', async () => {
    // pg-boss's slot is the database clock's 600 s window (epoch / 600): a test that crossed a
    // window's end (every 10 minutes, up to ~10 s of waiting below) saw a second job made, rightly.
    // Start well inside a window.
    const toWindowEnd = 600_000 - (Date.now() % 600_000);
    if (toWindowEnd < 15_000) await new Promise((r) => setTimeout(r, toWindowEnd + 200));
    const made = await Promise.all([
      queue.sendTimed(queues.sweep, 600),
      queue.sendTimed(queues.sweep, 600),
      queue.sendTimed(queues.sweep, 600),
    ]);
    expect(made.filter(Boolean)).toHaveLength(1);
    expect(await queue.sendTimed(queues.deletion, 3600)).toBe(true);
    expect(await queue.sendTimed(queues.collection, 3600)).toBe(true);
    // Bounded wait well below the timed queues' 30 s poll: only the wake-up can make it.
    for (let i = 0; i < 100 && ran.length < 3; i++) await new Promise((r) => setTimeout(r, 100));
    expect(ran.sort()).toEqual(['collection', 'deletion', 'sweep']);
    expect(await queue.sendTimed(queues.sweep, 600)).toBe(false);
  });
});

// A restart with other settings: existing queues are not created again, but get the configured
// timeouts and retry delays (createQueue alone would keep the old ones).
describe.each(engines)('queue settings at a restart on %s', (engine) => {
  test('the configured job timeout and webhook retry delay apply to existing queues', async () => {
    const db = await createTestDatabase(engine);
    const options = {
      jobTimeoutSeconds: 60,
      maintenanceSeconds: 30,
      pollingSeconds: 5,
      deletionTime: '03:15',
      webhookRetryDelaySeconds: 10,
    };
    const settingsOf = async (name: string) =>
      (
        await db.executeSql(
          'SELECT expire_seconds AS expire, retry_delay AS delay FROM pgboss.queue WHERE name = $1',
          [name],
        )
      ).rows[0];
    try {
      const first = createJobQueue(db, pino({ level: 'silent' }), options);
      await first.start();
      await first.stop();
      expect(await settingsOf(queues.decision)).toMatchObject({ expire: 60 });
      const second = createJobQueue(db, pino({ level: 'silent' }), {
        ...options,
        jobTimeoutSeconds: 90,
        webhookRetryDelaySeconds: 20,
      });
      await second.start();
      await second.stop();
      expect(await settingsOf(queues.decision)).toMatchObject({ expire: 90 });
      expect(await settingsOf(queues.mail)).toMatchObject({ expire: 90 });
      expect(await settingsOf(queues.webhook)).toMatchObject({ delay: 20 });
      const count = await db.executeSql('SELECT count(*)::int AS n FROM pgboss.queue', []);
      // decision, mail, deletion, sweep, webhook, collection, claimDeadline
      expect(count.rows).toEqual([{ n: 7 }]);
    } finally {
      await db.close();
    }
  });
});
