// The unit tests are laid out like src/ (house.md, "Tests"): a folder of test/unit/ is named after
// a kernel folder of src/ or a feature of src/features/, and a test that reaches into a feature
// sits in that feature's folder, so a feature's unit tests are under one path.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.join(__dirname, '..', '..', '..');
const unit = path.join(root, 'test', 'unit');
/** Folders of tests of what is not in src/: the bench's helpers, the emulator, the manifest and package, the house rules. */
const NOT_SRC = ['bench', 'emulator', 'house', 'manifest'];

const folders = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
const features = folders(path.join(root, 'src', 'features'));
const kernel = folders(path.join(root, 'src')).filter((f) => f !== 'features');

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? testFiles(full) : e.name.endsWith('.ts') ? [full] : [];
  });
}

describe('house: test/unit/ is laid out like src/', () => {
  it('each folder of test/unit/ is named after a folder of src/ or a feature', () => {
    const stray = folders(unit).filter((f) => !NOT_SRC.includes(f) && !kernel.includes(f) && !features.includes(f));
    assert.deepEqual(stray, [], `kernel folders: ${kernel.join(', ')}; features: ${features.join(', ')}`);
  });

  it('a test importing a feature’s module sits in that feature’s folder', () => {
    const misplaced: string[] = [];
    for (const file of testFiles(unit)) {
      const folder = path.relative(unit, file).split(path.sep)[0];
      const text = fs.readFileSync(file, 'utf8');
      for (const [, spec] of text.matchAll(/from '([^']+)'/g)) {
        const target = path.relative(root, path.resolve(path.dirname(file), spec)).split(path.sep);
        if (target[0] === 'src' && target[1] === 'features' && target[2] !== folder) {
          misplaced.push(`${path.relative(root, file)} imports src/features/${target[2]}/`);
        }
      }
    }
    assert.deepEqual(misplaced, []);
  });
});
