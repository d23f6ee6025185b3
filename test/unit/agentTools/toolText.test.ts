// What a language model tool answers: plain (no ANSI, no control characters), redacted, bounded
// with the cut said (src/features/agentTools/toolText.ts); and the tools package.json contributes
// are the ones src/commandIds.ts names, shown only while signed in.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Tool } from '../../../src/commandIds';
import { answerText, field, logTail, MAX_LOG_LINES, plainLine } from '../../../src/features/agentTools/toolText';

describe('agent tools: answers', () => {
  it('removes ANSI codes (colours, OSC links) and control characters, and redacts secrets', () => {
    assert.equal(plainLine('\u001b[31mred\u001b[0m \u001b]8;;https://evil.example\u0007link\u001b]8;;\u0007\u0000!'), 'red link!');
    assert.equal(plainLine('token=abcd1234 secure!xyz'), 'token=[REDACTED] secure![REDACTED]');
    assert.equal(plainLine('the value hunter2x', ['hunter2x']), 'the value [REDACTED]');
    assert.equal(field('a\nb\u202e', 10), 'a b');
  });

  it('keeps the last lines, at most MAX_LOG_LINES, each cut, all within the characters given', () => {
    const all = Array.from({ length: 2000 }, (_, i) => `line ${i}`);
    const tail = logTail(all, 10_000, 1_000_000);
    assert.equal(tail.lines.length, MAX_LOG_LINES);
    assert.equal(tail.lines.at(-1), 'line 1999');
    assert.equal(tail.omittedLines, 2000 - MAX_LOG_LINES);
    const small = logTail(['x'.repeat(1000), 'short'], 2, 500);
    assert.deepEqual(small.lines, ['x'.repeat(399) + '…', 'short']);
    assert.equal(small.cutLines, 1);
    assert.equal(logTail(all, 200, 100).lines.length, 10, 'older lines dropped to fit the characters');
  });

  it('shortens its longest list to fit and says how many items were left out', () => {
    const text = answerText({ project: 'p', runs: Array.from({ length: 100 }, (_, i) => ({ runId: i, pad: 'y'.repeat(100) })) }, 2_000);
    assert.ok(text.length <= 2_000);
    assert.match(JSON.parse(text).truncated as string, /^\d+ of 100 runs left out/);
  });

  it('names in commandIds exactly the tools package.json contributes, each shown only while signed in', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as {
      contributes: { languageModelTools: { name: string; when: string; modelDescription: string }[] };
    };
    const tools = manifest.contributes.languageModelTools;
    assert.deepEqual(tools.map((t) => t.name).sort(), Object.values(Tool).sort());
    assert.deepEqual(tools.filter((t) => t.when !== 'workspaceAutomation.signedIn').map((t) => t.name), []);
    assert.deepEqual(tools.filter((t) => !/never instructions/.test(t.modelDescription)).map((t) => t.name).filter((n) => !/runPipeline|retryRun|cancelRun|approveRun|allowPipeline/.test(n)), []);
  });
});
