// The emulator's runs on its clock (conventions.md, "Runs"): each demo journey, in both dialects,
// over real HTTP. Time moves only when a test advances the clock (never a sleep).
import * as assert from 'node:assert/strict';
import { CLOCK_START_MS, demoCommits, DIALECTS, RUN_PIPELINE_IDS, VARIABLES } from '../../emulator';
import { useEmulator } from '../../harness/useEmulator';
import { assertError, call } from './helpers';
import { HEX24, runsPath, runSteps } from './runsHelpers';

const { failsInTests, succeeds, notAllowedOnProduction, waitsForApproval, asksForVariables } = RUN_PIPELINE_IDS;
const SECOND = 1000;
const HEAD = demoCommits('api-service')[0].revision;
const REGISTRY_PASSWORD = VARIABLES.find((v) => v.key === 'REGISTRY_PASSWORD')!.value;
const at = (ms: number): number => CLOCK_START_MS + ms;
const parsed = (date: string | null): number | null => (date === null ? null : Date.parse(date));
const withinSecond = (date: string | null, ms: number): boolean => date !== null && Math.abs(Date.parse(date) - ms) < SECOND;

for (const dialect of DIALECTS) {
  describe(`emulator (${dialect} dialect): runs on the clock`, () => {
    const emu = useEmulator({ dialect });
    const steps = runSteps(emu);

    it('a run is ENQUEUED, then runs its actions in order with a growing log, and succeeds in 60 s', async () => {
      const started = await steps.start(succeeds);
      assert.equal(started.status, 'ENQUEUED');
      assert.ok(withinSecond(started.start_date, at(0)), started.start_date);
      assert.equal(started.finish_date, null);
      assert.deepEqual(steps.statuses(started), ['ENQUEUED', 'INITIAL', 'INITIAL', 'INITIAL']);
      assert.deepEqual(await steps.pipelineLast(succeeds), ['ENQUEUED', HEAD]);
      assert.equal(started.to_revision.revision, HEAD);
      for (const a of started.action_executions) {
        assert.match(a.action_execution_id, HEX24);
      }

      emu.clock.advance(2 * SECOND);
      assert.deepEqual(steps.statuses(await steps.get(succeeds, started.id)), ['INPROGRESS', 'INPROGRESS', 'INITIAL', 'INITIAL']);
      emu.clock.advance(10 * SECOND);
      const midway = await steps.get(succeeds, started.id);
      const build = midway.action_executions[0];
      assert.equal(build.progress, 50, 'ten of the build’s twenty seconds');
      const early = await steps.log(succeeds, started.id, build.action_execution_id);
      emu.clock.advance(8 * SECOND);
      const later = await steps.log(succeeds, started.id, build.action_execution_id);
      assert.ok(early.length > 0 && later.length > early.length, `${early.length} then ${later.length} lines`);
      assert.deepEqual(later.slice(0, early.length), early, 'a growing log keeps its first lines');
      assert.deepEqual(await steps.pipelineLast(succeeds), ['INPROGRESS', HEAD]);

      emu.clock.advance(39 * SECOND);
      assert.equal((await steps.get(succeeds, started.id)).status, 'INPROGRESS', 'one second before the end');
      emu.clock.advance(1 * SECOND);
      const done = await steps.get(succeeds, started.id);
      assert.deepEqual(steps.statuses(done), ['SUCCESSFUL', 'SUCCESSFUL', 'SUCCESSFUL', 'SUCCESSFUL']);
      assert.ok(withinSecond(done.finish_date, at(60 * SECOND)), done.finish_date);
      assert.deepEqual(
        done.action_executions.map((a: { progress: number }) => a.progress),
        [100, 100, 100],
      );
      assert.deepEqual(await steps.pipelineLast(succeeds), ['SUCCESSFUL', HEAD]);
      const built = await steps.log(succeeds, started.id, build.action_execution_id);
      assert.ok(built.some((line) => line.includes('\u001b[32m')), 'lines with ANSI colours');
    });

    it('actions see the settable variables: a plain value sent is printed, an encrypted one never', async () => {
      const started = await steps.start(succeeds, {
        variables: [
          { key: 'IMAGE_TAG', value: 'v2.7.1' },
          { key: 'REGISTRY_PASSWORD', value: 'sent-Secret-42', encrypted: true },
        ],
      });
      emu.clock.advance(60 * SECOND);
      const push = (await steps.get(succeeds, started.id)).action_executions[1];
      const log = (await steps.log(succeeds, started.id, push.action_execution_id)).join('\n');
      assert.match(log, /registry\.example\.com\/api-service:v2\.7\.1/);
      assert.match(log, /REGISTRY_PASSWORD is encrypted: not printed/);
      const everything = [
        JSON.stringify(started),
        (await call(emu.url, 'GET', `${runsPath(succeeds)}/${started.id}`)).text,
        (await call(emu.url, 'GET', `${runsPath(succeeds)}/${started.id}/action_executions/${push.action_execution_id}`)).text,
        (await call(emu.url, 'GET', runsPath(succeeds))).text,
        log,
      ].join('\n');
      assert.doesNotMatch(everything, /sent-Secret-42/);
      // Without values sent, the variables' own values: the tag printed, the stored password not.
      const plain = await steps.start(succeeds);
      emu.clock.advance(60 * SECOND);
      const defaults = (await steps.log(succeeds, plain.id, (await steps.get(succeeds, plain.id)).action_executions[1].action_execution_id)).join('\n');
      assert.match(defaults, /api-service:latest/);
      assert.ok(!defaults.includes(REGISTRY_PASSWORD));
    });

    it('a run fails at its test action, and RETRY runs it again from there (the actions before keep their result)', async () => {
      const started = await steps.start(failsInTests);
      emu.clock.advance(42 * SECOND);
      const failed = await steps.get(failsInTests, started.id);
      assert.deepEqual(steps.statuses(failed), ['FAILED', 'SUCCESSFUL', 'FAILED']);
      assert.ok(withinSecond(failed.finish_date, at(42 * SECOND)));
      const [build, tests] = failed.action_executions;
      assert.equal(tests.error_message, 'Integration tests failed: 2 of 148 tests failed.');
      const lines = await steps.log(failsInTests, started.id, tests.action_execution_id);
      assert.ok(lines.at(-1)!.startsWith('\u001b[31mERROR: Integration tests failed'), lines.at(-1));
      assert.deepEqual(await steps.pipelineLast(failsInTests), ['FAILED', HEAD]);

      emu.clock.advance(5 * SECOND);
      const retried = await steps.patch(failsInTests, started.id, { operation: 'RETRY' });
      assert.equal(retried.status, 200, retried.text);
      assert.deepEqual(steps.statuses(retried.json), ['ENQUEUED', 'SUCCESSFUL', 'INITIAL']);
      assert.equal(retried.json.id, started.id, 'the same run');
      assert.equal(retried.json.finish_date, null);
      const [keptBuild, again] = retried.json.action_executions;
      assert.deepEqual([keptBuild.action_execution_id, keptBuild.start_date], [build.action_execution_id, build.start_date]);
      assert.notEqual(again.action_execution_id, tests.action_execution_id, 'a new attempt of the failed action');
      assertError(
        await call(emu.url, 'GET', `${runsPath(failsInTests)}/${started.id}/action_executions/${tests.action_execution_id}`),
        404,
        'Action execution not found.',
      );
      emu.clock.advance(27 * SECOND);
      const refailed = await steps.get(failsInTests, started.id);
      assert.deepEqual(steps.statuses(refailed), ['FAILED', 'SUCCESSFUL', 'FAILED'], 'the tests still fail');
      assert.ok(withinSecond(refailed.finish_date, at(74 * SECOND)), refailed.finish_date);
    });

    it('a deployment to production, which does not allow the pipeline, fails with 2678004; allowed, RETRY succeeds', async () => {
      const started = await steps.start(notAllowedOnProduction);
      emu.clock.advance(12 * SECOND);
      const failed = await steps.get(notAllowedOnProduction, started.id);
      assert.deepEqual(steps.statuses(failed), ['FAILED', 'SUCCESSFUL', 'FAILED', 'NOT_EXECUTED']);
      const upload = failed.action_executions[1];
      const message = 'Pipeline is not allowed to use target [production]';
      if (dialect === 'vendor') {
        assert.equal(upload.error_message, `2678004=${message}`);
        assert.equal('error_code' in upload, false);
      } else {
        assert.equal(upload.error_message, message);
        assert.equal(upload.error_code, 2678004);
      }
      const lines = await steps.log(notAllowedOnProduction, started.id, upload.action_execution_id);
      assert.equal(lines.at(-1), `\u001b[31m2678004=${message}\u001b[0m`);

      const allow = await call(emu.url, 'POST', '/workspaces/acme/targets/tg-8f2c/allow-pipeline', { body: { project: 'api-service', pipeline: 'Release to production' } });
      assert.equal(allow.status, 200, allow.text);
      assert.equal((await steps.patch(notAllowedOnProduction, started.id, { operation: 'RETRY' })).status, 200);
      emu.clock.advance(18 * SECOND);
      const done = await steps.get(notAllowedOnProduction, started.id);
      assert.deepEqual(steps.statuses(done), ['SUCCESSFUL', 'SUCCESSFUL', 'SUCCESSFUL', 'SUCCESSFUL']);
      assert.equal(done.action_executions[0].start_date, failed.action_executions[0].start_date, 'the build was not run again');
      assert.equal(done.action_executions[1].error_message, null);
      assert.deepEqual(await steps.pipelineLast(notAllowedOnProduction), ['SUCCESSFUL', HEAD]);
    });

    it('a WAIT_FOR_APPLY gate waits (however long) until APPLY, then the run goes on', async () => {
      const started = await steps.start(waitsForApproval);
      emu.clock.advance(10 * SECOND);
      const waiting = await steps.get(waitsForApproval, started.id);
      assert.deepEqual(steps.statuses(waiting), ['WAITING_FOR_APPLY', 'SUCCESSFUL', 'WAITING_FOR_APPLY', 'INITIAL']);
      const gate = waiting.action_executions[1];
      assert.equal(gate.action.type, 'WAIT_FOR_APPLY');
      assert.equal(gate.action.question, 'Deploy api-service to staging?');
      assert.deepEqual(await steps.pipelineLast(waitsForApproval), ['WAITING_FOR_APPLY', HEAD]);
      emu.clock.advance(3600 * SECOND);
      assert.equal((await steps.get(waitsForApproval, started.id)).status, 'WAITING_FOR_APPLY', 'an hour later');

      const applied = await steps.patch(waitsForApproval, started.id, { operation: 'APPLY' }, 'dev-token');
      assert.equal(applied.status, 200, applied.text);
      assert.deepEqual(steps.statuses(applied.json), ['INPROGRESS', 'SUCCESSFUL', 'SUCCESSFUL', 'INPROGRESS']);
      const gateNow = await call(emu.url, 'GET', `${runsPath(waitsForApproval)}/${started.id}/action_executions/${gate.action_execution_id}`);
      assert.equal(gateNow.json.approver_id, 2);
      assert.ok(withinSecond(gateNow.json.approval_date, at(3610 * SECOND)), gateNow.json.approval_date);
      assert.deepEqual(await steps.log(waitsForApproval, started.id, gate.action_execution_id), [
        '\u001b[33mWaiting for approval: Deploy api-service to staging?\u001b[0m',
        '\u001b[32mApproved by Dave Developer\u001b[0m',
      ]);
      const again = await steps.patch(waitsForApproval, started.id, { operation: 'APPLY' });
      assertError(again, 400, 'Operation APPLY is not allowed: the execution is not waiting for approval (status INPROGRESS).');
      emu.clock.advance(10 * SECOND);
      assert.equal((await steps.get(waitsForApproval, started.id)).status, 'SUCCESSFUL');
    });

    it('a WAIT_FOR_VARIABLES gate takes its values with APPLY_VARIABLES; the next action sees them', async () => {
      const started = await steps.start(asksForVariables);
      emu.clock.advance(2 * SECOND);
      const waiting = await steps.get(asksForVariables, started.id);
      assert.deepEqual(steps.statuses(waiting), ['WAITING_FOR_VARIABLES', 'WAITING_FOR_VARIABLES', 'INITIAL']);
      assert.deepEqual(waiting.action_executions[0].action.variables, [
        { key: 'RELEASE_VERSION', type: 'VAR', description: 'Version to release', defaults: '1.0.0', encrypted: false },
        { key: 'SIGNING_TOKEN', type: 'VAR', description: 'Token that signs the tag', defaults: '', encrypted: true },
      ]);
      assertError(await steps.patch(asksForVariables, started.id, { operation: 'APPLY_VARIABLES' }), 400, "Value of 'variables' cannot be empty.");
      assertError(
        await steps.patch(asksForVariables, started.id, { operation: 'APPLY_VARIABLES', variables: [{ key: 'OTHER', value: 'x' }] }),
        400,
        "Value of 'variables[0].key' is invalid.",
      );
      assertError(await steps.patch(asksForVariables, started.id, { operation: 'APPLY' }), 400, 'Operation APPLY is not allowed: the execution is not waiting for approval (status WAITING_FOR_VARIABLES).');
      const applied = await steps.patch(asksForVariables, started.id, { operation: 'APPLY_VARIABLES', variables: [{ key: 'RELEASE_VERSION', value: '2.5.0' }] });
      assert.equal(applied.status, 200, applied.text);
      emu.clock.advance(5 * SECOND);
      const done = await steps.get(asksForVariables, started.id);
      assert.deepEqual(steps.statuses(done), ['SUCCESSFUL', 'SUCCESSFUL', 'SUCCESSFUL']);
      const gate = await call(emu.url, 'GET', `${runsPath(asksForVariables)}/${started.id}/action_executions/${done.action_executions[0].action_execution_id}`);
      // SIGNING_TOKEN not sent: its default (none), masked as a secret.
      assert.deepEqual(
        gate.json.passed_variables.map((v: { key: string; value: string }) => [v.key, v.key === 'SIGNING_TOKEN' ? /^(secure!|!encrypted )\S+$/.test(v.value) : v.value]),
        [
          ['RELEASE_VERSION', '2.5.0'],
          ['SIGNING_TOKEN', true],
        ],
      );
      const tagLog = await steps.log(asksForVariables, started.id, done.action_executions[1].action_execution_id);
      assert.ok(tagLog.includes('Tagging release v2.5.0') && tagLog.includes('The tag is not signed (no SIGNING_TOKEN)'), tagLog.join('\n'));

      // A value sent encrypted is masked where the gate shows it, and never printed.
      const secret = await steps.start(asksForVariables);
      emu.clock.advance(2 * SECOND);
      // SIGNING_TOKEN is a secret the gate asks: kept encrypted even when sent plain.
      await steps.patch(asksForVariables, secret.id, {
        operation: 'APPLY_VARIABLES',
        variables: [
          { key: 'RELEASE_VERSION', value: 'hidden-9.9.9', encrypted: true },
          { key: 'SIGNING_TOKEN', value: 'sign-me-7.7.7' },
        ],
      });
      emu.clock.advance(5 * SECOND);
      const ran = await steps.get(asksForVariables, secret.id);
      const shown = await call(emu.url, 'GET', `${runsPath(asksForVariables)}/${secret.id}/action_executions/${ran.action_executions[0].action_execution_id}`);
      assert.match(shown.json.passed_variables[0].value, dialect === 'vendor' ? /^!encrypted \S+$/ : /^secure!\S+$/);
      assert.match(shown.json.passed_variables[1].value, dialect === 'vendor' ? /^!encrypted \S+$/ : /^secure!\S+$/);
      const printed = await steps.log(asksForVariables, secret.id, ran.action_executions[1].action_execution_id);
      assert.ok(printed.includes('Tagging release v(RELEASE_VERSION is encrypted: not printed)'), printed.join('\n'));
      assert.ok(printed.includes('Signing the tag: (SIGNING_TOKEN is encrypted: not printed)'), printed.join('\n'));
      assert.doesNotMatch(shown.text + printed.join('\n'), /hidden-9\.9\.9|sign-me-7\.7\.7/);
    });

    it('CANCEL: TERMINATING, then TERMINATED (the log stops, the rest NOT_EXECUTED); RETRY runs from the stopped action', async () => {
      const started = await steps.start(succeeds);
      emu.clock.advance(30 * SECOND);
      const push = (await steps.get(succeeds, started.id)).action_executions[1];
      const cancelled = await steps.patch(succeeds, started.id, { operation: 'CANCEL' });
      assert.equal(cancelled.status, 200, cancelled.text);
      assert.deepEqual(steps.statuses(cancelled.json), ['TERMINATING', 'SUCCESSFUL', 'TERMINATING', 'INITIAL']);
      assert.deepEqual(await steps.pipelineLast(succeeds), ['TERMINATING', HEAD]);
      assertError(await steps.patch(succeeds, started.id, { operation: 'CANCEL' }), 400, 'Operation CANCEL is not allowed: the execution is already being terminated (status TERMINATING).');
      const stopped = await steps.log(succeeds, started.id, push.action_execution_id);
      emu.clock.advance(3 * SECOND);
      const ended = await steps.get(succeeds, started.id);
      assert.deepEqual(steps.statuses(ended), ['TERMINATED', 'SUCCESSFUL', 'TERMINATED', 'NOT_EXECUTED']);
      assert.ok(withinSecond(ended.finish_date, at(33 * SECOND)));
      assert.deepEqual(await steps.log(succeeds, started.id, push.action_execution_id), stopped, 'no line after the cancel');
      assert.equal(stopped.at(-1), '\u001b[33mTerminated by Alice Admin\u001b[0m');
      assert.ok(stopped.length < 6, `${stopped.length} lines: the push was cut short`);
      assertError(await steps.patch(succeeds, started.id, { operation: 'CANCEL' }), 400, 'Operation CANCEL is not allowed: the execution has finished (status TERMINATED).');

      assert.equal((await steps.patch(succeeds, started.id, { operation: 'RETRY' })).status, 200);
      emu.clock.advance(40 * SECOND);
      assert.deepEqual(steps.statuses(await steps.get(succeeds, started.id)), ['SUCCESSFUL', 'SUCCESSFUL', 'SUCCESSFUL', 'SUCCESSFUL']);
    });

    it('runs of one pipeline queue: the second waits ENQUEUED until the first finishes', async () => {
      const first = await steps.start(succeeds);
      const second = await steps.start(succeeds, { comment: 'second' });
      assert.equal(second.id, first.id + 1);
      emu.clock.advance(59 * SECOND);
      assert.deepEqual([(await steps.get(succeeds, first.id)).status, (await steps.get(succeeds, second.id)).status], ['INPROGRESS', 'ENQUEUED']);
      emu.clock.advance(1 * SECOND);
      assert.deepEqual([(await steps.get(succeeds, first.id)).status, (await steps.get(succeeds, second.id)).status], ['SUCCESSFUL', 'INPROGRESS']);
      emu.clock.advance(60 * SECOND);
      const done = await steps.get(succeeds, second.id);
      assert.equal(done.status, 'SUCCESSFUL');
      assert.equal(parsed(done.action_executions[0].start_date)! - parsed(done.start_date)! >= 59 * SECOND, true, 'it started when the first ended');
      assert.equal(done.comment, 'second');
    });

    it('a delayed run is INITIAL until its time, or until RUN_DELAYED', async () => {
      const delayUntil = new Date(at(600 * SECOND)).toISOString();
      const later = await steps.start(succeeds, { delay_until: delayUntil });
      assert.equal(later.status, 'INITIAL');
      assert.ok(withinSecond(later.delay_until, at(600 * SECOND)), later.delay_until);
      assertError(await steps.patch(succeeds, later.id, { operation: 'RETRY' }), 400, 'Operation RETRY is not allowed: only a FAILED or TERMINATED execution can be retried (status INITIAL).');
      emu.clock.advance(599 * SECOND);
      assert.equal((await steps.get(succeeds, later.id)).status, 'INITIAL');
      emu.clock.advance(3 * SECOND);
      assert.equal((await steps.get(succeeds, later.id)).status, 'INPROGRESS', 'started on its own at its time');

      const now = await steps.start(succeeds, { delay_until: new Date(at(10_000 * SECOND)).toISOString() });
      const run = await steps.patch(succeeds, now.id, { operation: 'RUN_DELAYED' });
      assert.equal(run.json.status, 'ENQUEUED', run.text);
      assertError(await steps.patch(succeeds, now.id, { operation: 'RUN_DELAYED' }), 400, 'Operation RUN_DELAYED is not allowed: the execution is not delayed (status ENQUEUED).');
    });

    it('actions_to_run runs the chosen actions; the others are SKIPPED', async () => {
      const started = await steps.start(succeeds, { actions_to_run: [2031, 2033] });
      emu.clock.advance(40 * SECOND);
      assert.deepEqual(steps.statuses(await steps.get(succeeds, started.id)), ['SUCCESSFUL', 'SUCCESSFUL', 'SKIPPED', 'SUCCESSFUL']);
    });

    it('the clock can be advanced over HTTP too (POST /__emulator/clock)', async () => {
      const started = await steps.start(succeeds);
      const moved = await fetch(`${emu.url}/__emulator/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ advanceMs: 60 * SECOND }) });
      assert.equal(moved.status, 200);
      assert.equal((await steps.get(succeeds, started.id)).status, 'SUCCESSFUL');
    });
  });
}
