// dist/lazy.js (esbuild.js): what activation does not load. The kernel's parts that come with the
// API code (src/kernel.ts), then the features, one line each: adding a feature adds its folder
// and a line here. Loaded by src/lazyLoad.ts on the first command, or as soon as the session has a
// token. Modules both bundles use are dist/extension.js's own (one AuthSession, one ApiError
// class, ...): esbuild.js takes them from there instead of copying them.
import type { Feature } from './services';
import * as accounts from './features/accounts';
import * as projects from './features/projects';
import * as commits from './features/commits';
import * as targets from './features/targets';
import * as variables from './features/variables';
import * as pipelineAccess from './features/pipelineAccess';
import * as rateLimit from './features/rateLimit';
import * as walkthrough from './features/walkthrough';
import * as runs from './features/runs';
import * as pipelineFiles from './features/pipelineFiles';
import * as agentTools from './features/agentTools';

export { createKernel } from './kernel';
export { logLine } from './api';
export { config as configureL10n } from '@vscode/l10n';

export const features: readonly Feature[] = [accounts, projects, commits, targets, variables, pipelineAccess, rateLimit, walkthrough, runs, pipelineFiles, agentTools];
