import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

describe('api: no editor dependency', () => {
  it('no file in src/api imports or requires vscode', () => {
    const dir = path.resolve(__dirname, '../../../src/api');
    const files: string[] = [];
    const walk = (d: string) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) {
          walk(p);
        } else if (/\.[cm]?[jt]s$/.test(e.name)) {
          files.push(p);
        }
      }
    };
    walk(dir);
    assert.ok(files.length >= 5, `expected the module's files, found ${files.length}`);
    const importsVscode = /(?:from\s+|import\s*\(\s*|require\s*\(\s*|import\s+)['"]vscode['"]/;
    const offenders = files.filter((f) => importsVscode.test(fs.readFileSync(f, 'utf8')));
    assert.deepEqual(offenders, []);
    // The pattern itself must catch the forms it is meant to catch.
    for (const s of ["import * as vscode from 'vscode';", 'import type { Uri } from "vscode";', "const v = require('vscode');", "await import('vscode')"]) {
      assert.ok(importsVscode.test(s), s);
    }
  });
});
