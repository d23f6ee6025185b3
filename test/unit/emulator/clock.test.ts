import * as assert from 'node:assert/strict';
import { CLOCK_START_MS, EmulatorClock } from '../../emulator/clock';
import { useEmulator } from '../../harness/useEmulator';

describe('emulator clock', () => {
  it('stands still in manual mode until advanced, and a reset puts it back', () => {
    const clock = new EmulatorClock('manual');
    assert.equal(clock.now(), CLOCK_START_MS);
    clock.advance(90_000);
    assert.equal(clock.now(), CLOCK_START_MS + 90_000);
    assert.throws(() => clock.advance(-1), RangeError);
    clock.reset();
    assert.equal(clock.now(), CLOCK_START_MS);
  });

  it('runs from where it stands in real mode', () => {
    const clock = new EmulatorClock('manual');
    clock.advance(5_000);
    clock.setMode('real');
    const seen = clock.now();
    assert.ok(seen >= CLOCK_START_MS + 5_000 && seen < CLOCK_START_MS + 65_000, `now ${seen - CLOCK_START_MS} ms after the start`);
    clock.reset();
    assert.equal(clock.mode, 'manual');
  });

  describe('over HTTP', () => {
    const emu = useEmulator();
    it('is advanced and read through /__emulator/clock, and refuses a negative step', async () => {
      const post = (body: unknown) =>
        fetch(`${emu.url}/__emulator/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      const moved = await post({ advanceMs: 60_000 });
      assert.equal(moved.status, 200);
      assert.deepEqual(await moved.json(), { now: '2026-11-01T09:01:00.000Z', nowMs: CLOCK_START_MS + 60_000, mode: 'manual' });
      assert.equal(emu.clock.now(), CLOCK_START_MS + 60_000);
      assert.equal((await post({ advanceMs: -5 })).status, 400);
      assert.equal((await post({ mode: 'sideways' })).status, 400);
    });
  });
});
