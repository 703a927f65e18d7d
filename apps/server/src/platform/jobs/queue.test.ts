import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { createJobQueue, type JobQueue } from './queue';

/**
 * The job queue on the embedded database: a failed attempt is retried and the last one says so;
 * a job whose process died mid-run is taken up again when the next process starts.
 */
const silent = { error: () => {} };
const open: { db: Database; queues: JobQueue[] }[] = [];

async function world() {
  const db = await openDatabase({ dataDir: null });
  await db.migrate();
  const w = { db, queues: [] as JobQueue[] };
  open.push(w);
  return w;
}

async function until(check: () => boolean | Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

afterEach(async () => {
  for (const w of open.splice(0)) {
    for (const q of w.queues) await q.stop();
    await w.db.close();
  }
});

describe('job queue', () => {
  it('retries a failed attempt; the last attempt is marked as such', async () => {
    const w = await world();
    const queue = createJobQueue(w.db, silent);
    w.queues.push(queue);
    const attempts: { attempt: number; last: boolean }[] = [];
    queue.define<{ n: number }>(
      'flaky',
      async (_data, job) => {
        attempts.push({ attempt: job.attempt, last: job.lastAttempt });
        if (job.attempt === 0) throw new Error('first attempt fails');
      },
      { retryLimit: 1, retryDelaySeconds: 0 },
    );
    await queue.start();
    const id = await queue.send('flaky', { n: 1 });
    await until(async () => (await queue.state('flaky', id)) === 'completed');
    expect(attempts).toEqual([
      { attempt: 0, last: false },
      { attempt: 1, last: true },
    ]);
  });

  it('a queue of concurrency 3 runs three jobs at once; of concurrency 1, one at a time', async () => {
    const w = await world();
    const queue = createJobQueue(w.db, silent);
    w.queues.push(queue);
    const most: Record<string, number> = { wide: 0, narrow: 0 };
    const running: Record<string, number> = { wide: 0, narrow: 0 };
    // Each job holds on until three of its queue run together, or 0.6 s pass.
    const job = (name: string) => async () => {
      running[name]++;
      most[name] = Math.max(most[name], running[name]);
      const end = Date.now() + 600;
      while (running[name] < 3 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 50));
      running[name]--;
    };
    queue.define('wide', job('wide'), { concurrency: 3 });
    queue.define('narrow', job('narrow'));
    await queue.start();
    const ids = await Promise.all([1, 2, 3].flatMap(() => [queue.send('wide', {}), queue.send('narrow', {})]));
    await until(async () => (await Promise.all(ids.map((id, i) => queue.state(i % 2 ? 'narrow' : 'wide', id)))).every((s) => s === 'completed'));
    expect(most).toEqual({ wide: 3, narrow: 1 });
  });

  it('a job left running by a process that died is run again by the next one', async () => {
    const w = await world();
    const first = createJobQueue(w.db, silent);
    let started = false;
    first.define('long', async () => {
      started = true;
      // The process "dies" here: this attempt never ends.
      await new Promise(() => {});
    });
    await first.start();
    const id = await first.send('long', {});
    await until(() => started);
    // Its workers stop without the job finishing; what a process killed with -9 leaves behind is the job still "active".
    await first.stop();
    await w.db.executeSql(`UPDATE pgboss.job SET state = 'active' WHERE id = $1`, [id]);
    expect(await first.state('long', id)).toBe('active');

    const second = createJobQueue(w.db, silent);
    w.queues.push(second);
    let ran = 0;
    second.define('long', async () => {
      ran++;
    });
    await second.start();
    await until(async () => (await second.state('long', id)) === 'completed');
    expect(ran).toBe(1);
  }, 60_000);
});

describe('stopping the queue', () => {
  it('a job that settles after the queue stopped and its database closed raises nothing: its late outcome is not written', async () => {
    const db = await openDatabase({ dataDir: null });
    await db.migrate();
    const queue = createJobQueue(db, silent);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      let began = false;
      let settled = false;
      queue.define<{ n: number }>('slow', async () => {
        began = true;
        // Longer than pg-boss's own 5 s wait at stop.
        await new Promise((r) => setTimeout(r, 6_500));
        settled = true;
        throw new Error('the job ends after its database closed');
      });
      await queue.start();
      await queue.send('slow', { n: 1 });
      await until(() => began);
      await queue.stop();
      await db.close();
      await until(() => settled);
      await new Promise((r) => setTimeout(r, 300));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  }, 30_000);
});
