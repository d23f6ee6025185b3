// What activation does not load: bundled apart into dist/lazy.js (esbuild.js) and loaded through
// src/lazyLoad.ts by the first command, the first API client or the first view with something to
// show: every command, the sign-in and workspace prompts, the API client, the views' providers, and
// what comes with the first of those (src/loadedParts.ts: the rate-limit item, the expiry watcher).
// Modules both bundles use are dist/extension.js's own (one AuthSession, one ApiError class, ...):
// esbuild.js takes them from there instead of copying them.
export { registerCommands } from './commands';
export { selectWorkspace, signInInteractive, signInWithToken } from './auth';
export { createViewProviders } from './views/providers';
export { createLoadedParts } from './loadedParts';
export { logLine } from './api';
export { config as configureL10n } from '@vscode/l10n';
