// Reading .env files for Import: dotenv's values, with every line that is not imported listed by
// its number (bad lines, keys the service refuses, duplicates, empty values).
import * as assert from 'node:assert/strict';
import { problemForLog, readEnvFile } from '../../../src/features/variables/commands/dotenvFile';

const values = (text: string) => Object.fromEntries(readEnvFile(text).entries.map((e) => [e.key, e.value]));
const lines = (text: string) => readEnvFile(text).entries.map((e) => [e.key, e.line]);

describe('.env files (dotenv parse + line scanner)', () => {
  it('reads plain, single-quoted, double-quoted and backquoted values, with their lines', () => {
    const text = ['PLAIN=hello world', "SINGLE='a # not a comment'", 'DOUBLE="x=1"', 'BACK=`tick`', 'SPACED =  padded  '].join('\n');
    assert.deepEqual(values(text), { PLAIN: 'hello world', SINGLE: 'a # not a comment', DOUBLE: 'x=1', BACK: 'tick', SPACED: 'padded' });
    assert.deepEqual(lines(text), [['PLAIN', 1], ['SINGLE', 2], ['DOUBLE', 3], ['BACK', 4], ['SPACED', 5]]);
    assert.deepEqual(readEnvFile(text).problems, []);
  });

  it('expands \\n in double quotes only, and keeps single-quoted text as written', () => {
    assert.deepEqual(values('A="one\\ntwo"\nB=\'one\\ntwo\''), { A: 'one\ntwo', B: 'one\\ntwo' });
  });

  it('reads multi-line quoted values and numbers the entries after them right', () => {
    const text = ['KEY="-----BEGIN-----', 'line two', '-----END-----"', 'NEXT=after', '# comment', 'LAST=end # trailing comment'].join('\n');
    const file = readEnvFile(text);
    assert.deepEqual(values(text), { KEY: '-----BEGIN-----\nline two\n-----END-----', NEXT: 'after', LAST: 'end' });
    assert.deepEqual(lines(text), [['KEY', 1], ['NEXT', 4], ['LAST', 6]]);
    assert.deepEqual(file.problems, [], 'the lines inside the quoted value are no bad lines');
  });

  it('takes `export KEY=value`, blank lines, comments and Windows line ends', () => {
    const text = '\uFEFF# deploy settings\r\n\r\nexport REGION=eu-west-1\r\n   # indented comment\r\nexport  PORT = 8080\r\n';
    assert.deepEqual(values(text), { REGION: 'eu-west-1', PORT: '8080' });
    assert.deepEqual(lines(text), [['REGION', 3], ['PORT', 5]]);
    assert.deepEqual(readEnvFile(text).problems, []);
  });

  it('lists unreadable lines with their numbers, and reads the rest', () => {
    const text = ['GOOD=1', 'this is no assignment', 'ALSO GOOD=2', '=nokey', 'OK=3'].join('\n');
    const file = readEnvFile(text);
    assert.deepEqual(values(text), { GOOD: '1', OK: '3' });
    assert.deepEqual(file.problems, [
      { kind: 'unreadable', line: 2, text: 'this is no assignment' },
      { kind: 'unreadable', line: 3, text: 'ALSO GOOD=2' },
      { kind: 'unreadable', line: 4, text: '=nokey' },
    ]);
  });

  it('lists keys the service refuses (dots, dashes, a leading digit) with their lines', () => {
    const file = readEnvFile(['my.key=1', 'my-key=2', '9LIVES=3', '_OK=4'].join('\n'));
    assert.deepEqual(file.entries.map((e) => e.key), ['_OK']);
    assert.deepEqual(file.problems, [
      { kind: 'invalidKey', line: 1, key: 'my.key' },
      { kind: 'invalidKey', line: 2, key: 'my-key' },
      { kind: 'invalidKey', line: 3, key: '9LIVES' },
    ]);
  });

  it('keeps the last of duplicate keys (as dotenv does) and names the line it repeats', () => {
    const file = readEnvFile(['A=first', 'B=b', 'A=second', 'A=third'].join('\n'));
    assert.deepEqual(values(['A=first', 'B=b', 'A=second', 'A=third'].join('\n')), { A: 'third', B: 'b' });
    assert.deepEqual(file.entries.map((e) => [e.key, e.line]), [['B', 2], ['A', 4]]);
    assert.deepEqual(file.problems, [
      { kind: 'duplicate', line: 3, key: 'A', firstLine: 1 },
      { kind: 'duplicate', line: 4, key: 'A', firstLine: 1 },
    ]);
  });

  it('lists an empty value (the service takes none) and reads `KEY=""` as empty too', () => {
    const file = readEnvFile('EMPTY=\nQUOTED=""\nFULL=x');
    assert.deepEqual(file.entries.map((e) => e.key), ['FULL']);
    assert.deepEqual(file.problems, [
      { kind: 'emptyValue', line: 1, key: 'EMPTY' },
      { kind: 'emptyValue', line: 2, key: 'QUOTED' },
    ]);
  });

  it('an empty file, or one of comments only, has nothing to import and no problem', () => {
    assert.deepEqual(readEnvFile(''), { entries: [], problems: [] });
    assert.deepEqual(readEnvFile('# only\n\n   \n# comments'), { entries: [], problems: [] });
  });
});

describe('variables: .env files, the edges', () => {
  it('a byte-order mark only at the start is dropped; lone CR line ends split lines', () => {
    const read = readEnvFile('\uFEFFA=x\uFEFFy\rB=2\r');
    assert.deepEqual(
      read.entries.map((e) => [e.key, e.value, e.line]),
      [
        ['A', 'x\uFEFFy', 1],
        ['B', '2', 2],
      ],
    );
  });

  it('an unreadable line is shown trimmed; problems come in line order', () => {
    const read = readEnvFile('A=1\n   not an entry   \nB-C=2\n');
    assert.deepEqual(
      read.problems.map((p) => [p.kind, p.line]),
      [
        ['unreadable', 2],
        ['invalidKey', 3],
      ],
    );
    assert.equal((read.problems[0] as { text: string }).text, 'not an entry');
  });

  it('a quoted value closed on a later line with a comment after it: the next entry keeps its line', () => {
    const read = readEnvFile('A="x\ny" # note\nB=2\n');
    assert.deepEqual(
      read.entries.map((e) => [e.key, e.line]),
      [
        ['A', 1],
        ['B', 3],
      ],
    );
  });
});

describe('.env files: the line scan is linear (issue 22: a file of unclosed quotes froze the extension host)', function () {
  // A test of complexity, not a benchmark: the quadratic scan took 99 s on the first of these
  // files, the linear one takes milliseconds (more under Stryker's instrumentation): bound 10 s.
  this.timeout(30_000);
  const SIZE = 256 * 1024;
  const fill = (unit: string): string => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);
  const files: [string, string][] = [
    ['a KEY="… line, unclosed, over and over', fill('K="v\n')],
    ['the three quotes in turn, each unclosed', fill('A="v\nB=\'v\nC=`v\n')],
    ['one line of quotes, none of them closing', `K="${fill('"x')}`],
    ['one line of escaped quotes', `K="${fill('\\"')}`],
    ['unclosed quotes whose lines end in a comment sign', fill('K="v"x#\u2028\n')],
  ];
  for (const [what, text] of files) {
    it(`reads 256 KiB of ${what} in linear time (CPU seconds, not a minute)`, () => {
      assert.equal(text.length >= SIZE, true);
      // The process's own CPU time, not the clock's: other work on a shared machine does not count.
      const started = process.cpuUsage();
      const read = readEnvFile(text);
      const used = process.cpuUsage(started);
      const ms = (used.user + used.system) / 1000;
      assert.ok(ms < 10_000, `${Math.round(ms)} ms of CPU time`);
      // The scan placed what it read on lines of the file.
      const lineCount = text.split('\n').length;
      const placed = [...read.entries.map((e) => e.line), ...read.problems.map((p) => p.line)];
      assert.ok(placed.length > 0);
      assert.deepEqual(placed.filter((l) => l !== undefined && (l < 1 || l > lineCount)), []);
    });
  }

  it('a quote that closes: not after a backslash, and followed only by blanks or a comment that runs to the line end', () => {
    // An escaped quote closes nothing: the value goes on to the next line.
    assert.deepEqual(readEnvFile(['A="one\\"', 'two"', 'B=1'].join('\n')).problems, []);
    // A comment sign with an odd line break (U+2028) after it is no comment to the end: not closed there.
    const read = readEnvFile(['A="a', 'b" #c\u2028d', 'c"', 'B=1'].join('\n'));
    assert.deepEqual(read.problems, []);
    assert.deepEqual(read.entries.map((e) => [e.key, e.line]), [
      ['A', 1],
      ['B', 4],
    ]);
  });

  it('still skips the lines inside a quoted value to its closing line, for each quote in turn', () => {
    const text = ['A="one', "it's", 'still A" # done', "D='two", 'a "quote"', "'", 'E=`x', '`', 'F=last'].join('\n');
    const read = readEnvFile(text);
    assert.deepEqual(
      read.entries.map((e) => [e.key, e.line]),
      [
        ['A', 1],
        ['D', 4],
        ['E', 7],
        ['F', 9],
      ],
    );
    assert.deepEqual(read.problems, []);
  });
});

describe('.env files: what the log says of a line that is not imported (issue 22: bad lines reached the log in clear)', () => {
  it('its line and the kind of problem, nothing of the line itself', () => {
    const secret = 'hunter2-c0rrect-h0rse';
    const keyBody = 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW';
    const text = [`DB PASSWORD=${secret}`, keyBody, `9TOKEN=${secret}`, 'A=1', 'A=2', 'EMPTY=', `my.secret=${secret}`].join('\n');
    const logged = readEnvFile(text).problems.map(problemForLog);
    assert.deepEqual(logged, [
      'line 1: not KEY=value, skipped',
      'line 2: not KEY=value, skipped',
      'line 3: a key the service does not take, skipped',
      'line 5: a key again (first on line 4), the last one is imported',
      'line 6: an empty value, skipped',
      'line 7: a key the service does not take, skipped',
    ]);
    assert.deepEqual(logged.filter((l) => l.includes(secret) || l.includes(keyBody) || /TOKEN|secret|PASSWORD/.test(l)), []);
  });

  it('a problem the scan could not place says "a line"', () => {
    assert.equal(problemForLog({ kind: 'emptyValue', line: undefined, key: 'X' }), 'a line: an empty value, skipped');
    assert.equal(problemForLog({ kind: 'invalidKey', line: undefined, key: 'x.y' }), 'a line: a key the service does not take, skipped');
  });
});
