// Allow Pipeline on Target and Check Pipeline Access in the real editor's extension host, with
// scripted answers, over HTTP against the emulator: the happy path (one request, the view updated
// from the answer), already-allowed and allow-all targets (no request), error 881, a token whose
// known scopes lack TARGET_MANAGE (sent anyway, the 403 explained), and the targets a pipeline may
// not use. After each, the targets read
// through the API show exactly the expected change.
import * as assert from 'node:assert/strict';
import type { Target } from '../../src/api';
import { allowPipeline } from '../../src/features/pipelineAccess/allowPipeline';
import { checkPipelineAccess } from '../../src/features/pipelineAccess/checkPipelineAccess';
import { demoTargets, fullTargetLabel, isVendor, listedTargetLabel, quotedMissingScope, targetsClosedTo } from '../harness/dialect';
import { addFault, apiCall, clearRequests, requests, resetDemoData } from './sessionHelpers';
import { ScriptedPrompter, testServices } from './scriptedPrompter';

const PRODUCTION = 'tg-8f2c';
const STAGING = 'tg-3a71';
const FTP = 'tg-5d90';

/** Every target of acme in full, read through the API (as admin), by id; a MATCH item (no id) is no target of its own. */
async function allTargets(): Promise<Map<string, Target>> {
  const { targets } = (await apiCall('GET', '/workspaces/acme/targets?per_page=100')) as { targets: { id?: string }[] };
  const ids = targets.flatMap((t) => (t.id ? [t.id] : []));
  assert.deepEqual(ids, demoTargets().map((t) => t.id));
  const full = await Promise.all(ids.map((id) => apiCall('GET', `/workspaces/acme/targets/${id}`) as Promise<Target>));
  return new Map(full.map((t) => [String(t.id), t]));
}

const allowedIds = (t: Target | undefined): number[] => (t?.allowed_pipelines ?? []).map((p) => p.id);

/** Asserts that only the targets in `added` changed, each only by its pipelines added at the end of its list. */
function onlyAddedTo(before: Map<string, Target>, after: Map<string, Target>, added: Record<string, number[]>): void {
  assert.deepEqual([...after.keys()], [...before.keys()]);
  for (const [id, target] of after) {
    const previous = before.get(id)!;
    if (id in added) {
      assert.deepEqual({ ...target, allowed_pipelines: [] }, { ...previous, allowed_pipelines: [] }, `fields of ${id} other than allowed_pipelines changed`);
      assert.deepEqual(allowedIds(target), [...allowedIds(previous), ...added[id]]);
    } else {
      assert.deepEqual(target, previous, `target ${id} changed`);
    }
  }
}

/** Asserts that only `targetId` changed, and only by the pipelines `added` at the end of its list. */
function onlyAdded(before: Map<string, Target>, after: Map<string, Target>, targetId: string, added: number[]): void {
  onlyAddedTo(before, after, { [targetId]: added });
}

describe('Allow Pipeline on Target (scripted answers, emulator)', function () {
  this.timeout(60_000);
  let initial: Map<string, Target>;

  beforeEach(async () => {
    initial = await resetDemoData(allTargets);
  });

  it('allows a pipeline on production from the palette: one POST, the view updated from the answer', async () => {
    const { services, data } = testServices({ scopes: ['TARGET_INFO', 'TARGET_MANAGE', 'WORKSPACE', 'EXECUTION_INFO'] });
    const prompter = new ScriptedPrompter([{ pick: listedTargetLabel(PRODUCTION) }, { pick: 'Web App' }, { pick: 'Deploy to staging' }]);
    const outcome = await allowPipeline(services, prompter);
    assert.equal(outcome.kind, 'allowed', prompter.describe());
    const sent = (await requests()).map((r) => `${r.method} ${r.path}`);
    // The pipelines and the full target load together (under one busy bar): their order varies.
    assert.deepEqual([...sent.slice(0, 2), ...sent.slice(2, 4).sort(), sent[4]], [
      'GET /workspaces/acme/targets?page=1&per_page=100',
      'GET /workspaces/acme/projects?page=1&per_page=100',
      `GET /workspaces/acme/projects/web-app/pipelines?page=1&per_page=100`,
      `GET /workspaces/acme/targets/${PRODUCTION}`,
      `POST /workspaces/acme/targets/${PRODUCTION}/allow-pipeline`,
    ]);
    const [targets, , pipelines] = prompter.prompts;
    assert.deepEqual(
      targets.items.map((i) => i.label),
      demoTargets().map((t) => listedTargetLabel(t)),
    );
    assert.deepEqual([pipelines.step, pipelines.totalSteps], [3, 3]);
    const marked = pipelines.items.find((i) => i.label === 'Deploy to production');
    assert.equal(marked?.description, 'already allowed', 'the pipeline already allowed is marked');
    assert.equal(pipelines.items.filter((i) => i.description === 'already allowed').length, 1);
    const updates = data.calls.filter((c) => c.method === 'setTarget');
    assert.equal(updates.length, 1);
    assert.deepEqual(allowedIds(updates[0].arg as Target), [103, 102]);
    assert.equal(prompter.last('info')?.text, `Pipeline Deploy to staging of project web-app may now use target ${fullTargetLabel(PRODUCTION)}.`);
    onlyAdded(initial, await allTargets(), PRODUCTION, [102]);
  });

  it('uses the full target an item already holds: no GET of the target', async () => {
    const { services, data } = testServices();
    const production = initial.get(PRODUCTION)!;
    const prompter = new ScriptedPrompter([{ pick: 'Web App' }, { pick: 'Nightly end-to-end' }]);
    const outcome = await allowPipeline(services, prompter, production);
    assert.equal(outcome.kind, 'allowed', prompter.describe());
    assert.equal(prompter.prompts[0].step, 1, 'the target is not asked');
    assert.equal(prompter.prompts[0].totalSteps, 2);
    assert.deepEqual((await requests(`/targets/${PRODUCTION}`)).map((r) => r.method), ['POST']);
    assert.equal(data.calls.length, 1);
    onlyAdded(initial, await allTargets(), PRODUCTION, [104]);
  });

  it('takes the projects and pipelines the Projects view has loaded in full: only the POST is sent', async () => {
    const { services, data } = testServices();
    // What the Projects view loads (pages of 20) when it shows the projects and expands web-app.
    await data.projects(20).load();
    await data.pipelines('web-app', 20).load();
    assert.ok(data.projects(20).complete && data.pipelines('web-app', 20).complete, 'both lists are loaded in full');
    await clearRequests();
    const prompter = new ScriptedPrompter([{ pick: 'Web App' }, { pick: 'Release notes' }]);
    const outcome = await allowPipeline(services, prompter, initial.get(PRODUCTION));
    assert.equal(outcome.kind, 'allowed', prompter.describe());
    assert.equal(prompter.prompts[1].items.find((i) => i.label === 'Deploy to production')?.description, 'already allowed');
    assert.deepEqual((await requests()).map((r) => `${r.method} ${r.path}`), [`POST /workspaces/acme/targets/${PRODUCTION}/allow-pipeline`]);
    onlyAdded(initial, await allTargets(), PRODUCTION, [105]);
  });

  it('changes nothing when the picked pipeline is already allowed (no POST)', async () => {
    const { services, data } = testServices();
    const prompter = new ScriptedPrompter([{ pick: listedTargetLabel(PRODUCTION) }, { pick: 'Web App' }, { pick: 'Deploy to production' }]);
    const outcome = await allowPipeline(services, prompter);
    assert.equal(outcome.kind, 'alreadyAllowed');
    assert.equal(prompter.last('info')?.text, `Pipeline Deploy to production is already allowed on target ${fullTargetLabel(PRODUCTION)}; nothing changed.`);
    assert.deepEqual(await requests('allow-pipeline'), []);
    assert.deepEqual(data.calls, []);
    assert.deepEqual(await allTargets(), initial);
  });

  it(`says so and stops for a target that allows all pipelines, from ${isVendor ? "an item (the vendor's list item does not say: every pipeline shows as allowed)" : 'the palette and from an item'}`, async () => {
    const { services } = testServices();
    if (isVendor) {
      // The reduced list item does not say whom it admits; the full target, loaded with the
      // pipelines, marks every one as allowed, and picking one sends nothing.
      const fromPalette = new ScriptedPrompter([{ pick: listedTargetLabel(STAGING) }, { pick: 'Web App' }, { pick: 'Build and test' }]);
      assert.equal((await allowPipeline(services, fromPalette)).kind, 'alreadyAllowed', fromPalette.describe());
      const pipelines = fromPalette.prompts[2].items;
      assert.equal(pipelines.length, 5);
      assert.deepEqual(pipelines.filter((i) => i.description !== 'already allowed'), []);
      assert.equal(fromPalette.last('info')?.text, `Pipeline Build and test is already allowed on target ${fullTargetLabel(STAGING)}; nothing changed.`);
    } else {
      const fromPalette = new ScriptedPrompter([{ pick: listedTargetLabel(STAGING) }]);
      assert.equal((await allowPipeline(services, fromPalette)).kind, 'allPipelinesAllowed');
      assert.equal(fromPalette.prompts.length, 1);
      assert.equal(fromPalette.last('info')?.text, `Target ${fullTargetLabel(STAGING)} allows all pipelines: there is nothing to add.`);
    }
    const staging = initial.get(STAGING)!;
    const fromItem = new ScriptedPrompter([]);
    assert.equal((await allowPipeline(services, fromItem, staging)).kind, 'allPipelinesAllowed');
    assert.equal(fromItem.prompts.length, 0);
    assert.equal(fromItem.last('info')?.text, `Target ${fullTargetLabel(STAGING)} allows all pipelines: there is nothing to add.`);
    assert.deepEqual(await requests('allow-pipeline'), []);
    assert.deepEqual(await allTargets(), initial);
  });

  it('explains error 881 for a user whose permission on the target is DENIED (denied-token)', async () => {
    const { services, data } = testServices({ token: 'denied-token' });
    const prompter = new ScriptedPrompter([{ pick: listedTargetLabel(PRODUCTION) }, { pick: 'Web App' }, { pick: 'Deploy to staging' }]);
    const outcome = await allowPipeline(services, prompter);
    assert.equal(outcome.kind, 'failed');
    const error = prompter.last('error');
    assert.equal(
      error?.text,
      `Your permission on target ${fullTargetLabel(PRODUCTION)} does not allow changing its pipelines (access level DENIED); ask a workspace administrator.`,
    );
    assert.deepEqual(error?.actions, [], 'Retry cannot help');
    assert.deepEqual((await requests('allow-pipeline')).map((r) => r.status), [403]);
    assert.deepEqual(data.calls, []);
    assert.deepEqual(await allTargets(), initial);
  });

  it('sends even when the known scopes lack TARGET_MANAGE (a warning, never a block), and explains the 403 in both naming schemes (dev-token)', async () => {
    const known = testServices({ token: 'dev-token', scopes: ['WORKSPACE', 'TARGET_INFO', 'EXECUTION_INFO'] });
    const prompter = new ScriptedPrompter([{ pick: listedTargetLabel(PRODUCTION) }, { pick: 'Web App' }, { pick: 'Deploy to staging' }]);
    const outcome = await allowPipeline(known.services, prompter);
    assert.equal(outcome.kind, 'failed', prompter.describe());
    assert.equal(prompter.prompts.length, 3, 'every step was asked');
    assert.equal(
      prompter.last('warning')?.text,
      'Your token may lack TARGET_MANAGE (its scopes as read at sign-in): Changing the pipelines of a target usually needs the scopes WORKSPACE and TARGET_MANAGE (older scope names) or TARGET_MANAGE (2026 scope names). Sending anyway: the server decides.',
    );
    const error = prompter.last('error');
    assert.equal(
      error?.text,
      `The server refused this (403: ${quotedMissingScope('TARGET_MANAGE')}): the token or your role in the workspace does not allow it. Changing the pipelines of a target usually needs the scopes WORKSPACE and TARGET_MANAGE (older scope names) or TARGET_MANAGE (2026 scope names). Create a token with those scopes in your account's API token settings, then run "Workspace Automation: Sign In" with it; if the token has them, ask a workspace administrator for the permission.`,
    );
    assert.deepEqual(error?.actions, [], 'Retry cannot help');
    assert.deepEqual((await requests('allow-pipeline')).map((r) => r.status), [403]);
    assert.deepEqual(await allTargets(), initial);
  });

  it('gives no warning for a token with the 2026 scope names, and allows', async () => {
    const { services } = testServices({ scopes: ['TARGET_READ', 'TARGET_MANAGE', 'PROJECT_READ', 'EXECUTION_INFO'] });
    const prompter = new ScriptedPrompter([{ pick: listedTargetLabel(PRODUCTION) }, { pick: 'Web App' }, { pick: 'Release notes' }]);
    assert.equal((await allowPipeline(services, prompter)).kind, 'allowed', prompter.describe());
    assert.equal(prompter.last('warning'), undefined);
    onlyAdded(initial, await allTargets(), PRODUCTION, [105]);
  });

  it('offers Retry and Edit after a server failure, and Retry sends the same request again', async () => {
    const { services } = testServices();
    await addFault({ kind: '503', count: 1, method: 'POST', path: 'allow-pipeline' });
    const prompter = new ScriptedPrompter([{ pick: listedTargetLabel(FTP) }, { pick: 'Web App' }, { pick: 'Release notes' }]).choose('Retry');
    const outcome = await allowPipeline(services, prompter);
    assert.equal(outcome.kind, 'allowed', prompter.describe());
    assert.deepEqual(prompter.messages.find((m) => m.severity === 'error')?.actions, ['Retry', 'Edit']);
    assert.deepEqual((await requests('allow-pipeline')).map((r) => r.status), [503, 200]);
    onlyAdded(initial, await allTargets(), FTP, [105]);
  });
});

describe('Check Pipeline Access (scripted answers, emulator)', function () {
  this.timeout(60_000);
  let initial: Map<string, Target>;

  beforeEach(async () => {
    initial = await resetDemoData(allTargets);
  });

  it('lists the targets a pipeline may not use with the fewest requests, and allows one from the list', async () => {
    const { services, data } = testServices();
    const prompter = new ScriptedPrompter([{ pick: 'Web App' }, { pick: 'Build and test' }, { pick: fullTargetLabel(PRODUCTION) }, 'cancel']);
    const outcome = await checkPipelineAccess(services, prompter);
    const closed = targetsClosedTo(101);
    assert.deepEqual(closed, [PRODUCTION, FTP, 'tg-b41e'], 'the demo data this test is about');
    assert.deepEqual(
      outcome.restricted.map((t) => t.id),
      closed,
    );
    const list = prompter.prompts[2];
    assert.deepEqual(
      list.items.map((i) => i.label),
      closed.map(fullTargetLabel),
    );
    const again = prompter.prompts[3];
    assert.deepEqual(
      again.items.map((i) => i.label),
      closed.slice(1).map(fullTargetLabel),
      'the allowed target leaves the list',
    );
    assert.deepEqual(outcome.allowed.map((t) => t.id), [PRODUCTION]);
    assert.deepEqual(
      data.calls.map((c) => c.method),
      ['setTarget'],
    );
    // A full list item says whom it admits: staging (all pipelines) is not asked for. The vendor's
    // reduced items do not say: every target is read in full.
    const fetched = demoTargets().filter((t) => isVendor || !t.all_pipelines_allowed);
    const sent = (await requests('/targets')).map((r) => `${r.method} ${r.path}`);
    assert.deepEqual(sent.sort(), [
      ...fetched.map((t) => `GET /workspaces/acme/targets/${t.id}`),
      'GET /workspaces/acme/targets?page=1&per_page=100',
      `POST /workspaces/acme/targets/${PRODUCTION}/allow-pipeline`,
    ].sort(), 'the list, the full targets the list does not show as open, one POST');
    onlyAdded(initial, await allTargets(), PRODUCTION, [101]);
  });

  it('from a pipeline item: only the targets not allowing it; Enter on each allows them all', async () => {
    const { services } = testServices();
    const pipeline = { id: 103, name: 'Deploy to production' };
    const closed = targetsClosedTo(103);
    assert.ok(closed.includes('tg-b41e'), `closed to 103: ${closed.join(', ')}`);
    const prompter = new ScriptedPrompter(closed.map(() => ({ accept: true as const })));
    const outcome = await checkPipelineAccess(services, prompter, { project: 'web-app', pipeline: pipeline as never });
    assert.deepEqual(outcome.restricted.map((t) => t.id), closed);
    assert.equal(prompter.prompts.length, closed.length);
    assert.deepEqual(outcome.allowed.map((t) => t.id), closed);
    assert.equal(prompter.last('info')?.text, 'All targets now allow pipeline Deploy to production (project web-app).');
    onlyAddedTo(initial, await allTargets(), Object.fromEntries(closed.map((id) => [id, [103]])));
  });

  it('says "All targets allow" when none is closed to the pipeline, without a list', async () => {
    // api-service's Deploy (202) is allowed on k8s-main; allow it on the other restricted targets first.
    const closed = targetsClosedTo(202);
    assert.ok(closed.includes(PRODUCTION) && !closed.includes('tg-b41e'), `closed to 202: ${closed.join(', ')}`);
    for (const target of closed) {
      await apiCall('POST', `/workspaces/acme/targets/${target}/allow-pipeline`, { project: 'api-service', pipeline: 'Deploy' });
    }
    const prepared = await allTargets();
    await clearRequests();
    const { services } = testServices();
    const prompter = new ScriptedPrompter([{ pick: 'API Service' }, { pick: 'Deploy' }]);
    const outcome = await checkPipelineAccess(services, prompter);
    assert.deepEqual(outcome.restricted, []);
    assert.equal(prompter.prompts.length, 2, 'no list is shown');
    assert.equal(prompter.last('info')?.text, 'All targets allow pipeline Deploy (project api-service).');
    assert.deepEqual(await requests('allow-pipeline'), []);
    assert.deepEqual(await allTargets(), prepared);
  });

  it('keeps a target listed when allowing it fails with 881 (denied-token)', async () => {
    const { services } = testServices({ token: 'denied-token' });
    const prompter = new ScriptedPrompter([{ pick: 'Web App' }, { pick: 'Build and test' }, { pick: fullTargetLabel(PRODUCTION) }, 'cancel']);
    const outcome = await checkPipelineAccess(services, prompter);
    assert.deepEqual(outcome.allowed, []);
    assert.match(prompter.last('error')?.text ?? '', /^Your permission on target Production web servers does not allow changing its pipelines/);
    assert.deepEqual(prompter.prompts[3].items.map((i) => i.label), prompter.prompts[2].items.map((i) => i.label));
    assert.deepEqual(await allTargets(), initial);
  });
});
