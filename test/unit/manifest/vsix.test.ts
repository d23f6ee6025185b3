// What the .vsix holds, as vsce lists it from package.json and .vscodeignore (`vsce ls`, the
// listing `npm run package:vsix` packs): what runs and what the listing shows, nothing else. The
// installed package itself is checked again in the real editor (test/host/harness.test.ts).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../../..');

function packagedFiles(): string[] {
  const vsce = path.join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
  const out = execFileSync(process.execPath, [vsce, 'ls', '--no-dependencies'], { cwd: root, encoding: 'utf8' });
  return out.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
}

describe('.vsix contents (vsce ls)', () => {
  let files: string[];
  before(function () {
    this.timeout(60_000);
    files = packagedFiles();
  });

  it('holds the manifest, its texts, the l10n bundle, README, CHANGELOG, LICENSE and the media the manifest names', () => {
    for (const f of ['package.json', 'package.nls.json', 'l10n/bundle.l10n.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'media/icon.png', 'media/activity-bar.svg']) {
      assert.ok(files.includes(f), `${f} is not packaged (got ${files.join(', ')})`);
    }
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      contributes: { walkthroughs: { steps: { media: { markdown?: string; image?: string } }[] }[] };
    };
    const media = pkg.contributes.walkthroughs.flatMap((w) => w.steps.map((s) => s.media.markdown ?? s.media.image ?? ''));
    assert.ok(media.length >= 5);
    assert.deepEqual(media.filter((m) => !files.includes(m)), [], 'walkthrough media not packaged');
    if (fs.existsSync(path.join(root, 'dist', 'extension.js'))) {
      assert.ok(files.includes('dist/extension.js'));
    }
  });

  it('holds no tests, sources, source maps, screenshots, node_modules or developer files', () => {
    assert.ok(files.length >= 8, `only ${files.length} files listed`);
    const unexpected = files.filter((f) =>
      /^(src|test|out|node_modules|\.ci|\.vscode-test|\.github|test-results|media\/screenshots)\/|\.(ts|map)$|^(tsconfig|esbuild|eslint|CONTRIBUTING)|\.vsix$/i.test(f),
    );
    assert.deepEqual(unexpected, []);
    // The pattern catches what it must: the screenshots exist in the tree and are left out.
    assert.ok(fs.readdirSync(path.join(root, 'media', 'screenshots')).some((f) => f.endsWith('.png')));
    assert.ok(!files.some((f) => f.startsWith('media/screenshots/')));
  });

  it('links the README screenshots relatively, to files that exist in the repository', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]);
    assert.ok(images.length >= 3, `${images.length} images in README`);
    for (const img of images) {
      assert.match(img, /^media\/screenshots\/[\w-]+\.png$/);
      assert.ok(fs.existsSync(path.join(root, img)), `${img} does not exist`);
    }
  });
});
