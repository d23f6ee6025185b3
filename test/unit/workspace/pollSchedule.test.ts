// The polling policy, on a clock the test moves: pace, focus, finish, budget, sharing, failures.
import * as assert from 'node:assert/strict';
import {
  budgetPause,
  ERROR_FIRST_MS,
  ERROR_MAX_MS,
  errorBackoff,
  nextDelay,
  NO_RESET_PAUSE_MS,
  pace,
  PACE,
  PollScheduler,
  RESET_MARGIN_MS,
  SLOWEST_MS,
  systemTimers,
  UNFOCUSED_MS,
  type BudgetState,
  type PollResult,
  type PollSchedulerOptions,
  type PollState,
  type PollTimers,
} from '../../../src/workspace/pollSchedule';

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Timers on a clock that moves only when the test says; due callbacks run in time order. */
class FakeTimers implements PollTimers {
  time = 0;
  private seq = 0;
  private readonly due = new Map<number, { at: number; callback: () => void }>();
  now = (): number => this.time;
  setTimeout = (callback: () => void, ms: number): unknown => {
    const id = ++this.seq;
    this.due.set(id, { at: this.time + ms, callback });
    return id;
  };
  clearTimeout = (handle: unknown): void => {
    this.due.delete(handle as number);
  };
  /** When the timers set will fire. */
  get pending(): number[] {
    return [...this.due.values()].map((t) => t.at).sort((a, b) => a - b);
  }
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      await settle();
      let next: [number, { at: number; callback: () => void }] | undefined;
      for (const entry of this.due) {
        if (entry[1].at <= end && (next === undefined || entry[1].at < next[1].at)) {
          next = entry;
        }
      }
      if (next === undefined) {
        break;
      }
      this.due.delete(next[0]);
      this.time = Math.max(this.time, next[1].at);
      next[1].callback();
    }
    this.time = end;
    await settle();
  }
}

const RUNNING: PollResult = { status: 'INPROGRESS', done: false };

/** A poll target whose answers a function gives (by call number, from 1); it records when it was called. */
function probe(timers: FakeTimers, answer: (call: number) => PollResult | Error = () => RUNNING) {
  const calls: number[] = [];
  return {
    calls,
    poll: async (): Promise<PollResult> => {
      calls.push(timers.now());
      const a = answer(calls.length);
      if (a instanceof Error) {
        throw a;
      }
      return a;
    },
  };
}

function setup(options: Partial<PollSchedulerOptions> = {}) {
  const timers = new FakeTimers();
  const stale: [string, boolean, unknown][] = [];
  const scheduler = new PollScheduler({ timers, onStale: (key, isStale, error) => stale.push([key, isStale, error]), ...options });
  return { timers, scheduler, stale };
}

const step = (from: number, to: number, every: number) => Array.from({ length: (to - from) / every }, (_, i) => from + (i + 1) * every);
const state = (s: Partial<PollState>): PollState => ({ now: 0, changedAt: 0, lastPollAt: 0, focused: true, done: false, errors: 0, ...s });

describe('workspace: the polling policy (pure)', () => {
  it('goes from every 2 s to 5 s, 10 s and 20 s as nothing changes', () => {
    assert.deepEqual(
      PACE.map((p) => [p.quietUnder, p.every]),
      [
        [30_000, 2_000],
        [120_000, 5_000],
        [300_000, 10_000],
      ],
    );
    assert.equal(SLOWEST_MS, 20_000);
    const table: [number, number][] = [
      [0, 2_000],
      [29_999, 2_000],
      [30_000, 5_000],
      [119_999, 5_000],
      [120_000, 10_000],
      [299_999, 10_000],
      [300_000, 20_000],
      [86_400_000, 20_000],
    ];
    for (const [quiet, every] of table) {
      assert.equal(pace(quiet), every, `after ${quiet} ms`);
    }
  });

  it('backs off after failures: 5 s, 10 s, 20 s, 40 s, then a minute', () => {
    assert.deepEqual(
      [0, 1, 2, 3, 4, 5, 6, 50].map(errorBackoff),
      [0, 5_000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000],
    );
    assert.equal(ERROR_FIRST_MS, 5_000);
    assert.equal(ERROR_MAX_MS, 60_000);
  });

  it('pauses a second past the reset when the budget is spent, a minute without a reset, not at all otherwise', () => {
    const now = 1_000_000;
    const reset = (ms: number) => new Date(now + ms);
    assert.equal(budgetPause({ remaining: 0, resetAt: reset(300_000) }, now), 301_000);
    assert.equal(budgetPause({ remaining: 0, resetAt: reset(1) }, now), 1_001);
    assert.equal(budgetPause({ remaining: 0, resetAt: reset(0) }, now), 0, 'a reset now has passed');
    assert.equal(budgetPause({ remaining: 0, resetAt: reset(-5_000) }, now), 0);
    assert.equal(budgetPause({ remaining: 0, resetAt: undefined }, now), 60_000);
    assert.equal(budgetPause({ remaining: 1, resetAt: reset(300_000) }, now), 0);
    assert.equal(budgetPause({ remaining: undefined, resetAt: reset(300_000) }, now), 0, 'unknown is not spent');
    assert.equal(budgetPause(undefined, now), 0);
    assert.equal(NO_RESET_PAUSE_MS, 60_000);
    assert.equal(RESET_MARGIN_MS, 1_000);
  });

  it('counts the wait from the last request, and takes the longest of pace, backoff and budget', () => {
    assert.equal(nextDelay(state({ now: 10_000, changedAt: 0, lastPollAt: 10_000 })), 2_000);
    assert.equal(nextDelay(state({ now: 11_500, changedAt: 0, lastPollAt: 10_000 })), 500);
    assert.equal(nextDelay(state({ now: 60_000, changedAt: 0, lastPollAt: 10_000 })), 0, 'overdue: at once');
    assert.equal(nextDelay(state({ now: 40_000, changedAt: 0, lastPollAt: 40_000 })), 5_000);
    assert.equal(nextDelay(state({ now: 40_000, changedAt: 35_000, lastPollAt: 40_000 })), 2_000, 'quiet since the change');
    assert.equal(nextDelay(state({ now: 10_000, lastPollAt: 10_000, errors: 1 })), 5_000);
    assert.equal(nextDelay(state({ now: 400_000, lastPollAt: 400_000, errors: 1 })), 20_000, 'the slow pace is longer than the backoff');
    assert.equal(nextDelay(state({ now: 10_000, lastPollAt: 10_000, budget: { remaining: 0, resetAt: new Date(70_000) } })), 61_000);
    assert.equal(nextDelay(state({ now: 10_000, lastPollAt: 0, budget: { remaining: 0, resetAt: new Date(10_500) } })), 1_500, 'the reset counts from now');
  });

  it('asks once a minute unfocused, and never once finished', () => {
    assert.equal(UNFOCUSED_MS, 60_000);
    assert.equal(nextDelay(state({ now: 10_000, lastPollAt: 10_000, focused: false })), 60_000);
    assert.equal(nextDelay(state({ now: 10_000, lastPollAt: 10_000, focused: false, errors: 6 })), 60_000);
    assert.equal(nextDelay(state({ now: 10_000, lastPollAt: 10_000, done: true })), undefined);
    assert.equal(nextDelay(state({ now: 10_000, lastPollAt: 10_000, done: true, budget: { remaining: 0, resetAt: undefined } })), undefined);
  });
});

describe('workspace: the poll scheduler', () => {
  it('polls every 2 s for 30 s without change, then every 5 s, 10 s and 20 s', async () => {
    const { timers, scheduler } = setup();
    const run = probe(timers);
    scheduler.watch('run 1', run);
    assert.deepEqual(timers.pending, [2_000], 'the first poll after the first pause: what is shown was just read');
    await timers.advance(400_000);
    assert.deepEqual(run.calls, [...step(0, 30_000, 2_000), ...step(30_000, 120_000, 5_000), ...step(120_000, 300_000, 10_000), ...step(300_000, 400_000, 20_000)]);
    scheduler.dispose();
  });

  it('goes back to 2 s when the status changes', async () => {
    const { timers, scheduler } = setup();
    const run = probe(timers, () => (timers.now() >= 200_000 ? { status: 'WAITING_FOR_APPLY', done: false } : RUNNING));
    scheduler.watch('run 1', run);
    await timers.advance(240_000);
    const i = run.calls.indexOf(200_000);
    assert.deepEqual(run.calls.slice(i - 1, i + 4), [190_000, 200_000, 202_000, 204_000, 206_000]);
    assert.deepEqual(run.calls.slice(-3), [230_000, 235_000, 240_000], '30 s after the change, 5 s');
    scheduler.dispose();
  });

  it('compares the first answer with the status shown, if one was given', async () => {
    const { timers, scheduler } = setup();
    const shown = probe(timers);
    scheduler.watch('shown', { ...shown, status: 'ENQUEUED' });
    const unknown = probe(timers);
    scheduler.watch('unknown', unknown);
    const same = probe(timers);
    scheduler.watch('same', { ...same, status: 'INPROGRESS' });
    await timers.advance(36_000);
    assert.deepEqual(shown.calls.slice(-2), [30_000, 32_000], 'changed at 2 s: every 2 s until 32 s');
    assert.deepEqual(unknown.calls.slice(-2), [30_000, 35_000]);
    assert.deepEqual(same.calls.slice(-2), [30_000, 35_000]);
    scheduler.dispose();
  });

  it('stops when the thing is finished, and goes on when a refresh finds it running again', async () => {
    const { timers, scheduler } = setup();
    let finished = true;
    const run = probe(timers, (call) => (call >= 3 && finished ? { status: 'SUCCESSFUL', done: true } : RUNNING));
    scheduler.watch('run 1', run);
    await timers.advance(3_600_000);
    assert.deepEqual(run.calls, [2_000, 4_000, 6_000]);
    assert.deepEqual(timers.pending, []);
    finished = false;
    await scheduler.refresh('run 1');
    assert.deepEqual(run.calls.slice(3), [3_600_000]);
    assert.deepEqual(timers.pending, [3_602_000], 'running again (a retry): fast');
    scheduler.dispose();
  });

  it('is not polled when watched finished, only refreshed', async () => {
    const { timers, scheduler } = setup();
    const run = probe(timers, () => ({ status: 'FAILED', done: true }));
    scheduler.watch('run 1', { ...run, status: 'FAILED', done: true });
    await timers.advance(600_000);
    assert.deepEqual(run.calls, []);
    await scheduler.refresh('run 1');
    assert.deepEqual(run.calls, [600_000]);
    assert.deepEqual(timers.pending, []);
    scheduler.dispose();
  });

  it('unfocused: stops what is only shown; the followed runs share one request a minute, in turn', async () => {
    const { timers, scheduler } = setup();
    const a = probe(timers);
    const b = probe(timers);
    const shown = probe(timers);
    scheduler.watch('a', { ...a, whileUnfocused: true });
    scheduler.watch('b', { ...b, whileUnfocused: true });
    scheduler.watch('list', shown);
    await timers.advance(10_000);
    scheduler.setFocused(false);
    await timers.advance(310_000);
    assert.deepEqual(shown.calls, step(0, 10_000, 2_000));
    assert.deepEqual(a.calls.slice(5), [70_000, 190_000, 310_000]);
    assert.deepEqual(b.calls.slice(5), [130_000, 250_000]);
    assert.deepEqual(timers.pending, [370_000]);

    scheduler.setFocused(true);
    await timers.advance(0);
    assert.deepEqual(shown.calls.slice(5), [320_000], 'overdue things are asked at once on focus');
    assert.deepEqual(b.calls.slice(7), [320_000]);
    assert.deepEqual(a.calls.slice(8), [], 'asked 10 s ago, and quiet: 20 s');
    await timers.advance(10_000);
    assert.deepEqual(a.calls.slice(8), [330_000]);
    scheduler.dispose();
  });

  it('unfocused from the start, waits a minute after the last request; a finished run leaves its turn', async () => {
    const { timers, scheduler } = setup({ focused: false });
    const a = probe(timers, (call) => (call >= 2 ? { status: 'SUCCESSFUL', done: true } : RUNNING));
    const b = probe(timers);
    scheduler.watch('a', { ...a, whileUnfocused: true });
    await timers.advance(5_000);
    scheduler.watch('b', { ...b, whileUnfocused: true });
    await timers.advance(300_000);
    assert.deepEqual(a.calls, [65_000, 185_000]);
    assert.deepEqual(b.calls, [125_000, 245_000, 305_000]);
    scheduler.setFocused(false);
    assert.deepEqual(timers.pending, [365_000], 'no change when the focus does not change');
    scheduler.setFocused(true);
    scheduler.setFocused(true);
    assert.deepEqual(timers.pending, [325_000]);
    scheduler.dispose();
  });

  it('a watcher who follows makes a shown key followed; dropping a followed one hands the turn on', async () => {
    const { timers, scheduler } = setup({ focused: false });
    const shown = probe(timers);
    const other = probe(timers);
    scheduler.watch('run 1', shown);
    await timers.advance(120_000);
    assert.deepEqual(shown.calls, []);
    assert.deepEqual(timers.pending, []);
    const follow = scheduler.watch('run 1', { ...probe(timers), whileUnfocused: true });
    assert.deepEqual(timers.pending, [120_000], 'asked two minutes ago: at once');
    await timers.advance(0);
    assert.deepEqual(shown.calls, [120_000], 'the first target polls');
    await timers.advance(10_000);
    const otherWatch = scheduler.watch('run 2', { ...other, whileUnfocused: true });
    assert.deepEqual(timers.pending, [190_000], 'a minute after the last request (run 2 was just read)');
    follow.dispose();
    assert.deepEqual(timers.pending, [190_000], 'still watched (shown): still followed');
    await timers.advance(60_000);
    assert.deepEqual(shown.calls, [120_000, 190_000], 'run 1 was asked longest ago');
    assert.deepEqual(timers.pending, [250_000], "run 2's turn");
    otherWatch.dispose();
    await timers.advance(60_000);
    assert.deepEqual(shown.calls, [120_000, 190_000, 250_000], 'run 1 takes the turn');
    assert.deepEqual(other.calls, []);
    scheduler.dispose();
    assert.deepEqual(timers.pending, []);
  });

  it('unfocused, sends no second status request while one is under way, and none once all are finished', async () => {
    const { timers, scheduler } = setup({ focused: false });
    let release: (r: PollResult) => void = () => undefined;
    const slowCalls: number[] = [];
    scheduler.watch('a', {
      whileUnfocused: true,
      poll: () => {
        slowCalls.push(timers.now());
        return new Promise<PollResult>((resolve) => (release = resolve));
      },
    });
    await timers.advance(60_000);
    assert.deepEqual(slowCalls, [60_000]);
    const b = probe(timers, () => ({ status: 'SUCCESSFUL', done: true }));
    scheduler.watch('b', { ...b, whileUnfocused: true });
    await timers.advance(120_000);
    assert.deepEqual(b.calls, [], 'a request is under way: b waits');
    assert.deepEqual(timers.pending, []);
    release({ status: 'FAILED', done: true });
    await timers.advance(0);
    assert.deepEqual(timers.pending, [240_000], 'a minute after the last request');
    await timers.advance(60_000);
    assert.deepEqual(b.calls, [240_000]);
    assert.deepEqual(timers.pending, [], 'both finished');
    scheduler.dispose();
  });

  it('pauses until a second past the reset when the budget is spent, a minute without a reset', async () => {
    let budget: BudgetState | undefined = { remaining: 0, resetAt: new Date(300_000) };
    const { timers, scheduler } = setup({ budget: () => budget });
    const run = probe(timers);
    scheduler.watch('run 1', run);
    assert.deepEqual(timers.pending, [301_000]);
    budget = { remaining: 4999, resetAt: new Date(3_900_000) };
    await timers.advance(301_000);
    assert.deepEqual(run.calls, [301_000]);
    assert.deepEqual(timers.pending, [321_000], 'quiet for five minutes: 20 s');
    budget = { remaining: 0, resetAt: undefined };
    await timers.advance(321_000 - 301_000);
    assert.deepEqual(run.calls, [301_000, 321_000]);
    assert.deepEqual(timers.pending, [381_000]);
    scheduler.dispose();
  });

  it('the budget pauses the unfocused turn too', async () => {
    const { timers, scheduler } = setup({ focused: false, budget: () => ({ remaining: 0, resetAt: new Date(600_000) }) });
    scheduler.watch('run 1', { ...probe(timers), whileUnfocused: true });
    assert.deepEqual(timers.pending, [601_000]);
    scheduler.dispose();
  });

  it('never sends two identical requests at once: one poll per key, refresh joins it', async () => {
    const { timers, scheduler } = setup();
    const calls: number[] = [];
    let release: (r: PollResult) => void = () => undefined;
    const slow = {
      poll: () => {
        calls.push(timers.now());
        return new Promise<PollResult>((resolve) => (release = resolve));
      },
    };
    const first = scheduler.watch('run 1', slow);
    const second = scheduler.watch('run 1', { poll: () => Promise.reject(new Error('the second target is not used')) });
    await timers.advance(2_000);
    assert.deepEqual(calls, [2_000]);
    await timers.advance(60_000);
    const joined = scheduler.refresh('run 1');
    assert.equal(scheduler.refresh('run 1'), joined);
    assert.deepEqual(calls, [2_000], 'still one request, however long it takes');
    assert.deepEqual(timers.pending, []);
    scheduler.setFocused(false);
    scheduler.setFocused(true);
    assert.deepEqual(timers.pending, [], 'a focus change sets no timer for a request under way');
    release(RUNNING);
    await joined;
    assert.deepEqual(timers.pending, [67_000]);
    first.dispose();
    first.dispose();
    assert.deepEqual(timers.pending, [67_000], 'one watcher is left');
    second.dispose();
    assert.deepEqual(timers.pending, []);
    await scheduler.refresh('run 1');
    assert.deepEqual(calls, [2_000], 'not watched: nothing to refresh');
    scheduler.dispose();
  });

  it('backs off on failures, keeps the key stale until an answer comes, and resumes by itself', async () => {
    const { timers, scheduler, stale } = setup();
    const down = new Error('network down');
    const run = probe(timers, (call) => (call <= 4 ? down : RUNNING));
    scheduler.watch('run 1', run);
    await timers.advance(2_000);
    assert.equal(scheduler.isStale('run 1'), true);
    await timers.advance(80_000);
    assert.deepEqual(run.calls, [2_000, 7_000, 17_000, 37_000, 77_000, 82_000]);
    assert.deepEqual(stale, [
      ['run 1', true, down],
      ['run 1', false, undefined],
    ]);
    assert.equal(scheduler.isStale('run 1'), false);
    assert.equal(scheduler.isStale('never watched'), false);
    scheduler.dispose();
  });

  it('backs off to a minute at most', async () => {
    const { timers, scheduler } = setup();
    const run = probe(timers, () => new Error('down'));
    scheduler.watch('run 1', run);
    await timers.advance(400_000);
    assert.deepEqual(run.calls, [2_000, 7_000, 17_000, 37_000, 77_000, 137_000, 197_000, 257_000, 317_000, 377_000]);
    scheduler.dispose();
  });

  it('keeps polling when the stale listener throws', async () => {
    const { timers, scheduler } = setup({
      onStale: () => {
        throw new Error('listener bug');
      },
    });
    const run = probe(timers, (call) => (call === 1 ? new Error('down') : RUNNING));
    scheduler.watch('run 1', run);
    await timers.advance(10_000);
    assert.deepEqual(run.calls, [2_000, 7_000, 9_000]);
    scheduler.dispose();
  });

  it('tells nothing of a key no longer watched, and drops answers after dispose', async () => {
    const { timers, scheduler, stale } = setup();
    let fail: (e: Error) => void = () => undefined;
    const watch = scheduler.watch('run 1', { poll: () => new Promise<PollResult>((_, reject) => (fail = reject)) });
    await timers.advance(2_000);
    watch.dispose();
    fail(new Error('late'));
    await timers.advance(0);
    assert.deepEqual(stale, []);
    assert.deepEqual(timers.pending, []);

    const run = probe(timers);
    scheduler.watch('run 2', run);
    scheduler.dispose();
    assert.deepEqual(timers.pending, []);
    const late = scheduler.watch('run 3', run);
    await timers.advance(600_000);
    assert.deepEqual(run.calls, [], 'watching after dispose polls nothing');
    late.dispose();
    scheduler.setFocused(false);
    assert.deepEqual(timers.pending, []);
  });

  it('runs on the real clock by default', async () => {
    const before = Date.now();
    assert.ok(systemTimers.now() >= before && systemTimers.now() <= Date.now());
    let cancelled = false;
    systemTimers.clearTimeout(systemTimers.setTimeout(() => (cancelled = true), 0));
    await new Promise<void>((resolve) => systemTimers.setTimeout(resolve, 0));
    assert.equal(cancelled, false);
  });
});
