// What activation does not load: bundled apart into dist/lazy.js (esbuild.js) and loaded through
// src/lazyLoad.ts by the first command or the first API client: every command, the sign-in and
// workspace prompts, the API client. Modules both bundles use are dist/extension.js's own (one
// AuthSession, one ApiError class, ...): esbuild.js takes them from there instead of copying them.
export { registerCommands } from './commands';
export { selectWorkspace, signInInteractive, signInWithToken } from './auth';
export { ApiClient } from './api/client';
