// When a log document's growth is told (src/features/runs/logs/tellingPace.ts): the first reading once
// when it ends within a second; then at most every 250 ms, twice the editor's last take, or n / 20
// ms for n lines; while pages are still being read, not before the text has doubled and 5 s passed.
import * as assert from 'node:assert/strict';
import { FIRST_READ_MS, FLUSH_MS, READING_TELL_MS, tellingDelay, type TellingState } from '../../../src/features/runs/logs/tellingPace';

const at = 1_000_000;
const state = (s: Partial<TellingState>): TellingState => ({ now: at, openedAt: at - 10_000, firstReading: false, lastTold: at - 100, takeMs: 0, lines: 100, linesTold: 50, reading: false, ...s });

describe('runs: the pace of a log document’s changes', () => {
  it('the first reading is told when its second is up, not before', () => {
    assert.equal(tellingDelay(state({ firstReading: true, lastTold: 0, openedAt: at - 300 })), FIRST_READ_MS - 300);
    assert.equal(tellingDelay(state({ firstReading: true, lastTold: 0, openedAt: at - 5000 })), 0, 'past it: at once');
    assert.equal(tellingDelay(state({ firstReading: true, lastTold: at - 100, openedAt: at - 300, lines: 100 })), FLUSH_MS - 100, 'once told, the usual pace');
    assert.equal(tellingDelay(state({ firstReading: false, lastTold: 0, openedAt: at - 300, lines: 0 })), 0, 'after the first reading, never told: at once');
    assert.equal(tellingDelay(state({ firstReadingEnded: true, lastTold: at - 100, lines: 100_000, linesTold: 20_000 })), 0, 'the end of a first reading told in part: at once');
    assert.equal(tellingDelay(state({ firstReadingEnded: false, lastTold: at - 100, lines: 100_000, linesTold: 20_000 })), 4900, 'a later reading: the usual pace');
  });

  it('at most every 250 ms, twice what the editor took, or 1 ms a 20 lines, from the last telling', () => {
    assert.equal(tellingDelay(state({ lastTold: at - 100 })), FLUSH_MS - 100);
    assert.equal(tellingDelay(state({ lastTold: at - 100, takeMs: 400 })), 700, 'twice the take');
    assert.equal(tellingDelay(state({ lastTold: at - 100, lines: 100_000, linesTold: 90_000 })), 4900, '100,000 lines: every 5 s');
    assert.equal(tellingDelay(state({ lastTold: at - 100_000, lines: 100_000 })), 0, 'long past: at once');
  });

  it('while pages are read, waits for the text to double and 5 s', () => {
    assert.equal(tellingDelay(state({ reading: true, lastTold: at - 100, lines: 199, linesTold: 100 })), undefined, 'not doubled: not yet');
    assert.equal(tellingDelay(state({ reading: true, lastTold: at - 100_000, lines: 199, linesTold: 100 })), undefined, 'not doubled, however long ago');
    assert.equal(tellingDelay(state({ reading: true, lastTold: at - 100, lines: 200, linesTold: 100 })), READING_TELL_MS - 100, 'doubled: 5 s after the last');
    assert.equal(tellingDelay(state({ reading: true, lastTold: at - 6000, lines: 200, linesTold: 100 })), 0, 'doubled, 5 s past: at once');
    assert.equal(tellingDelay(state({ reading: false, lastTold: at - 100, lines: 101, linesTold: 100 })), FLUSH_MS - 100, 'the reading ended: the usual pace');
    assert.equal(tellingDelay(state({ reading: true, lastTold: at - 100, lines: 200_000, linesTold: 100_000 })), 9900, 'a longer pace of its own stands');
  });
});
