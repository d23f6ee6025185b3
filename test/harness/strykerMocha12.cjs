// Preloaded (NODE_OPTIONS --require) into Stryker's processes by test/harness/mutate.ts.
// @stryker-mutator/mocha-runner 10.0 requires Mocha's cli internals without an extension
// (`mocha/lib/cli/run-helpers`, `…/options`), which Mocha 12 renamed to `.cjs`: with `.cjs` among
// the extensions Node tries, they resolve again. Remove once the runner resolves them itself
// (stryker-mutator/stryker-js pull request 6205).
'use strict';
const Module = require('node:module');
if (!Module._extensions['.cjs']) {
  Module._extensions['.cjs'] = Module._extensions['.js'];
}
