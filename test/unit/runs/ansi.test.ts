import * as assert from 'node:assert/strict';
import { AnsiReader, applySgr, colorForEditor, isPlainStyle, parseAnsiLine, PLAIN, plainText, styleKey, type AnsiStyle } from '../../../src/features/runs/logs/ansi';

const E = '\x1b';
const style = (s: Partial<AnsiStyle>): AnsiStyle => ({ ...PLAIN, ...s });
/** The ranges as [start, end, styleKey] triples, to compare in one line. */
const spans = (line: string, from: AnsiStyle = PLAIN) => parseAnsiLine(line, from).ranges.map((r) => [r.start, r.end, styleKey(r.style)]);

describe('runs: ANSI escapes in log lines', () => {
  describe('SGR styles', () => {
    it('turns colours and attributes into ranges over the plain text', () => {
      const line = parseAnsiLine(`ok ${E}[1;32mPASS${E}[0m done`);
      assert.equal(line.text, 'ok PASS done');
      assert.deepEqual(
        line.ranges.map((r) => ({ ...r })),
        [{ start: 3, end: 7, style: style({ bold: true, fg: 2 }) }],
      );
      assert.equal(line.style, PLAIN);
      assert.equal(line.truncated, false);
    });

    it('reads each attribute on and off', () => {
      const cases: [string, Partial<AnsiStyle>][] = [
        ['1', { bold: true }],
        ['2', { dim: true }],
        ['3', { italic: true }],
        ['4', { underline: true }],
        ['21', { underline: true }],
        ['4:3', { underline: true }],
        ['30', { fg: 0 }],
        ['37', { fg: 7 }],
        ['40', { bg: 0 }],
        ['47', { bg: 7 }],
        ['90', { fg: 8 }],
        ['97', { fg: 15 }],
        ['100', { bg: 8 }],
        ['107', { bg: 15 }],
      ];
      for (const [params, expected] of cases) {
        assert.deepEqual(applySgr(params, PLAIN), style(expected), params);
      }
      const all = style({ bold: true, dim: true, italic: true, underline: true, fg: 1, bg: 2 });
      assert.deepEqual(applySgr('22', all), style({ italic: true, underline: true, fg: 1, bg: 2 }));
      assert.deepEqual(applySgr('23', all), style({ bold: true, dim: true, underline: true, fg: 1, bg: 2 }));
      assert.deepEqual(applySgr('24', all), style({ bold: true, dim: true, italic: true, fg: 1, bg: 2 }));
      assert.deepEqual(applySgr('4:0', all), style({ bold: true, dim: true, italic: true, fg: 1, bg: 2 }));
      assert.deepEqual(applySgr('39', all), style({ bold: true, dim: true, italic: true, underline: true, bg: 2 }));
      assert.deepEqual(applySgr('49', all), style({ bold: true, dim: true, italic: true, underline: true, fg: 1 }));
      assert.equal(applySgr('0', all), PLAIN);
      assert.equal(applySgr('', all), PLAIN, 'ESC[m resets');
      assert.equal(applySgr('1;0', all), PLAIN);
    });

    it('leaves codes just outside the colour ranges alone', () => {
      for (const code of ['29', '38', '48', '50', '89', '98', '99', '108', '5', '7', '8', '9', '1000', 'x']) {
        assert.equal(applySgr(code, PLAIN), PLAIN, code);
      }
    });

    it('accepts 256 colours and 24-bit colours, with semicolons or colons', () => {
      assert.deepEqual(applySgr('38;5;208', PLAIN), style({ fg: 208 }));
      assert.deepEqual(applySgr('48;5;0', PLAIN), style({ bg: 0 }));
      assert.deepEqual(applySgr('38;5;255', PLAIN), style({ fg: 255 }));
      assert.deepEqual(applySgr('38;2;255;128;0', PLAIN), style({ fg: '#ff8000' }));
      assert.deepEqual(applySgr('48;2;0;0;10', PLAIN), style({ bg: '#00000a' }));
      assert.deepEqual(applySgr('38:5:208', PLAIN), style({ fg: 208 }));
      assert.deepEqual(applySgr('48:5:1', PLAIN), style({ bg: 1 }));
      assert.deepEqual(applySgr('38:2::255:0:16', PLAIN), style({ fg: '#ff0010' }), 'with an empty colour space');
      assert.deepEqual(applySgr('48:2:1:0:255:0', PLAIN), style({ bg: '#00ff00' }), 'with a colour space id');
      assert.deepEqual(applySgr('38:2:0:0:255', PLAIN), style({ fg: '#0000ff' }), 'without one');
    });

    it('reads the codes after an extended colour, and skips a bad one whole', () => {
      assert.deepEqual(applySgr('38;5;208;1', PLAIN), style({ fg: 208, bold: true }));
      assert.deepEqual(applySgr('38;2;1;2;3;4', PLAIN), style({ fg: '#010203', underline: true }));
      assert.deepEqual(applySgr('38;5;256;1', PLAIN), style({ bold: true }), 'index out of range');
      assert.deepEqual(applySgr('38;2;256;0;0;1', PLAIN), style({ bold: true }), 'component out of range');
      assert.deepEqual(applySgr('38;2;1;2', PLAIN), PLAIN, 'too few components');
      assert.deepEqual(applySgr('38;9;1', PLAIN), style({ bold: true }), 'an unknown kind skips only itself');
      assert.deepEqual(applySgr('38;5', PLAIN), PLAIN);
      assert.deepEqual(applySgr('38:5:999', PLAIN), PLAIN);
      assert.deepEqual(applySgr('38:2::1', PLAIN), PLAIN);
      assert.deepEqual(applySgr('38:7:1', PLAIN), PLAIN);
      assert.deepEqual(applySgr('38:5:208:1:2:3', PLAIN), style({ fg: 208 }), 'only a 24-bit colour has a colour space');
      assert.deepEqual(applySgr('5:1', PLAIN), PLAIN, 'sub-parameters of another code are ignored');
    });

    it('keeps the same style object when nothing changes, so that ranges join', () => {
      const red = applySgr('31', PLAIN);
      assert.equal(applySgr('31', red), red);
      assert.equal(applySgr('1;22', red), red);
      assert.deepEqual(spans(`${E}[31mab${E}[31mcd${E}[1;22mef`), [[0, 6, '|1|']]);
      assert.ok(Object.isFrozen(red));
      assert.equal(applySgr('1;22', PLAIN), PLAIN);
      assert.equal(applySgr('31;39', PLAIN), PLAIN, 'back to nothing is PLAIN itself');
    });

    it('starts a new range at each change of style, none for plain text', () => {
      assert.deepEqual(spans(`a${E}[31mb${E}[32mc${E}[0md${E}[4me`), [
        [1, 2, '|1|'],
        [2, 3, '|2|'],
        [4, 5, 'u||'],
      ]);
      assert.deepEqual(spans('no escapes'), []);
      assert.deepEqual(spans(`${E}[31m${E}[0m`), [], 'a style over no text has no range');
    });
  });

  describe('styles across lines', () => {
    it('carries a colour opened on one line into the next, until a reset', () => {
      const first = parseAnsiLine(`start ${E}[33mwarn`);
      assert.deepEqual(first.style, style({ fg: 3 }));
      const second = parseAnsiLine(`still yellow${E}[0m plain`, first.style);
      assert.equal(second.text, 'still yellow plain');
      assert.deepEqual(second.ranges.map((r) => [r.start, r.end]), [[0, 12]]);
      assert.equal(second.ranges[0].style, first.style);
      assert.equal(second.style, PLAIN);
      assert.deepEqual(spans('next', second.style), []);
    });

    it('an AnsiReader carries the style from one line to the next, one object per style', () => {
      const reader = new AnsiReader();
      const first = reader.read(`${E}[31mred`);
      const second = reader.read(`more${E}[32m`);
      assert.deepEqual(second.ranges.map((r) => [r.start, r.end]), [[0, 4]]);
      assert.equal(second.ranges[0].style, first.ranges[0].style);
      assert.deepEqual(reader.style, style({ fg: 2 }));
      const third = reader.read(`${E}[0mplain ${E}[32mgreen ${E}[1;31mred`);
      assert.equal(third.ranges[0].style, second.style, 'green again is the same object');
      assert.deepEqual(third.ranges[1].style, style({ bold: true, fg: 1 }));
      assert.equal(reader.read(`${E}[22m`).style, first.ranges[0].style, 'red again is the same object');
      assert.equal(new AnsiReader(third.style).read('x').ranges[0].style, third.style);
    });

    it('knows a plain style by its values', () => {
      assert.equal(isPlainStyle({ ...PLAIN }), true);
      for (const field of ['bold', 'dim', 'italic', 'underline'] as const) {
        assert.equal(isPlainStyle({ ...PLAIN, [field]: true }), false, field);
      }
      assert.equal(isPlainStyle({ ...PLAIN, fg: 0 }), false);
      assert.equal(isPlainStyle({ ...PLAIN, bg: 0 }), false);
      assert.deepEqual(spans('x', { ...PLAIN }), [], 'a plain style from elsewhere paints nothing');
    });
  });

  describe('everything else is dropped', () => {
    const cases: [string, string, string][] = [
      ['cursor moves and erases', `a${E}[2Ab${E}[10;20Hc${E}[Kd${E}[2J`, 'abcd'],
      ['private modes', `${E}[?25lhidden cursor${E}[?25h`, 'hidden cursor'],
      ['a private SGR-like sequence', `${E}[>4;2mx`, 'x'],
      ['an SGR with an intermediate', `${E}[1 mx`, 'x'],
      ['OSC ended by BEL', `${E}]0;window title\x07text`, 'text'],
      ['OSC ended by ST', `${E}]8;;https://evil.example${E}\\link${E}]8;;${E}\\`, 'link'],
      ['OSC ended by the 8-bit ST', `${E}]2;t\x9cafter`, 'after'],
      ['OSC cut short by another escape', `${E}]0;title${E}[31mred`, 'red'],
      ['OSC never ended', `before${E}]0;the rest of the line`, 'before'],
      ['DCS, SOS, PM, APC', `${E}Pq#0${E}\\a${E}Xs${E}\\b${E}^p${E}\\c${E}_a\x07d`, 'abcd'],
      ['8-bit CSI, OSC, DCS, SOS, PM and APC', `\x9b31mx\x9d0;t\x07y\x90q\x9cz\x98s\x9c1\x9ep\x9c2\x9fa\x9c3`, 'xyz123'],
      ['charset choices and two-character escapes', `${E}(Ba${E}7b${E}8c${E}Md${E}=e${E}cf`, 'abcdef'],
      ['an intermediate escape with no final', `${E}( `, ''],
      ['an intermediate escape cut short by a non-ASCII letter', `${E}(é`, 'é'],
      ['a lone ESC, at the end or before a control', `a${E}`, 'a'],
      ['ESC before a non-ASCII letter', `${E}éa`, 'éa'],
      ['C0 and C1 controls, DEL', 'a\x00b\x07c\x08d\x7fe\x85f\x9ag', 'abcdefg'],
      ['a CSI cut short by the end', `x${E}[1;3`, 'x'],
      ['a CSI cut short by a control', `x${E}[1\x07y`, 'xy'],
    ];
    for (const [what, input, expected] of cases) {
      it(what, () => {
        assert.equal(plainText(input), expected);
      });
    }

    it('applies an SGR sequence in 8-bit form, and keeps tabs', () => {
      assert.deepEqual(spans('\x9b31mred'), [[0, 3, '|1|']]);
      assert.equal(plainText('a\tb'), 'a\tb');
    });

    it('after a carriage return, starts the line again (a progress bar redrawn), keeping the style', () => {
      const line = parseAnsiLine(`10%${E}[32m\r50%\r100%`);
      assert.equal(line.text, '100%');
      assert.deepEqual(line.ranges.map((r) => [r.start, r.end, styleKey(r.style)]), [[0, 4, '|2|']]);
      assert.equal(plainText('text\r'), 'text', 'a trailing carriage return (CRLF) wipes nothing');
      assert.equal(plainText(`text\r${E}[0m`), 'text');
    });
  });

  describe('bounds', () => {
    it('cuts the text at maxChars, clipping the ranges and still reading the style to the end', () => {
      const line = parseAnsiLine(`ab${E}[31mcdef${E}[0m${E}[1mgh`, PLAIN, 4);
      assert.equal(line.text, 'abcd');
      assert.equal(line.truncated, true);
      assert.deepEqual(line.ranges.map((r) => [r.start, r.end]), [[2, 4]]);
      assert.deepEqual(line.style, style({ bold: true }));
      const exact = parseAnsiLine('abcd', PLAIN, 4);
      assert.equal(exact.text, 'abcd');
      assert.equal(exact.truncated, false);
      assert.equal(parseAnsiLine('abcde', PLAIN, 4).truncated, true);
    });

    it('never cuts a surrogate pair in half', () => {
      assert.equal(parseAnsiLine('ab😀c', PLAIN, 3).text, 'ab');
      assert.equal(parseAnsiLine('ab😀c', PLAIN, 4).text, 'ab😀');
    });

    // A test of complexity, not a benchmark: quadratic work takes minutes on a megabyte, linear
    // work milliseconds (about 2 s under Stryker's instrumentation, so the bound is 10 s). Measured
    // in this process's CPU time, which other work on a busy machine does not lengthen.
    const MIB = 1024 * 1024;
    const changes = Math.floor(MIB / 12);
    const hostile: [string, string, string][] = [
      ['unterminated CSIs', `${E}[`.repeat(MIB / 2) + '\x07ok', 'ok'],
      ['one endless CSI', `${E}[${'1;'.repeat(MIB / 2)}\x07ok`, 'ok'],
      ['one SGR with half a million parameters', `${E}[${'38;5;1;'.repeat(MIB / 7)}4mok`, 'ok'],
      ['unterminated OSCs', `${E}]`.repeat(MIB / 2) + '\x07ok', 'ok'],
      ['one endless OSC', `ok${E}]0;${'a'.repeat(MIB)}`, 'ok'],
      ['lone ESCs', E.repeat(MIB) + '\x07ok', 'ok'],
      ['intermediates without a final', `${E}(`.repeat(MIB / 2) + '\x07ok', 'ok'],
      ['a style change every character', `${E}[31ma${E}[32mb`.repeat(changes), 'ab'.repeat(changes)],
    ];
    for (const [what, input, expected] of hostile) {
      it(`reads a megabyte of ${what} in linear time (CPU seconds, not minutes)`, function () {
        this.timeout(30_000);
        const started = process.cpuUsage();
        const line = parseAnsiLine(input);
        const used = process.cpuUsage(started);
        const ms = (used.user + used.system) / 1000;
        assert.ok(ms < 10_000, `${ms.toFixed(0)} ms of CPU time`);
        assert.equal(line.text, expected);
      });
    }

    it('keeps every style change of a hostile line as a range of its own', () => {
      const line = parseAnsiLine(`${E}[31ma${E}[32mb`.repeat(changes));
      assert.equal(line.ranges.length, 2 * changes);
      assert.deepEqual([line.ranges[2 * changes - 1].start, line.ranges[2 * changes - 1].end], [2 * changes - 1, 2 * changes]);
      assert.deepEqual(parseAnsiLine(`${E}[${'38;5;1;'.repeat(MIB / 7)}4mok`).style, style({ fg: 1, underline: true }));
    });
  });

  describe('colours for the editor', () => {
    it('uses the theme for the 16 terminal colours and xterm hex for the rest', () => {
      assert.deepEqual(colorForEditor(0), { themeColor: 'terminal.ansiBlack' });
      assert.deepEqual(colorForEditor(1), { themeColor: 'terminal.ansiRed' });
      assert.deepEqual(colorForEditor(7), { themeColor: 'terminal.ansiWhite' });
      assert.deepEqual(colorForEditor(8), { themeColor: 'terminal.ansiBrightBlack' });
      assert.deepEqual(colorForEditor(15), { themeColor: 'terminal.ansiBrightWhite' });
      assert.deepEqual(colorForEditor(16), { hex: '#000000' });
      assert.deepEqual(colorForEditor(17), { hex: '#00005f' });
      assert.deepEqual(colorForEditor(22), { hex: '#005f00' });
      assert.deepEqual(colorForEditor(52), { hex: '#5f0000' });
      assert.deepEqual(colorForEditor(208), { hex: '#ff8700' });
      assert.deepEqual(colorForEditor(231), { hex: '#ffffff' });
      assert.deepEqual(colorForEditor(232), { hex: '#080808' });
      assert.deepEqual(colorForEditor(255), { hex: '#eeeeee' });
      assert.deepEqual(colorForEditor('#ff8000'), { hex: '#ff8000' });
    });

    it('gives one key per distinct style', () => {
      assert.equal(styleKey(PLAIN), '||');
      assert.equal(styleKey(style({ bold: true, dim: true, italic: true, underline: true, fg: 1, bg: '#000000' })), 'bdiu|1|#000000');
      assert.notEqual(styleKey(style({ fg: 1 })), styleKey(style({ bg: 1 })));
      assert.equal(styleKey(style({ fg: 0, bg: 0 })), '|0|0', 'black is a colour');
    });
  });
});
