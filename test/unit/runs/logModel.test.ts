import * as assert from 'node:assert/strict';
import { styleKey } from '../../../src/features/runs/logs/ansi';
import {
  LogModel,
  logHeader,
  MAX_LINE_CHARS,
  MAX_LOG_BYTES,
  MAX_LOG_LINES,
  MAX_PAGE_LINES,
  notAllowedTarget,
  type FetchLogPage,
  type LogChunk,
  type LogModelOptions,
  type LogPage,
} from '../../../src/features/runs/logs/logModel';

const E = '\x1b';
const numbered = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `line ${from + i}`);

/** A log in memory, answering pages as the service does; `answer` may change what it sends. */
function fakeLog(lines: string[], answer?: (offset: number, limit: number) => LogPage) {
  const requests: [number, number][] = [];
  const fetchPage: FetchLogPage = async (offset, limit) => {
    requests.push([offset, limit]);
    return answer ? answer(offset, limit) : { lines: lines.slice(offset, offset + limit), total: lines.length };
  };
  return { lines, requests, fetchPage };
}

function model(fetchPage: FetchLogPage, options: Partial<LogModelOptions> = {}) {
  const chunks: LogChunk[] = [];
  const log = new LogModel({ fetchPage, append: (c) => chunks.push(c), ...options });
  /** The document the chunks make. */
  const text = () => chunks.map((c) => c.text).join('');
  return { log, chunks, text };
}

describe('runs: the log model', () => {
  it('has the limits the service and the editor set', () => {
    assert.equal(MAX_PAGE_LINES, 1000);
    assert.equal(MAX_LOG_LINES, 200_000);
    assert.equal(MAX_LOG_BYTES, 32 * 1024 * 1024);
    assert.equal(MAX_LINE_CHARS, 10_000);
  });

  it('reads a 100,000-line log in 100 pages of 1000 and appends each page once', async () => {
    const source = fakeLog(numbered(100_000));
    const { log, chunks } = model(source.fetchPage);
    assert.deepEqual(await log.catchUp(), { lines: 100_000, total: 100_000, more: false });
    assert.equal(source.requests.length, 100);
    assert.deepEqual(source.requests.slice(0, 2), [
      [0, 1000],
      [1000, 1000],
    ]);
    assert.deepEqual(source.requests[99], [99_000, 1000]);
    assert.equal(chunks.length, 100);
    assert.deepEqual(
      chunks.slice(0, 2).map((c) => [c.line, c.lineCount]),
      [
        [0, 1000],
        [1000, 1000],
      ],
    );
    assert.ok(chunks[0].text.startsWith('line 0\nline 1\n'));
    assert.ok(chunks[99].text.endsWith('line 99998\nline 99999\n'));
    assert.equal(chunks[99].text.split('\n').length, 1001);
    assert.equal(log.lineCount, 100_000);
    assert.equal(log.offset, 100_000);
  });

  it('puts the ANSI styles at document positions, after the header, carried across pages', async () => {
    const lines = numbered(1500);
    lines[2] = `ok ${E}[32mpassed${E}[0m`;
    lines[999] = `${E}[31mred from here`;
    lines[1000] = `still red${E}[0m then plain`;
    const { log, chunks, text } = model(fakeLog(lines).fetchPage, { firstLine: 7 });
    await log.catchUp();
    assert.deepEqual(
      chunks.map((c) => c.line),
      [7, 1007],
    );
    const ranges = chunks.flatMap((c) => c.ranges.map((r) => [r.line, r.start, r.end, styleKey(r.style)]));
    assert.deepEqual(ranges, [
      [9, 3, 9, '|2|'],
      [1006, 0, 13, '|1|'],
      [1007, 0, 9, '|1|'],
    ]);
    const doc = text().split('\n');
    assert.equal(doc[2], 'ok passed');
    assert.equal(doc[1000], 'still red then plain');
  });

  it('follows a growing log from where it stopped, asking once when nothing is new', async () => {
    const source = fakeLog(numbered(5));
    const { log, chunks, text } = model(source.fetchPage);
    assert.deepEqual(await log.catchUp(), { lines: 5, total: 5, more: false });
    source.lines.push(...numbered(3, 5));
    assert.deepEqual(await log.catchUp(), { lines: 8, total: 8, more: false });
    assert.deepEqual(source.requests, [
      [0, 1000],
      [5, 1000],
    ]);
    assert.deepEqual(
      chunks.map((c) => [c.line, c.lineCount]),
      [
        [0, 5],
        [5, 3],
      ],
    );
    assert.deepEqual(await log.catchUp(), { lines: 8, total: 8, more: false });
    assert.deepEqual(source.requests[2], [8, 1000]);
    assert.equal(chunks.length, 2, 'no empty chunk');
    assert.equal(text(), `${numbered(8).join('\n')}\n`);
  });

  it('asks pages of at most 1000 lines, at least 1', async () => {
    for (const [pageSize, limit] of [
      [5000, 1000],
      [1000, 1000],
      [10, 10],
      [2.7, 2],
      [0, 1],
      [-3, 1],
    ]) {
      const source = fakeLog(numbered(3));
      await model(source.fetchPage, { pageSize }).log.catchUp();
      assert.equal(source.requests[0][1], limit, String(pageSize));
    }
  });

  it('cuts a log past maxLines, says so in a line of its own, and asks no more', async () => {
    const source = fakeLog(numbered(100));
    const { log, chunks, text } = model(source.fetchPage, { pageSize: 10, maxLines: 25, language: 'en' });
    assert.deepEqual(await log.catchUp(), { lines: 26, total: 100, more: false });
    assert.deepEqual(source.requests, [
      [0, 10],
      [10, 10],
      [20, 5],
    ]);
    assert.deepEqual(chunks[3], { line: 25, lineCount: 1, text: '[The log is longer: only its first 25 lines are shown here.]\n', ranges: [] });
    assert.equal(text().split('\n').length, 27);
    assert.deepEqual(await log.catchUp(), { lines: 26, total: 100, more: false });
    assert.equal(source.requests.length, 3);
    const big = model(fakeLog(numbered(1500)).fetchPage, { maxLines: 1200, language: 'de' });
    await big.log.catchUp();
    assert.equal(big.chunks[2].text, '[The log is longer: only its first 1.200 lines are shown here.]\n');
  });

  it('reads a log exactly maxLines long whole, with no line about cutting until it grows', async () => {
    const source = fakeLog(numbered(20));
    const { log, chunks } = model(source.fetchPage, { pageSize: 10, maxLines: 20, language: 'en' });
    assert.deepEqual(await log.catchUp(), { lines: 20, total: 20, more: false });
    assert.equal(chunks.length, 2);
    assert.deepEqual(await log.catchUp(), { lines: 20, total: 20, more: false });
    assert.deepEqual(source.requests.slice(2), [[20, 1]], 'one line asked, to learn whether it grew');
    source.lines.push('line 20');
    assert.deepEqual(await log.catchUp(), { lines: 21, total: 21, more: false });
    assert.equal(chunks[2].text, '[The log is longer: only its first 20 lines are shown here.]\n');
    await log.catchUp();
    assert.equal(source.requests.length, 4, 'no request once cut');
  });

  it('without a total, cuts at maxLines after a full page, not after a short one', async () => {
    const all = numbered(30);
    const noTotal = (offset: number, limit: number) => ({ lines: all.slice(offset, offset + limit), total: undefined });
    const full = model(fakeLog(all, noTotal).fetchPage, { pageSize: 10, maxLines: 20 });
    assert.deepEqual(await full.log.catchUp(), { lines: 21, total: undefined, more: false });
    const short = fakeLog(all.slice(0, 20), (offset, limit) => ({ lines: all.slice(0, 20).slice(offset, offset + limit), total: undefined }));
    const exact = model(short.fetchPage, { pageSize: 10, maxLines: 20 });
    assert.deepEqual(await exact.log.catchUp(), { lines: 20, total: undefined, more: false });
    assert.deepEqual(await exact.log.catchUp(), { lines: 20, total: undefined, more: false });
    assert.deepEqual(short.requests.slice(2), [
      [20, 1],
      [20, 1],
    ]);
  });

  it('bounds a catchUp to one maximal log of pages, and tells there is more', async () => {
    const source = fakeLog([], (offset) => ({ lines: [`line ${offset}`], total: 1_000_000 }));
    const { log } = model(source.fetchPage, { pageSize: 5, maxLines: 10 });
    assert.deepEqual(await log.catchUp(), { lines: 3, total: 1_000_000, more: true });
    assert.equal(source.requests.length, 3, 'two full pages and one');
    assert.deepEqual(await log.catchUp(), { lines: 6, total: 1_000_000, more: true });
    assert.deepEqual(source.requests[3], [3, 5]);
  });

  it('goes on through pages shorter than asked while the total says more', async () => {
    const all = numbered(250);
    const source = fakeLog(all, (offset) => ({ lines: all.slice(offset, offset + 100), total: all.length }));
    const { log } = model(source.fetchPage);
    assert.deepEqual(await log.catchUp(), { lines: 250, total: 250, more: false });
    assert.deepEqual(
      source.requests.map(([offset]) => offset),
      [0, 100, 200],
    );
  });

  it('stops at an empty page whatever the total says, and keeps no more than asked', async () => {
    const empty = fakeLog([], () => ({ lines: [], total: 50 }));
    assert.deepEqual(await model(empty.fetchPage).log.catchUp(), { lines: 0, total: 50, more: false });
    assert.equal(empty.requests.length, 1);
    const generous = fakeLog([], () => ({ lines: numbered(30), total: 30 }));
    const { log, chunks } = model(generous.fetchPage, { pageSize: 10 });
    assert.deepEqual(await log.catchUp(), { lines: 30, total: 30, more: false });
    assert.deepEqual(
      chunks.map((c) => c.lineCount),
      [10, 10, 10],
    );
  });

  it('without a total, reads on while pages are full', async () => {
    const all = numbered(25);
    const source = fakeLog(all, (offset, limit) => ({ lines: all.slice(offset, offset + limit), total: undefined }));
    const { log } = model(source.fetchPage, { pageSize: 10 });
    assert.deepEqual(await log.catchUp(), { lines: 25, total: undefined, more: false });
    assert.equal(source.requests.length, 3);
    const exact = fakeLog(numbered(20), (offset, limit) => ({ lines: numbered(20).slice(offset, offset + limit), total: undefined }));
    await model(exact.fetchPage, { pageSize: 10 }).log.catchUp();
    assert.equal(exact.requests.length, 3, 'a full last page needs one more request to end');
  });

  it('believes only a whole, non-negative total', async () => {
    for (const total of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '3', null]) {
      const source = fakeLog([], (offset, limit) => ({ lines: offset === 0 ? numbered(limit) : [], total: total as number }));
      const result = await model(source.fetchPage, { pageSize: 4 }).log.catchUp();
      assert.equal(result.total, undefined, String(total));
      assert.equal(source.requests.length, 2, `${String(total)}: read on as without a total`);
    }
    const zero = fakeLog([], () => ({ lines: [], total: 0 }));
    assert.equal((await model(zero.fetchPage).log.catchUp()).total, 0);
  });

  it('reads lines that are not text, or an answer without lines, without failing', async () => {
    const odd = fakeLog([], () => ({ lines: [42, null, 'ok'] as unknown as string[], total: 3 }));
    const { log, text } = model(odd.fetchPage);
    await log.catchUp();
    assert.equal(text(), '42\n\nok\n');
    const none = fakeLog([], () => ({ lines: undefined as unknown as string[], total: 3 }));
    assert.deepEqual(await model(none.fetchPage).log.catchUp(), { lines: 0, total: 3, more: false });
  });

  it('makes a line of each line break inside a service line, and counts both', async () => {
    const { log, chunks } = model(fakeLog(['one\r\ntwo', `${E}[4mthree\nfour`, 'five']).fetchPage);
    assert.deepEqual(await log.catchUp(), { lines: 5, total: 3, more: false });
    assert.equal(log.offset, 3);
    assert.equal(log.lineCount, 5);
    assert.equal(chunks[0].text, 'one\ntwo\nthree\nfour\nfive\n');
    assert.deepEqual(
      chunks[0].ranges.map((r) => [r.line, r.start, r.end]),
      [
        [2, 0, 5],
        [3, 0, 4],
        [4, 0, 4],
      ],
    );
  });

  it('bounds the document’s lines, not the service’s: service lines full of line breaks are cut at MAX_LOG_LINES, said once', async () => {
    // 300 service lines of 1000 document lines each: 300,000 lines from one page.
    const source = fakeLog(Array.from({ length: 300 }, (_, i) => `${i}\n`.repeat(999) + String(i)));
    const { log, chunks, text } = model(source.fetchPage, { language: 'en' });
    assert.deepEqual(await log.catchUp(), { lines: MAX_LOG_LINES + 1, total: 300, more: false });
    const doc = text().split('\n');
    assert.equal(doc.length, MAX_LOG_LINES + 2, 'the lines kept, the line that says so, and the end');
    assert.equal(doc[MAX_LOG_LINES - 1], '199');
    assert.equal(doc[MAX_LOG_LINES], '[The log is longer: only its first 200,000 lines are shown here.]');
    assert.equal(doc.filter((l) => l.startsWith('[The log is longer')).length, 1, 'said once');
    const told = chunks.length;
    assert.deepEqual(await log.catchUp(), { lines: MAX_LOG_LINES + 1, total: 300, more: false });
    assert.equal(chunks.length, told, 'nothing more once cut');
    assert.equal(source.requests.length, 1);
  });

  it('cuts inside a service line when its line breaks pass maxLines, and not when they end exactly there', async () => {
    const inside = model(fakeLog(['a\nb\nc', `d\n${E}[31me\nf`, 'g']).fetchPage, { maxLines: 5, language: 'en' });
    assert.deepEqual(await inside.log.catchUp(), { lines: 6, total: 3, more: false });
    assert.equal(inside.text(), 'a\nb\nc\nd\ne\n[The log is longer: only its first 5 lines are shown here.]\n');
    assert.deepEqual(
      inside.chunks[0].ranges.map((r) => [r.line, r.start, r.end]),
      [[4, 0, 1]],
      'no range for a line left out',
    );
    const source = fakeLog(['a\nb', 'c\r\nd']);
    const exact = model(source.fetchPage, { maxLines: 4, language: 'en' });
    assert.deepEqual(await exact.log.catchUp(), { lines: 4, total: 2, more: false });
    assert.equal(exact.text(), 'a\nb\nc\nd\n');
    source.lines.push('e');
    assert.deepEqual(await exact.log.catchUp(), { lines: 5, total: 3, more: false });
    assert.equal(exact.chunks.at(-1)?.text, '[The log is longer: only its first 4 lines are shown here.]\n');
  });

  it('bounds the bytes: lines past maxBytes are cut before the line that would pass it, said once, on a page’s end too', async () => {
    const line = 'x'.repeat(99); // 100 bytes with its line break
    const source = fakeLog(Array.from({ length: 50 }, () => line));
    const { log, chunks, text } = model(source.fetchPage, { pageSize: 10, maxBytes: 1000, language: 'en' });
    assert.deepEqual(await log.catchUp(), { lines: 11, total: 50, more: false });
    assert.deepEqual(source.requests, [
      [0, 10],
      [10, 10],
    ]);
    assert.equal(chunks.length, 2, 'the second page adds no line, only the one that says so');
    const cut = '[The log is longer: only its first 10 lines are shown here.]\n';
    assert.equal(text(), `${`${line}\n`.repeat(10)}${cut}`);
    await log.catchUp();
    assert.equal(source.requests.length, 2, 'no request once cut');
    // UTF-8 bytes, not characters: é is 2.
    const wide = model(fakeLog(['é'.repeat(10), 'é'.repeat(10), 'a']).fetchPage, { maxBytes: 43, language: 'en' });
    assert.deepEqual(await wide.log.catchUp(), { lines: 3, total: 3, more: false });
    assert.equal(wide.text(), `${'é'.repeat(10)}\n${'é'.repeat(10)}\n[The log is longer: only its first 2 lines are shown here.]\n`);
  });

  it('keeps at most MAX_LOG_BYTES of lines however long each is (1200 lines of 10,000 three-byte characters)', async () => {
    const long = '€'.repeat(MAX_LINE_CHARS);
    const source = fakeLog(Array.from({ length: 1200 }, () => long));
    const { log, text } = model(source.fetchPage, { language: 'en' });
    const kept = Math.floor(MAX_LOG_BYTES / (3 * MAX_LINE_CHARS + 1));
    assert.deepEqual(await log.catchUp(), { lines: kept + 1, total: 1200, more: false });
    const cut = `[The log is longer: only its first ${kept.toLocaleString('en')} lines are shown here.]\n`;
    const all = text();
    assert.ok(all.endsWith(cut), all.slice(-200));
    assert.ok(Buffer.byteLength(all, 'utf8') <= MAX_LOG_BYTES + cut.length, String(Buffer.byteLength(all, 'utf8')));
  });

  it('cuts a very long line with …', async () => {
    const { log, text } = model(fakeLog(['abcdefgh', 'abcd']).fetchPage, { maxLineChars: 4 });
    await log.catchUp();
    assert.equal(text(), 'abcd…\nabcd\n');
    const whole = model(fakeLog(['x'.repeat(MAX_LINE_CHARS + 5)]).fetchPage);
    await whole.log.catchUp();
    assert.equal(whole.text().length, MAX_LINE_CHARS + 2);
  });

  it('shares one catchUp among callers', async () => {
    const source = fakeLog(numbered(2500));
    const { log, chunks } = model(source.fetchPage);
    const first = log.catchUp();
    assert.equal(log.catchUp(), first);
    await first;
    assert.equal(source.requests.length, 3);
    assert.equal(chunks.length, 3);
    await log.catchUp();
    assert.equal(source.requests.length, 4, 'a new call once the first has ended');
  });

  it('keeps what it appended when a request fails, and goes on from there next time', async () => {
    let fail = true;
    const all = numbered(1500);
    const source = fakeLog(all, (offset, limit) => {
      if (offset === 1000 && fail) {
        fail = false;
        throw new Error('network down');
      }
      return { lines: all.slice(offset, offset + limit), total: all.length };
    });
    const { log, chunks } = model(source.fetchPage);
    await assert.rejects(log.catchUp(), /network down/);
    assert.equal(log.lineCount, 1000);
    assert.deepEqual(await log.catchUp(), { lines: 1500, total: 1500, more: false });
    assert.deepEqual(
      source.requests.map(([offset]) => offset),
      [0, 1000, 1000],
    );
    assert.equal(chunks[1].line, 1000);
  });

  it('after dispose, drops the answer under way and asks nothing more', async () => {
    let release: (page: LogPage) => void = () => undefined;
    const requests: number[] = [];
    const { log, chunks } = model((offset) => {
      requests.push(offset);
      return new Promise<LogPage>((resolve) => (release = resolve));
    });
    const reading = log.catchUp();
    log.dispose();
    release({ lines: ['late'], total: 1 });
    assert.deepEqual(await reading, { lines: 0, total: undefined, more: false });
    assert.equal(chunks.length, 0);
    assert.deepEqual(await log.catchUp(), { lines: 0, total: undefined, more: false });
    assert.deepEqual(requests, [0]);
  });
});

describe('runs: the header of an action log', () => {
  const start = new Date('2026-05-01T10:00:00Z');
  const finish = new Date('2026-05-01T10:01:04Z');
  const now = new Date('2026-05-01T10:05:00Z');
  const dateTime = (d: Date) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(d);

  it('names the action, its status, times and duration', () => {
    assert.deepEqual(logHeader({ actionName: 'Build', status: 'SUCCESSFUL', startDate: start, finishDate: finish }, now, 'en'), [
      'Action: Build',
      'Status: Succeeded',
      `Started: ${dateTime(start)}`,
      `Finished: ${dateTime(finish)}`,
      'Duration: 1 min 4 sec',
    ]);
  });

  it('tells a running action when it started, no duration (its header changes only with its status), and a waiting one only its status', () => {
    const later = new Date(now.getTime() + 60_000);
    const running = logHeader({ actionName: 'Build', status: 'INPROGRESS', startDate: start, finishDate: finish }, now, 'en');
    assert.deepEqual(running, ['Action: Build', 'Status: Running', `Started: ${dateTime(start)}`]);
    assert.deepEqual(logHeader({ actionName: 'Build', status: 'INPROGRESS', startDate: start }, later, 'en'), running, 'the same a minute later');
    assert.deepEqual(logHeader({ actionName: undefined, status: 'ENQUEUED' }, now, 'en'), ['Action: (unnamed action)', 'Status: Queued']);
    assert.deepEqual(logHeader({ actionName: 'Deploy', status: 'FAILED', startDate: start }, now, 'en').slice(2), [`Started: ${dateTime(start)}`, 'Duration: 5 min'], 'finished without a finish date: until now');
  });

  it('shows the error message plainly, and for error 2678004 names the target', () => {
    const header = logHeader(
      { actionName: 'Deploy\nto prod', status: 'FAILED', startDate: start, finishDate: finish, errorMessage: '2678004=Pipeline is not allowed to use target [production]' },
      now,
      'en',
    );
    assert.deepEqual(header.slice(0, 1), ['Action: Deploy to prod']);
    assert.deepEqual(header.slice(5), [
      'Error: 2678004=Pipeline is not allowed to use target [production]',
      'The pipeline may not use target production (error 2678004): allow it on that target (Allow Pipeline on Target…), then retry the run.',
    ]);
    const coded = logHeader({ actionName: 'Deploy', status: 'FAILED', errorMessage: 'Error 2678004' }, now, 'en');
    assert.deepEqual(coded.slice(2), [
      'Error: Error 2678004',
      'The pipeline may not use one of its targets (error 2678004): allow it on that target (Allow Pipeline on Target…), then retry the run.',
    ]);
    const colored = logHeader({ actionName: 'Test', status: 'FAILED', errorMessage: `${E}[31mtests\r\nfailed${E}[0m\x07` }, now, 'en');
    assert.deepEqual(colored.slice(2), ['Error: tests failed']);
    const long = logHeader({ actionName: 'Test', status: 'FAILED', errorMessage: 'e'.repeat(2000) }, now, 'en');
    assert.equal(long[2].length, 'Error: '.length + 500);
    assert.equal(logHeader({ actionName: 'Test', status: 'FAILED', errorMessage: 7 as unknown as string }, now, 'en').length, 2);
  });

  it('reads error 2678004 in its forms, and nothing else', () => {
    assert.deepEqual(notAllowedTarget('Pipeline is not allowed to use target [prod-ssh]'), { target: 'prod-ssh' });
    assert.deepEqual(notAllowedTarget('2678004=pipeline IS NOT ALLOWED to use target [a b]'), { target: 'a b' });
    assert.deepEqual(notAllowedTarget(`Pipeline is not allowed to use target [${'t'.repeat(200)}]`), { target: `${'t'.repeat(99)}…` });
    assert.deepEqual(notAllowedTarget(`Pipeline is not allowed to use target [${'t'.repeat(201)}]`), undefined);
    assert.deepEqual(notAllowedTarget('Pipeline is not allowed to use target [\u202e]'), { target: undefined });
    assert.deepEqual(notAllowedTarget('2678004'), { target: undefined });
    assert.deepEqual(notAllowedTarget('code 2678004: denied'), { target: undefined });
    assert.deepEqual(notAllowedTarget('Pipeline is not allowed to use target []'), undefined);
    assert.equal(notAllowedTarget('12678004'), undefined);
    assert.equal(notAllowedTarget('26780045'), undefined);
    assert.equal(notAllowedTarget('Tests failed'), undefined);
    assert.equal(notAllowedTarget(undefined), undefined);
    assert.equal(notAllowedTarget(null), undefined);
  });
});
