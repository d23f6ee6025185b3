// A file in src/ over ~400 lines is a sign that two jobs share a room (ARCHITECTURE.md): past 400
// lines, its header must say in one line why it is one job (`// One job: …`).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const src = path.join(__dirname, '..', '..', '..', 'src');
const MAX_LINES = 400;

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? tsFiles(full) : e.name.endsWith('.ts') ? [full] : [];
  });
}

describe('house: file sizes in src/', () => {
  it(`a file over ${MAX_LINES} lines says at its top why it is one job`, () => {
    const files = tsFiles(src);
    assert.ok(files.some((f) => f.endsWith(path.join('api', 'client.ts'))), 'src/api is among the files checked');
    const unexplained = files
      .filter((f) => {
        const lines = fs.readFileSync(f, 'utf8').split('\n');
        return lines.length > MAX_LINES && !lines.slice(0, 5).some((l) => /^\/\/ One job: \S/.test(l));
      })
      .map((f) => path.relative(src, f));
    assert.deepEqual(unexplained, []);
  });
});
