// esbuild options of code that runs in the extension host (the suite, the bench payload):
// CommonJS for Node 20, `vscode` left to the host, source maps inline for readable stack traces.
import type { BuildOptions } from 'esbuild';

export const extensionHostBundle = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  sourcemap: 'inline',
  sourcesContent: false,
  external: ['vscode'],
  logLevel: 'error',
} satisfies BuildOptions;
