// What activation does not load: bundled apart into dist/lazy.js (esbuild.js) and loaded through
// src/lazyLoad.ts by the first command, the first API client or the first view with something to
// show: every command, the sign-in and workspace prompts, the API client, the views' providers.
// Modules both bundles use are dist/extension.js's own (one AuthSession, one ApiError class, ...):
// esbuild.js takes them from there instead of copying them.
export { registerCommands } from './commands';
export { selectWorkspace, signInInteractive, signInWithToken } from './auth';
export { ApiClient } from './api/client';
export { createViewProviders } from './views/providers';
export { config as configureL10n } from '@vscode/l10n';
