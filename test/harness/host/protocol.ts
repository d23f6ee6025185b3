// What the suite in the extension host (index.ts) and the runner outside it (run.ts) agree on.

/**
 * The line the suite prints at its end when every test passed. The runner counts a run as passed
 * only after it: an extension host that dies (seen: one whose event loop a test starved) can still
 * end the run with exit code 0.
 */
export const SUITE_FINISHED = '[suite] finished:';
