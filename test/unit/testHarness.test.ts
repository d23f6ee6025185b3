// Only the test harness gets what a test needs (issue 22): scripted Sign In and Select Workspace
// arguments, and activate()'s handles (the secret storage, the token). Anywhere else (a command
// link, another extension) neither. The decision, on its own; the harness sets the flag
// (test/harness/session.ts), and test/host/security.test.ts shows the commands follow it.
import * as assert from 'node:assert/strict';
import { TEST_HARNESS_ENV, underTestHarness } from '../../src/testHarness';

describe('the test harness, and nothing else, gets scripted arguments and the handles', () => {
  it('is told by WA_TEST_HARNESS=1 exactly', () => {
    assert.equal(TEST_HARNESS_ENV, 'WA_TEST_HARNESS');
    assert.equal(underTestHarness(false, { WA_TEST_HARNESS: '1' }), true);
    for (const value of [undefined, '', '0', 'true', 'yes', ' 1', '1 ', '11']) {
      assert.equal(underTestHarness(false, { WA_TEST_HARNESS: value }), false, String(value));
    }
    assert.equal(underTestHarness(false, { WA_EMULATOR_URL: 'http://127.0.0.1:4010' }), false, 'the emulator alone is no harness (npm start sets it)');
  });

  it("or by the editor's test mode", () => {
    assert.equal(underTestHarness(true, {}), true);
    assert.equal(underTestHarness(true, { WA_TEST_HARNESS: '0' }), true);
  });

  it("reads the process's environment by default", () => {
    const saved = process.env.WA_TEST_HARNESS;
    try {
      delete process.env.WA_TEST_HARNESS;
      assert.equal(underTestHarness(false), false);
      process.env.WA_TEST_HARNESS = '1';
      assert.equal(underTestHarness(false), true);
    } finally {
      if (saved === undefined) {
        delete process.env.WA_TEST_HARNESS;
      } else {
        process.env.WA_TEST_HARNESS = saved;
      }
    }
  });
});
