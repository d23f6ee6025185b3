// One action execution's log as a document's text (src/features/runs/runLog.ts): an action that
// has not started is not asked for its lines; the styled ranges are kept packed and handed out by
// the lines in view (a 100,000-line log has some 200,000 of them: the editor is given those near
// what it shows).
import * as assert from 'node:assert/strict';
import type { ActionExecution } from '../../../src/api';
import { RunLog } from '../../../src/features/runs/logs/runLog';
import { MAX_LOG_STYLES } from '../../../src/features/runs/logs/styledRanges';

const GREEN = '\u001b[32m';
const DIM = '\u001b[2m';
const RESET = '\u001b[0m';
const ref = { workspace: 'acme', project: 'api-service', pipelineId: 203, executionId: 5, actionExecutionId: 'a'.repeat(24) };

function logOf(lines: string[], status: () => string) {
  const asked: number[] = [];
  const log = new RunLog({
    ref,
    language: 'en',
    fetchAction: async (): Promise<ActionExecution> => ({ status: status(), start_date: null, finish_date: null, action: { name: 'Test' } }),
    fetchPage: async (offset, limit) => {
      asked.push(offset);
      return { lines: lines.slice(offset, offset + limit), total: lines.length };
    },
    changed: () => undefined,
  });
  return { log, asked };
}

describe('runs: a log document’s text', () => {
  it('does not ask for the lines of an action that has not started; once it runs, it does', async () => {
    let status = 'INITIAL';
    const { log, asked } = logOf(['one', 'two'], () => status);
    assert.deepEqual(await log.update(), { status: 'INITIAL|0', done: false });
    status = 'enqueued';
    await log.update();
    assert.deepEqual(asked, [], 'no page asked before the action starts');
    status = 'INPROGRESS';
    assert.deepEqual(await log.update(), { status: 'INPROGRESS|2', done: false });
    assert.deepEqual(asked, [0]);
    status = 'SUCCESSFUL';
    assert.deepEqual(await log.update(), { status: 'SUCCESSFUL|2', done: true });
    assert.ok(log.text().endsWith('one\ntwo\n'), log.text());
  });

  it('hands out the styled ranges of the lines asked, every style that has some there', async () => {
    const lines = Array.from({ length: 2500 }, (_, i) => (i % 2 ? `${GREEN}ok${RESET} case ${i}` : `${DIM}note${RESET} ${i}`));
    const { log } = logOf(lines, () => 'SUCCESSFUL');
    await log.update();
    assert.equal(log.styledRangeCount, 2500);
    const near = [...log.stylesIn(1000, 1004)].map((s) => [s.style.dim ? 'dim' : `fg ${String(s.style.fg)}`, s.ranges]);
    assert.deepEqual(near, [
      ['dim', [[1000, 0, 4], [1002, 0, 4]]],
      ['fg 2', [[1001, 0, 2], [1003, 0, 2]]],
    ]);
    assert.deepEqual(
      [...log.stylesIn(2499, 10_000)].map((s) => s.ranges),
      [[[2499, 0, 2]]],
      'the last line; the style without a range there is left out',
    );
    assert.deepEqual([...log.stylesIn(0, 1)].map((s) => s.ranges.length), [1]);
  });

  it('keeps at most MAX_LOG_STYLES styles: a log of 1000 distinct 24-bit colours shows the rest as plain text, whole', async () => {
    const lines = Array.from({ length: 1000 }, (_, i) => `\u001b[38;2;${i >> 8};${i & 0xff};7mcolour ${i}${RESET} after`);
    const { log } = logOf(lines, () => 'SUCCESSFUL');
    await log.update();
    const styles = [...log.stylesIn(0, 1000)];
    assert.equal(styles.length, MAX_LOG_STYLES);
    assert.equal(log.styledRangeCount, MAX_LOG_STYLES);
    assert.deepEqual(styles.at(-1)?.ranges, [[MAX_LOG_STYLES - 1, 0, `colour ${MAX_LOG_STYLES - 1}`.length]]);
    assert.deepEqual([...log.stylesIn(MAX_LOG_STYLES, 1000)], [], 'no style on the lines past the bound');
    const body = log.text().split('\n\n').slice(1).join('\n\n');
    assert.equal(body, lines.map((_, i) => `colour ${i} after\n`).join(''), 'every line’s text, without its escapes');
  });

  it('says it is reading while pages come, and no longer when it tells the end of a reading, or of a failed one', async () => {
    const seen: boolean[] = [];
    let fail = false;
    const lines = Array.from({ length: 2500 }, (_, i) => `line ${i}`);
    const log: RunLog = new RunLog({
      ref,
      fetchAction: async (): Promise<ActionExecution> => {
        if (fail) {
          throw new Error('offline');
        }
        return { status: 'SUCCESSFUL', start_date: null, finish_date: null, action: { name: 'Test' } };
      },
      fetchPage: async (offset, limit) => ({ lines: lines.slice(offset, offset + limit), total: lines.length }),
      changed: () => seen.push(log.reading),
    });
    assert.equal(log.reading, false, 'not before');
    await log.update();
    assert.deepEqual(seen, [true, true, true, false], 'three pages, then the end');
    assert.equal(log.reading, false);
    assert.equal(log.text(), `Action: Test\nStatus: Succeeded\n\n${lines.join('\n')}\n`, 'the header, a blank line, every line');
    assert.equal(log.headerLines, 3);
    fail = true;
    seen.length = 0;
    await assert.rejects(log.update(), /offline/);
    assert.deepEqual(seen, [false], 'a failed reading says so once, not reading');
    assert.match(log.text(), /\(offline\)\n\n/, 'the header says why');
  });

  it('before its first reading says which action it is and that it is loading; a first reading that fails says why', async () => {
    let fail = true;
    const { log, asked } = logOf(['one'], () => {
      if (fail) {
        throw new Error('offline');
      }
      return 'SUCCESSFUL';
    });
    assert.equal(log.text(), `Action execution ${ref.actionExecutionId}\nLoading…\n\n`);
    assert.equal(log.headerLines, 3);
    assert.equal(log.done, false, 'not done before it is read');
    await assert.rejects(log.update(), /offline/);
    assert.equal(log.text(), `Action execution ${ref.actionExecutionId}\n(offline)\n\n`);
    assert.equal(log.done, false);
    fail = false;
    assert.deepEqual(await log.update(), { status: 'SUCCESSFUL|1', done: true });
    assert.equal(log.text(), 'Action: Test\nStatus: Succeeded\n\none\n', 'the reason gone once a reading succeeds');
    assert.deepEqual(asked, [0]);
  });

  it('reads a status as the service may spell it (spaces, any case): one not started asks no lines', async () => {
    const { log, asked } = logOf(['one'], () => ' Initial ');
    assert.deepEqual(await log.update(), { status: ' Initial |0', done: false });
    assert.deepEqual(asked, []);
  });

  it('asks nothing more once disposed', async () => {
    const { log, asked } = logOf(['one'], () => 'SUCCESSFUL');
    log.dispose();
    await log.update();
    assert.deepEqual(asked, []);
    assert.equal(log.lineCount, 0);
  });

  it('an action without a status is read (its lines asked), and not done', async () => {
    const { log, asked } = logOf(['one'], () => null as unknown as string);
    assert.deepEqual(await log.update(), { status: '|1', done: false });
    assert.deepEqual(asked, [0]);
    assert.equal(log.status, undefined);
  });

  it('hands out its content as UTF-8 bytes, the header set before the lines are read (they then only grow below it)', async () => {
    const lines = Array.from({ length: 1500 }, (_, i) => `línea ${i} ✓`);
    const headers: string[] = [];
    const log: RunLog = new RunLog({
      ref,
      language: 'en',
      fetchAction: async (): Promise<ActionExecution> => ({ status: 'SUCCESSFUL', start_date: null, finish_date: null, action: { name: 'Test' } }),
      fetchPage: async (offset, limit) => ({ lines: lines.slice(offset, offset + limit), total: lines.length }),
      changed: () => headers.push(log.text().split('\n\n')[0]),
    });
    await log.update();
    assert.deepEqual(headers, ['Action: Test\nStatus: Succeeded', 'Action: Test\nStatus: Succeeded', 'Action: Test\nStatus: Succeeded'], 'the same header at each page and at the end');
    const bytes = log.bytes();
    assert.ok(bytes);
    assert.equal(bytes.length, log.byteLength);
    assert.equal(Buffer.from(bytes).toString('utf8'), `Action: Test\nStatus: Succeeded\n\n${lines.join('\n')}\n`);
  });

  it('releases the lines’ bytes only once finished and read: the counts, header and styles stay', async () => {
    let status = 'INPROGRESS';
    const { log } = logOf([`${GREEN}one${RESET}`, 'two'], () => status);
    await log.update();
    log.release();
    assert.equal(log.isReleased, false, 'still running: kept');
    assert.ok(log.text().endsWith('one\ntwo\n'));
    status = 'SUCCESSFUL';
    await log.update();
    const size = log.byteLength;
    log.release();
    assert.equal(log.isReleased, true);
    assert.equal(log.bytes(), undefined, 'no bytes kept');
    assert.deepEqual([log.lineCount, log.byteLength, log.headerLines, log.styledRangeCount, log.done], [2, size, 3, 1, true]);
  });
});
