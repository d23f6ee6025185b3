// The emulator's hooks for a plain-Node (mocha) describe block: one emulator started in before(),
// closed in after(), and by default back to its demo data before each test. Call it at the top of
// the describe, before the block's own hooks (mocha runs hooks in the order they are declared):
//
//   describe('api client: paging', () => {
//     const emu = useEmulator({ rateLimit: 4 });
//     it('…', async () => { await fetch(`${emu.url}/user`); });
//   });
import { startEmulator, type Emulator, type EmulatorOptions } from '../emulator';

export interface UseEmulatorOptions extends EmulatorOptions {
  /**
   * Before each test, `reset()`: the demo data of the start dialect; rate counters, faults and the
   * request log cleared; latency back to its start value. Default true.
   */
  resetEachTest?: boolean;
}

/**
 * Registers before/after (and beforeEach) hooks for one emulator and returns it: a stand-in that
 * forwards to the emulator started in before(), usable in hooks and tests (not at describe time).
 */
export function useEmulator(options: UseEmulatorOptions = {}): Emulator {
  const { resetEachTest = true, ...emulatorOptions } = options;
  let running: Emulator | undefined;
  before(async () => {
    running = await startEmulator(emulatorOptions);
  });
  after(async () => {
    await running?.close();
    running = undefined;
  });
  if (resetEachTest) {
    beforeEach(() => running!.reset());
  }
  const current = (): Emulator => {
    if (!running) {
      throw new Error('useEmulator(): the emulator runs from the before() hook to the after() hook only');
    }
    return running;
  };
  return new Proxy({} as Emulator, {
    get(_target, prop) {
      const emu = current();
      const value: unknown = Reflect.get(emu, prop, emu);
      return typeof value === 'function' ? value.bind(emu) : value;
    },
  });
}
