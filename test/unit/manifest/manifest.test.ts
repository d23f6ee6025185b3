// The manifest as the Marketplace and Open VSX read it: every string a user sees comes from
// package.nls.json, the views and walkthrough are complete, and the listing fields are there.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../../..');
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as any;
const nls = JSON.parse(fs.readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;

/** Fields whose text a user reads, with where they are (for the message). */
function userStrings(): { where: string; value: unknown }[] {
  const c = pkg.contributes;
  const out: { where: string; value: unknown }[] = [
    { where: 'displayName', value: pkg.displayName },
    { where: 'description', value: pkg.description },
  ];
  for (const v of c.viewsContainers.activitybar) {
    out.push({ where: `viewsContainers ${v.id}.title`, value: v.title });
  }
  for (const v of c.views.workspaceAutomation) {
    out.push({ where: `view ${v.id}.name`, value: v.name }, { where: `view ${v.id}.contextualTitle`, value: v.contextualTitle });
  }
  for (const cmd of c.commands) {
    out.push({ where: `command ${cmd.command}.title`, value: cmd.title }, { where: `command ${cmd.command}.category`, value: cmd.category });
  }
  c.viewsWelcome.forEach((w: { view: string; contents: string }, i: number) => out.push({ where: `viewsWelcome[${i}] ${w.view}`, value: w.contents }));
  for (const w of c.walkthroughs) {
    out.push({ where: `walkthrough ${w.id}.title`, value: w.title }, { where: `walkthrough ${w.id}.description`, value: w.description });
    for (const s of w.steps) {
      out.push({ where: `step ${s.id}.title`, value: s.title }, { where: `step ${s.id}.description`, value: s.description });
    }
  }
  out.push({ where: 'configuration.title', value: c.configuration.title });
  for (const [key, prop] of Object.entries<{ markdownDescription?: string; enumDescriptions?: string[] }>(c.configuration.properties)) {
    out.push({ where: `${key}.markdownDescription`, value: prop.markdownDescription });
    (prop.enumDescriptions ?? []).forEach((d, i) => out.push({ where: `${key}.enumDescriptions[${i}]`, value: d }));
  }
  return out;
}

describe('manifest', () => {
  it('takes every user-visible string from package.nls.json', () => {
    const strings = userStrings();
    assert.ok(strings.length > 60, `only ${strings.length} strings found`);
    const notKeys = strings.filter((s) => typeof s.value !== 'string' || !/^%[^%]+%$/.test(s.value)).map((s) => s.where);
    assert.deepEqual(notKeys, [], 'literal text in package.json instead of a %key%');
    const unknown = strings.filter((s) => !(String(s.value).slice(1, -1) in nls)).map((s) => `${s.where}: ${String(s.value)}`);
    assert.deepEqual(unknown, [], 'keys missing from package.nls.json');
  });

  it('has no key in package.nls.json that nothing uses', () => {
    const text = fs.readFileSync(path.join(root, 'package.json'), 'utf8');
    const unused = Object.keys(nls).filter((k) => !text.includes(`"%${k}%"`));
    assert.deepEqual(unused, []);
  });

  it('gives every view an icon and a contextual title, and shows Runs, Commits, Targets and Variables only when signed in', () => {
    const views = pkg.contributes.views.workspaceAutomation as { id: string; icon?: string; contextualTitle?: string; when?: string }[];
    assert.equal(views.length, 5);
    for (const v of views) {
      assert.match(v.icon ?? '', /^\$\([a-z-]+\)$/, `${v.id} icon`);
      assert.ok(v.contextualTitle, `${v.id} contextualTitle`);
    }
    assert.deepEqual(
      views.map((v) => v.when),
      [undefined, 'workspaceAutomation.signedIn', 'workspaceAutomation.signedIn', 'workspaceAutomation.signedIn', 'workspaceAutomation.signedIn'],
    );
  });

  it('has one signed-out welcome, in the Projects view, and it never sends an EU account to the settings', () => {
    const welcomes = pkg.contributes.viewsWelcome as { view: string; contents: string; when: string }[];
    const signedOut = welcomes.filter((w) => /state == signedOut/.test(w.when));
    assert.ok(signedOut.length >= 1);
    assert.deepEqual([...new Set(signedOut.map((w) => w.view))], ['workspaceAutomation.projects']);
    // Exactly one of them applies at a time: with and without an API URL.
    assert.deepEqual(signedOut.map((w) => w.when.replace(/.*&&\s*/, '')).sort(), ['!config.workspaceAutomation.apiUrl', 'config.workspaceAutomation.apiUrl']);
    for (const w of signedOut) {
      const text = nls[w.contents.slice(1, -1)];
      assert.match(text, /\(command:workspaceAutomation\.signIn\)/);
      assert.doesNotMatch(text, /EU account[^.]*settings/i);
    }
    const plain = nls[signedOut.find((w) => w.when.includes('!config'))!.contents.slice(1, -1)];
    assert.match(plain, /\(command:workspaceAutomation\.openTokenPage\)/);
    assert.doesNotMatch(plain, /openSettings/, 'Sign In asks for the account type: no settings detour');
  });

  it('has a getting-started walkthrough whose steps complete on real events, with media that exist', () => {
    const [walkthrough] = pkg.contributes.walkthroughs as {
      id: string;
      steps: { id: string; completionEvents: string[]; media: { markdown?: string; image?: string } }[];
    }[];
    assert.equal(walkthrough.id, 'gettingStarted');
    assert.deepEqual(
      walkthrough.steps.map((s) => s.id),
      ['signIn', 'selectWorkspace', 'browse', 'createVariable', 'allowPipeline', 'runPipeline', 'pipelineFiles'],
    );
    for (const s of walkthrough.steps) {
      assert.ok(s.completionEvents.length > 0, `${s.id} has no completion event`);
      for (const e of s.completionEvents) {
        assert.match(e, /^on(Context|Command|View|SettingChanged):\S/, `${s.id}: ${e}`);
        assert.doesNotMatch(e, /^onStepSelected/, 'a step completes on what the user did, not on reading it');
      }
      const media = s.media.markdown ?? s.media.image;
      assert.ok(media && fs.existsSync(path.join(root, media)), `${s.id} media ${media}`);
    }
  });

  it('is ready for the Marketplace and Open VSX: listing fields, no invented home', () => {
    const valid = ['Azure', 'Data Science', 'Debuggers', 'Education', 'Extension Packs', 'Formatters', 'Keymaps', 'Language Packs', 'Linters', 'Machine Learning', 'Notebooks', 'Programming Languages', 'SCM Providers', 'Snippets', 'Testing', 'Themes', 'Visualization', 'Other', 'AI', 'Chat'];
    assert.ok(pkg.categories.length > 0 && pkg.categories.every((c: string) => valid.includes(c)), String(pkg.categories));
    assert.ok(pkg.keywords.length >= 5 && pkg.keywords.length <= 30, 'vsce allows up to 30 keywords');
    assert.match(pkg.galleryBanner.color, /^#[0-9a-f]{6}$/i);
    assert.ok(['dark', 'light'].includes(pkg.galleryBanner.theme));
    assert.equal(pkg.pricing, 'Free');
    assert.ok(pkg.publisher && pkg.license && pkg.version, 'publisher, license and version (Open VSX needs the license)');
    for (const field of ['repository', 'bugs', 'homepage']) {
      assert.equal(pkg[field], undefined, `${field}: none until the project has a public home`);
    }
    // The icon: a PNG of at least 128x128 (read from its IHDR chunk).
    const png = fs.readFileSync(path.join(root, pkg.icon));
    assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
    assert.ok(png.readUInt32BE(16) >= 128 && png.readUInt32BE(20) >= 128, `icon is ${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`);
  });
});
