import * as assert from 'node:assert/strict';
import { FINISHED_STATUSES, isFinished } from '../../../src/api';
import {
  firstFailedAction,
  MAX_NAME,
  oneLine,
  personNeeded,
  runNotice,
  runRow,
  runTooltip,
  shortRevision,
  statusIcon,
  statusLabel,
  type RunFacts,
} from '../../../src/features/runs/runPresentation';

const at = (iso: string) => new Date(iso);
const NOW = at('2026-05-01T10:10:00Z');
const SHA = '0123456789abcdef0123456789abcdef01234567';

describe('runs: presentation of a status', () => {
  const table: [string, string, string | undefined, string][] = [
    ['INITIAL', 'circle-outline', 'testing.iconUnset', 'Created'],
    ['ENQUEUED', 'watch', 'testing.iconQueued', 'Queued'],
    ['INPROGRESS', 'sync~spin', undefined, 'Running'],
    ['TERMINATING', 'sync~spin', 'testing.iconSkipped', 'Cancelling'],
    ['SUCCESSFUL', 'pass', 'testing.iconPassed', 'Succeeded'],
    ['FAILED', 'error', 'testing.iconFailed', 'Failed'],
    ['TERMINATED', 'circle-slash', 'testing.iconSkipped', 'Cancelled'],
    ['SKIPPED', 'debug-step-over', 'testing.iconSkipped', 'Skipped'],
    ['NOT_EXECUTED', 'circle-outline', 'testing.iconSkipped', 'Not run'],
    ['WAITING_FOR_APPLY', 'debug-pause', 'list.warningForeground', 'Waiting for approval'],
    ['WAITING_FOR_VARIABLES', 'symbol-variable', 'list.warningForeground', 'Waiting for variables'],
    ['WAITING_FOR_SETTABLE_VARIABLES', 'symbol-variable', 'list.warningForeground', 'Waiting for variables'],
    ['WAITING_FOR_VT_SESSION', 'terminal', 'testing.iconQueued', 'Waiting for a terminal session'],
  ];
  for (const [status, icon, color, label] of table) {
    it(`${status}: ${icon}, ${color ?? 'no colour'}, "${label}"`, () => {
      assert.deepEqual(statusIcon(status), { id: icon, color });
      assert.equal(statusLabel(status), label);
    });
  }

  it('reads a status in any case and with spaces around it', () => {
    assert.deepEqual(statusIcon(' successful '), { id: 'pass', color: 'testing.iconPassed' });
    assert.equal(statusLabel('inProgress'), 'Running');
    assert.equal(isFinished('failed'), true);
    assert.equal(personNeeded(' waiting_for_apply'), 'apply');
  });

  it('shows an unknown status as it came, with a neutral icon; a missing one as "unknown"', () => {
    for (const status of ['PAUSED_BY_ROBOT', 'constructor', '__proto__', 'toString']) {
      assert.deepEqual(statusIcon(status), { id: 'question', color: undefined }, status);
      assert.equal(statusLabel(status), status);
      assert.equal(isFinished(status), false);
      assert.equal(personNeeded(status), undefined);
    }
    assert.equal(statusLabel('Paused\nby\u202erobot'), 'Paused by robot', 'on one line, without a direction override');
    assert.equal(statusLabel('X'.repeat(200)).length, MAX_NAME);
    assert.equal(statusLabel(undefined), 'unknown');
    assert.equal(statusLabel(null), 'unknown');
    assert.equal(statusLabel('  '), 'unknown');
    assert.deepEqual(statusIcon(undefined), { id: 'question', color: undefined });
    assert.equal(isFinished(undefined), false);
    assert.equal(personNeeded(undefined), undefined);
    assert.equal(statusLabel(42 as unknown as string), '42');
    assert.equal(isFinished(42 as unknown as string), false);
  });

  it('knows the finished statuses and those waiting for a person', () => {
    assert.deepEqual([...FINISHED_STATUSES], ['SUCCESSFUL', 'FAILED', 'TERMINATED', 'SKIPPED', 'NOT_EXECUTED']);
    const finished = table.map(([s]) => s).filter(isFinished);
    assert.deepEqual(finished, [...FINISHED_STATUSES]);
    const waiting = table.map(([s]) => [s, personNeeded(s)]).filter(([, need]) => need !== undefined);
    assert.deepEqual(waiting, [
      ['WAITING_FOR_APPLY', 'apply'],
      ['WAITING_FOR_VARIABLES', 'variables'],
      ['WAITING_FOR_SETTABLE_VARIABLES', 'variables'],
    ]);
  });
});

describe('runs: text from the service on one line', () => {
  it('joins lines, drops control and direction characters, cuts with …', () => {
    assert.equal(oneLine('  a\r\n b\tc\x1b[31m  ', 10), 'a b c [31m');
    assert.equal(oneLine('left\u2066right\u2069\u2028x\u2029y', 40), 'left right x y');
    assert.equal(oneLine('abcdef', 6), 'abcdef');
    assert.equal(oneLine('abcdefg', 6), 'abcde…');
    assert.equal(oneLine(undefined, 6), '');
    assert.equal(oneLine(null, 6), '');
    assert.equal(oneLine(12, 6), '12');
  });

  it('shortens a sha to 7 characters, and nothing else', () => {
    assert.equal(shortRevision(SHA), '0123456');
    assert.equal(shortRevision('ABCDEF12'), 'ABCDEF1', 'eight hex digits are a sha');
    assert.equal(shortRevision('abcdef1'), 'abcdef1');
    assert.equal(shortRevision('HEAD'), 'HEAD');
    assert.equal(shortRevision('v1.2.3-abcdef12'), 'v1.2.3-abcdef12');
    assert.equal(shortRevision(`${SHA}${SHA}`.slice(0, 64)), '0123456', 'a SHA-256');
    assert.equal(shortRevision(`${SHA}${SHA}`.slice(0, 65)), `${SHA}${SHA}`.slice(0, 65));
    assert.equal(shortRevision(undefined), '');
  });
});

describe('runs: a run row', () => {
  const base: RunFacts = {
    id: 12,
    status: 'SUCCESSFUL',
    branch: 'main',
    revision: SHA,
    creator: 'Dave Developer',
    startDate: at('2026-05-01T10:00:00Z'),
    finishDate: at('2026-05-01T10:01:04Z'),
  };

  it('labels a finished run with number and branch, and tells who, when and how long', () => {
    const row = runRow(base, NOW, 'en');
    assert.equal(row.label, '#12 main');
    assert.equal(row.description, 'Dave Developer · 10 minutes ago · 1 min 4 sec');
    assert.deepEqual(row.icon, { id: 'pass', color: 'testing.iconPassed' });
    assert.equal(runRow(base, NOW, 'de').description, 'Dave Developer · vor 10 Minuten · 1 Min. 4 Sek.');
  });

  it('falls back to the short revision, then to the number alone', () => {
    assert.equal(runRow({ ...base, branch: undefined }, NOW, 'en').label, '#12 0123456');
    assert.equal(runRow({ ...base, branch: '  ' }, NOW, 'en').label, '#12 0123456');
    assert.equal(runRow({ ...base, branch: undefined, revision: undefined }, NOW, 'en').label, '#12');
    assert.equal(runRow({ ...base, id: undefined }, NOW, 'en').label, '#? main');
    assert.equal(runRow({ ...base, id: 'a\nb' }, NOW, 'en').label, '#a b main');
    assert.equal(runRow({ ...base, id: 1234567 }, NOW, 'en').label, '#1234567 main', 'a number, not a count: no grouping');
  });

  it('tells a running run how long so far, a waiting one what it waits for, a queued one nothing more', () => {
    const running = { ...base, status: 'INPROGRESS', finishDate: undefined };
    assert.equal(runRow(running, NOW, 'en').description, 'Dave Developer · 10 minutes ago · 10 min so far');
    assert.deepEqual(runRow(running, NOW, 'en').icon, { id: 'sync~spin', color: undefined });
    assert.equal(runRow({ ...running, finishDate: at('2026-05-01T10:00:30Z') }, NOW, 'en').description, 'Dave Developer · 10 minutes ago · 10 min so far', 'a finish date of an unfinished run is not believed');
    assert.equal(runRow({ ...running, status: 'WAITING_FOR_APPLY' }, NOW, 'en').description, 'Dave Developer · 10 minutes ago · Waiting for approval');
    assert.equal(runRow({ ...running, status: 'WAITING_FOR_SETTABLE_VARIABLES' }, NOW, 'en').description, 'Dave Developer · 10 minutes ago · Waiting for variables');
    assert.equal(runRow({ id: 13, status: 'ENQUEUED', creator: 'Ann' }, NOW, 'en').description, 'Ann');
    assert.equal(runRow({ id: 13, status: 'ENQUEUED' }, NOW, 'en').description, '');
    assert.equal(runRow({ ...base, finishDate: undefined }, NOW, 'en').description, 'Dave Developer · 10 minutes ago · 10 min', 'finished without a finish date: until now');
  });

  it('has a plain-text tooltip, one fact a line', () => {
    const tooltip = runTooltip({ ...base, comment: 'Release\n2.0' }, NOW, 'en');
    const dateTime = (d: Date) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(d);
    assert.deepEqual(tooltip.split('\n'), [
      'Run #12: Succeeded',
      'Branch: main',
      `Revision: ${SHA}`,
      'Started by Dave Developer',
      `Started: ${dateTime(base.startDate!)}`,
      `Finished: ${dateTime(base.finishDate!)}`,
      'Duration: 1 min 4 sec',
      'Comment: Release 2.0',
    ]);
    assert.equal(runRow(base, NOW, 'en').tooltip, runTooltip(base, NOW, 'en'));
    assert.equal(runTooltip({ id: 3, status: 'ENQUEUED' }, NOW, 'en'), 'Run #3: Queued');
    const running = runTooltip({ ...base, status: 'INPROGRESS' }, NOW, 'en').split('\n');
    assert.equal(running.some((l) => l.startsWith('Finished')), false);
    assert.ok(running.includes('Duration: 10 min'));
  });
});

describe('runs: the notice at the end of a followed run', () => {
  const run = {
    id: 12,
    status: 'SUCCESSFUL',
    pipelineName: 'Deploy',
    startDate: at('2026-05-01T10:00:00Z'),
    finishDate: at('2026-05-01T10:01:04Z'),
  };

  it('says how it ended, plainly', () => {
    assert.equal(runNotice(run, 'en'), 'Run #12 of Deploy succeeded in 1 min 4 sec');
    assert.equal(runNotice({ ...run, finishDate: undefined }, 'en'), 'Run #12 of Deploy succeeded');
    assert.equal(runNotice({ ...run, startDate: undefined }, 'en'), 'Run #12 of Deploy succeeded');
    assert.equal(runNotice({ ...run, status: 'FAILED', failedAction: 'Run tests' }, 'en'), 'Run #12 of Deploy failed in action Run tests');
    assert.equal(runNotice({ ...run, status: 'FAILED' }, 'en'), 'Run #12 of Deploy failed');
    assert.equal(runNotice({ ...run, status: 'TERMINATED' }, 'en'), 'Run #12 of Deploy was cancelled');
    assert.equal(runNotice({ ...run, status: 'SKIPPED' }, 'en'), 'Run #12 of Deploy ended: Skipped');
    assert.equal(runNotice({ ...run, status: 'NOT_EXECUTED' }, 'en'), 'Run #12 of Deploy ended: Not run');
    assert.equal(runNotice({ ...run, status: 'WAITING_FOR_APPLY' }, 'en'), 'Run #12 of Deploy is waiting for approval');
    assert.equal(runNotice({ ...run, status: 'WAITING_FOR_VARIABLES' }, 'en'), 'Run #12 of Deploy is waiting for variables');
    assert.equal(runNotice({ ...run, pipelineName: ' ' }, 'en'), 'Run #12 of (unnamed pipeline) succeeded in 1 min 4 sec');
    assert.equal(runNotice(run, 'de'), 'Run #12 of Deploy succeeded in 1 Min. 4 Sek.', 'the duration in the language');
  });

  it('has nothing to say while a run simply runs, or in a status it does not know', () => {
    for (const status of ['INITIAL', 'ENQUEUED', 'INPROGRESS', 'TERMINATING', 'WAITING_FOR_VT_SESSION', 'SOMETHING_NEW', undefined]) {
      assert.equal(runNotice({ ...run, status }, 'en'), undefined, String(status));
    }
  });

  it('keeps names on one line and makes no link of them', () => {
    const notice = runNotice({ ...run, status: 'FAILED', pipelineName: '[Deploy](https://evil.example)\nnow', failedAction: 'a](command:x)' }, 'en');
    assert.equal(notice, 'Run #12 of [Deploy]\u2060(https://evil.example) now failed in action a]\u2060(command:x)');
  });

  it('names the first failed action', () => {
    const actions = [
      { status: 'SUCCESSFUL', name: 'Build' },
      { status: 'failed', name: 'Test\nunit' },
      { status: 'FAILED', name: 'Deploy' },
    ];
    assert.equal(firstFailedAction(actions), 'Test unit');
    assert.equal(firstFailedAction([{ status: 'FAILED' }]), undefined);
    assert.equal(firstFailedAction([{ status: 'SUCCESSFUL', name: 'Build' }]), undefined);
    assert.equal(firstFailedAction([]), undefined);
  });
});
