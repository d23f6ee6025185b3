// The emulator's demo data. Every start (and every reset) begins from exactly this; tests, the
// README and people trying the extension rely on these names. Dates are fixed relative to ANCHOR.
import { addedFile, ArraySource, Commit, CommitSource, deletedFile, generateCommit, GeneratedSource, HistoryOptions, modifiedFile, prng, replacedFile, seedOf } from './commit-gen';

export type { Commit, CommitSource, FileChange, FileStatus } from './commit-gen';

/** The fixed "now" of the demo data: the newest demo commit is a little before it. */
export const ANCHOR = '2026-10-01T00:00:00Z';
const ANCHOR_MS = Date.parse(ANCHOR);
const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** Web-application address used in `html_url` fields (never requested by the emulator). */
export const HTML_BASE = 'https://app.example.com';
export const GIT_HOST = 'git.example.com';

export const ALL_SCOPES = [
  'WORKSPACE',
  'PROJECT_DELETE',
  'REPOSITORY_READ',
  'REPOSITORY_WRITE',
  'EXECUTION_INFO',
  'EXECUTION_RUN',
  'EXECUTION_MANAGE',
  'VARIABLE_ADD',
  'VARIABLE_INFO',
  'VARIABLE_MANAGE',
  'TARGET_INFO',
  'TARGET_MANAGE',
  'USER_INFO',
  'USER_EMAIL',
  'TOKEN_INFO',
  'WEBHOOK_INFO',
  'WEBHOOK_MANAGE',
] as const;

/**
 * The same rights in the scope names of 2026 (read / write / manage levels). The emulator's scope
 * checks accept either name, in both dialects, as the real service does.
 */
export const MODERN_SCOPES = [
  'WORKSPACE',
  'PROJECT_READ',
  'PROJECT_WRITE',
  'REPOSITORY_READ',
  'EXECUTION_INFO',
  'PIPELINE_READ',
  'PIPELINE_RUN',
  'VARIABLE_READ',
  'VARIABLE_WRITE',
  'VARIABLE_MANAGE',
  'TARGET_READ',
  'TARGET_WRITE',
  'TARGET_MANAGE',
  'USER_INFO',
  'TOKEN_INFO',
  'PIPELINE_WRITE',
] as const;

export interface DemoUser {
  id: number;
  name: string;
  email: string;
  avatar_url: string;
}

export const USERS = {
  admin: { id: 1, name: 'Alice Admin', email: 'alice@example.com', avatar_url: 'https://avatars.example.com/u/1.png' },
  dev: { id: 2, name: 'Dave Developer', email: 'dave@example.com', avatar_url: 'https://avatars.example.com/u/2.png' },
  denied: { id: 3, name: 'Dana Denied', email: 'dana@example.com', avatar_url: 'https://avatars.example.com/u/3.png' },
} as const satisfies Record<string, DemoUser>;

export interface DemoToken {
  /** The bearer token itself. */
  token: string;
  id: string;
  name: string;
  userId: number;
  expires_at: string | null;
  scopes: readonly string[];
  /** Days of validity as the vendor's token answer may carry it. */
  expires_in?: number;
  /** IP addresses or ranges the token may be used from (vendor answer only; loopback satisfies them). */
  ip_restrictions?: readonly string[];
  /** What this token is for, as the CLI prints it. */
  description: string;
}

export const ADMIN_TOKEN = 'admin-token';
export const DEV_TOKEN = 'dev-token';
export const DENIED_TOKEN = 'denied-token';
/** A second token of the dev user with only USER_INFO: for scope errors and the per-user rate limit. */
export const MINIMAL_TOKEN = 'minimal-token';
/** Alice's rights in the 2026 scope names only (VARIABLE_WRITE, TARGET_READ, PROJECT_READ, …). */
export const MODERN_TOKEN = 'modern-token';
/** Alice's rights without TOKEN_INFO: GET /user/token answers 403, everything else works. */
export const NO_TOKEN_INFO_TOKEN = 'no-token-info-token';
/** Alice's rights without USER_INFO: GET /user answers 403, everything else works. */
export const NO_USER_INFO_TOKEN = 'no-user-info-token';

export const TOKENS = {
  admin: {
    token: ADMIN_TOKEN,
    id: 'tok-7d1e9a',
    name: 'Admin automation',
    userId: USERS.admin.id,
    expires_at: '2027-10-01T00:00:00Z',
    scopes: [...ALL_SCOPES],
    description: 'Alice Admin, workspace admin and owner, every scope',
  },
  dev: {
    token: DEV_TOKEN,
    id: 'tok-2b4c61',
    name: 'Dave laptop',
    userId: USERS.dev.id,
    expires_at: '2027-04-01T12:00:00Z',
    scopes: ALL_SCOPES.filter((s) => s !== 'TARGET_MANAGE'),
    description: 'Dave Developer, not an admin, every scope except TARGET_MANAGE; USE_ONLY on target production',
  },
  denied: {
    token: DENIED_TOKEN,
    id: 'tok-9f03d2',
    name: 'Dana CI',
    userId: USERS.denied.id,
    expires_at: null,
    scopes: [...ALL_SCOPES],
    description: 'Dana Denied, not an admin, every scope; permission DENIED on target production',
  },
  minimal: {
    token: MINIMAL_TOKEN,
    id: 'tok-51aa07',
    name: 'Dave read-only profile',
    userId: USERS.dev.id,
    expires_at: '2026-12-31T23:59:59Z',
    scopes: ['USER_INFO'],
    description: 'Dave Developer again, scope USER_INFO only (shares his rate limit)',
  },
  modern: {
    token: MODERN_TOKEN,
    id: 'tok-3c8e20',
    name: 'Alice 2026 scopes',
    userId: USERS.admin.id,
    expires_at: '2027-10-01T00:00:00Z',
    expires_in: 365,
    ip_restrictions: ['127.0.0.0/8'],
    scopes: [...MODERN_SCOPES],
    description: 'Alice Admin with the 2026 scope names only (VARIABLE_READ/WRITE/MANAGE, TARGET_READ/WRITE/MANAGE, PROJECT_READ/WRITE, ...)',
  },
  noTokenInfo: {
    token: NO_TOKEN_INFO_TOKEN,
    id: 'tok-6a0f4b',
    name: 'Alice without token info',
    userId: USERS.admin.id,
    expires_at: null,
    scopes: ALL_SCOPES.filter((s) => s !== 'TOKEN_INFO'),
    description: 'Alice Admin, every scope except TOKEN_INFO (GET /user/token answers 403)',
  },
  noUserInfo: {
    token: NO_USER_INFO_TOKEN,
    id: 'tok-e19d57',
    name: 'Alice without user info',
    userId: USERS.admin.id,
    expires_at: null,
    scopes: ALL_SCOPES.filter((s) => s !== 'USER_INFO'),
    description: 'Alice Admin, every scope except USER_INFO (GET /user answers 403)',
  },
} as const satisfies Record<string, DemoToken>;

export interface DemoWorkspace {
  id: number;
  name: string;
  domain: string;
  apiEnabled: boolean;
  ownerId: number;
  adminIds: readonly number[];
  memberIds: readonly number[];
}

const ALL_USER_IDS = [USERS.admin.id, USERS.dev.id, USERS.denied.id];

export const WORKSPACES: readonly DemoWorkspace[] = [
  { id: 1, name: 'Acme', domain: 'acme', apiEnabled: true, ownerId: 1, adminIds: [1], memberIds: ALL_USER_IDS },
  { id: 2, name: 'Dormant Labs', domain: 'dormant', apiEnabled: false, ownerId: 1, adminIds: [1], memberIds: ALL_USER_IDS },
];

export interface DemoAction {
  id: number;
  name: string;
  type: string;
}

export interface DemoPipeline {
  id: number;
  name: string;
  on: 'CLICK' | 'EVENT' | 'SCHEDULE';
  refs: readonly string[];
  last_execution_status: string | null;
  /** Index into the project's history (newest first) of the last executed commit, or null. */
  lastExecutedCommit: number | null;
  actions: readonly DemoAction[];
  /** Where its definition is kept (default LOCAL): REMOTE pipelines are defined in Git, PATCH …/yaml refuses them. */
  definitionSource?: 'LOCAL' | 'REMOTE';
}

export interface DemoProject {
  workspace: string;
  name: string;
  /** Null for a vendor demo project: names may be null on the real service. */
  display_name: string | null;
  create_date: string;
  createdById: number;
  default_branch: string | null;
  pipelines: readonly DemoPipeline[];
}

export function pipeline(id: number, name: string, on: DemoPipeline['on'], status: string | null, actions: [string, string][]): DemoPipeline {
  return {
    id,
    name,
    on,
    refs: on === 'EVENT' ? ['refs/heads/*'] : ['refs/heads/main'],
    last_execution_status: status,
    lastExecutedCommit: status === null ? null : id % 3,
    actions: actions.map(([actionName, type], i) => ({ id: id * 10 + i + 1, name: actionName, type })),
  };
}

export const PROJECTS: readonly DemoProject[] = [
  {
    workspace: 'acme',
    name: 'web-app',
    display_name: 'Web App',
    create_date: '2026-03-02T09:15:00Z',
    createdById: 1,
    default_branch: 'main',
    pipelines: [
      // Its definition is kept in Git (definition_source REMOTE).
      { ...pipeline(101, 'Build and test', 'EVENT', 'SUCCESSFUL', [['Install dependencies', 'BUILD'], ['Unit tests', 'BUILD'], ['Lint', 'BUILD']]), definitionSource: 'REMOTE' },
      pipeline(102, 'Deploy to staging', 'EVENT', 'SUCCESSFUL', [['Build bundle', 'BUILD'], ['Upload to staging', 'SFTP'], ['Notify team', 'SLACK']]),
      pipeline(103, 'Deploy to production', 'CLICK', 'FAILED', [['Build bundle', 'BUILD'], ['Upload to production', 'SFTP'], ['Restart service', 'SSH_COMMAND']]),
      pipeline(104, 'Nightly end-to-end', 'SCHEDULE', 'INPROGRESS', [['Start browsers', 'BUILD'], ['Run e2e suite', 'BUILD']]),
      pipeline(105, 'Release notes', 'CLICK', null, [['Generate changelog', 'BUILD']]),
    ],
  },
  {
    workspace: 'acme',
    name: 'api-service',
    display_name: 'API Service',
    create_date: '2026-04-11T14:40:00Z',
    createdById: 1,
    default_branch: 'main',
    pipelines: [
      pipeline(201, 'CI', 'EVENT', 'SUCCESSFUL', [['Build image', 'DOCKERFILE'], ['Integration tests', 'BUILD']]),
      pipeline(202, 'Deploy', 'CLICK', 'SUCCESSFUL', [['Apply manifests', 'KUBERNETES_APPLY'], ['Smoke test', 'HTTP']]),
      // What runs play (runs/scripts.ts): 201 fails in its tests; 203 succeeds in about 60 s with
      // the project's settable IMAGE_TAG and REGISTRY_PASSWORD; 204 deploys to production, which
      // does not allow it (2678004); 205 waits for approval; 206 asks for variables (one secret); 207 writes a
      // 10,000-line log (scale.logLines).
      pipeline(203, 'Publish image', 'CLICK', 'SUCCESSFUL', [['Build image', 'DOCKERFILE'], ['Push to registry', 'BUILD'], ['Notify team', 'SLACK']]),
      pipeline(204, 'Release to production', 'CLICK', 'FAILED', [['Build bundle', 'BUILD'], ['Upload to production', 'SFTP'], ['Restart service', 'SSH_COMMAND']]),
      pipeline(205, 'Deploy with approval', 'CLICK', 'SUCCESSFUL', [['Build bundle', 'BUILD'], ['Approve deployment', 'WAIT_FOR_APPLY'], ['Upload to staging', 'SFTP']]),
      pipeline(206, 'Release with version', 'CLICK', 'SUCCESSFUL', [['Choose version', 'WAIT_FOR_VARIABLES'], ['Tag release', 'BUILD']]),
      pipeline(207, 'Verbose build', 'CLICK', 'SUCCESSFUL', [['Run verbose tests', 'BUILD']]),
    ],
  },
  {
    workspace: 'acme',
    name: 'mobile-app',
    display_name: 'Mobile App',
    create_date: '2026-05-20T08:05:00Z',
    createdById: 2,
    default_branch: 'develop',
    pipelines: [
      pipeline(301, 'Build Android', 'EVENT', 'FAILED', [['Gradle build', 'BUILD'], ['Sign APK', 'BUILD']]),
      pipeline(302, 'Build iOS', 'EVENT', 'SUCCESSFUL', [['Xcode build', 'BUILD']]),
      pipeline(303, 'Publish beta', 'CLICK', null, [['Upload to store', 'BUILD'], ['Announce', 'SLACK']]),
    ],
  },
  {
    workspace: 'acme',
    name: 'docs',
    display_name: 'Docs',
    create_date: '2026-09-28T16:00:00Z',
    createdById: 2,
    default_branch: null,
    pipelines: [pipeline(401, 'Publish site', 'CLICK', null, [['Build site', 'BUILD'], ['Upload', 'SFTP']])],
  },
  {
    workspace: 'dormant',
    name: 'legacy-portal',
    display_name: 'Legacy Portal',
    create_date: '2025-01-15T10:00:00Z',
    createdById: 1,
    default_branch: 'master',
    pipelines: [pipeline(501, 'Build', 'EVENT', 'SUCCESSFUL', [['Build', 'BUILD']])],
  },
];

export const WEB_APP_PIPELINE_IDS = { buildAndTest: 101, deployStaging: 102, deployProduction: 103, nightly: 104, releaseNotes: 105 } as const;

/** The pipelines of api-service whose runs show one behaviour each (runs/scripts.ts). */
export const RUN_PIPELINE_IDS = { failsInTests: 201, succeeds: 203, notAllowedOnProduction: 204, waitsForApproval: 205, asksForVariables: 206, hugeLog: 207 } as const;

export interface DemoTarget {
  workspace: string;
  id: string;
  identifier: string;
  /** Null on the real service for some targets (a vendor demo target has none). */
  name: string | null;
  type: string;
  host: string | null;
  port: string | null;
  path: string | null;
  tags: readonly string[];
  permissions: { others: string; users: readonly { id: number; access_level: string }[] };
  auth: Record<string, string | null>;
  all_pipelines_allowed: boolean;
  allowedPipelineIds: readonly number[];
  /**
   * The vendor's `pipelines_access_level` when not every pipeline may use the target (every one:
   * `ALLOWED`, from `all_pipelines_allowed`); default `DEFAULT`.
   */
  pipelinesAccessLevel?: string;
  /** Type-specific fields beyond the Target table (non-SSH targets). */
  extra?: Record<string, unknown>;
}

export const PRODUCTION_TARGET_ID = 'tg-8f2c';
export const STAGING_TARGET_ID = 'tg-3a71';

export const TARGETS: readonly DemoTarget[] = [
  {
    workspace: 'acme',
    id: PRODUCTION_TARGET_ID,
    identifier: 'production',
    name: 'Production web servers',
    type: 'SSH',
    host: 'prod-1.example.com',
    port: '22',
    path: '/var/www/web-app',
    tags: ['prod', 'web'],
    permissions: { others: 'USE_ONLY', users: [{ id: USERS.admin.id, access_level: 'MANAGE' }, { id: USERS.denied.id, access_level: 'DENIED' }] },
    auth: { method: 'PASSWORD', username: 'deploy', password: 'pr0d-Secret!' },
    all_pipelines_allowed: false,
    allowedPipelineIds: [WEB_APP_PIPELINE_IDS.deployProduction],
  },
  {
    workspace: 'acme',
    id: STAGING_TARGET_ID,
    identifier: 'staging',
    name: 'Staging server',
    type: 'SSH',
    host: '10.0.4.12',
    port: '2222',
    path: '/srv/staging',
    tags: ['staging'],
    permissions: { others: 'USE_ONLY', users: [{ id: USERS.admin.id, access_level: 'MANAGE' }, { id: USERS.denied.id, access_level: 'MANAGE' }] },
    auth: { method: 'PASSWORD', username: 'stage', password: 'st4ge-Secret!' },
    all_pipelines_allowed: true,
    allowedPipelineIds: [],
  },
  {
    workspace: 'acme',
    id: 'tg-5d90',
    identifier: 'assets-ftp',
    name: 'Static assets (FTP)',
    type: 'FTP',
    host: 'ftp.example.com',
    port: '21',
    path: '/public_html/assets',
    tags: [],
    permissions: { others: 'USE_ONLY', users: [{ id: USERS.admin.id, access_level: 'MANAGE' }] },
    auth: { method: 'PASSWORD', username: 'assets', password: 'ftp-Secret!' },
    all_pipelines_allowed: false,
    allowedPipelineIds: [WEB_APP_PIPELINE_IDS.deployStaging, WEB_APP_PIPELINE_IDS.deployProduction],
  },
  {
    workspace: 'acme',
    id: 'tg-b41e',
    identifier: 'k8s-main',
    name: 'Main Kubernetes cluster',
    type: 'KUBERNETES',
    host: null,
    port: null,
    path: null,
    tags: ['k8s', 'prod'],
    permissions: { others: 'MANAGE', users: [] },
    // username and password are empty for a token login: answered as null, never omitted.
    auth: { method: 'TOKEN', username: null, password: null, token: 'k8s-Secret-token' },
    all_pipelines_allowed: false,
    allowedPipelineIds: [202],
    // Vendor dialect only: a level the reference lists without saying what it means.
    pipelinesAccessLevel: 'STAGE',
    extra: { cluster_url: 'https://k8s.example.com:6443', namespace: 'api-service' },
  },
  {
    workspace: 'dormant',
    id: 'tg-0c11',
    identifier: 'old-server',
    name: 'Old server',
    type: 'SSH',
    host: 'old.example.com',
    port: '22',
    path: '/home/www',
    tags: [],
    permissions: { others: 'USE_ONLY', users: [] },
    auth: { method: 'PASSWORD', username: 'www', password: 'old-Secret!' },
    all_pipelines_allowed: true,
    allowedPipelineIds: [],
  },
];

export type DemoScope = { project: string } | { pipelineId: number } | { actionId: number } | null;

export interface DemoVariable {
  workspace: string;
  key: string;
  value: string;
  /** The vendor demo data adds the kinds the emulator cannot create: FILE, GPG_KEY, IOS_*. */
  type: 'VAR' | 'SSH_KEY' | 'SSH_PUBLIC_KEY' | 'FILE' | 'GPG_KEY' | 'IOS_KEYCHAIN' | 'IOS_PROVISION_PROFILES';
  encrypted: boolean;
  description: string;
  scope: DemoScope;
  settable?: boolean;
  run_only_settable?: boolean;
  file_path?: string;
  file_chmod?: string;
  file_place?: string;
}

/** Pre-existing variables; ids are given in this order from 1. */
export const VARIABLES: readonly DemoVariable[] = [
  { workspace: 'acme', key: 'REGION', value: 'eu-west-1', type: 'VAR', encrypted: false, description: 'Cloud region', scope: null },
  { workspace: 'acme', key: 'SENTRY_DSN', value: 'https://public@sentry.example.com/42', type: 'VAR', encrypted: true, description: '', scope: null },
  { workspace: 'acme', key: 'NODE_VERSION', value: '20', type: 'VAR', encrypted: false, description: '', scope: { project: 'web-app' }, settable: true, run_only_settable: false },
  { workspace: 'acme', key: 'DEPLOY_DIR', value: '/var/www/web-app', type: 'VAR', encrypted: false, description: '', scope: { pipelineId: 103 } },
  { workspace: 'acme', key: 'RETRIES', value: '3', type: 'VAR', encrypted: false, description: '', scope: { actionId: 1012 } },
  // Settable for a run (pipeline 203 prints the tag, never the password).
  { workspace: 'acme', key: 'IMAGE_TAG', value: 'latest', type: 'VAR', encrypted: false, description: 'Tag of the published image', scope: { project: 'api-service' }, settable: true },
  { workspace: 'acme', key: 'REGISTRY_PASSWORD', value: 'r3gistry-Secret!', type: 'VAR', encrypted: true, description: 'Registry login', scope: { project: 'api-service' }, settable: true },
];

export const WEB_APP_COMMIT_COUNT = 52;
/** Index (newest first) in web-app's history of the commit that has one file of each status. */
export const ALL_STATUSES_COMMIT_INDEX = 1;
/** Index (newest first) in web-app's history of the commit with a ~2,000-line patch. */
export const LARGE_PATCH_COMMIT_INDEX = 12;
export const LARGE_PATCH_LINES = 2000;

const MEMBER_IDS = [USERS.admin.id, USERS.dev.id, USERS.denied.id];

function history(project: string, count: number, newest: number, gapMs: number): HistoryOptions {
  return { project, count, newest, gapMs, userIds: MEMBER_IDS };
}

/** A generated history of `count` commits, the newest `hoursBeforeAnchor` before ANCHOR, one every `gapHours`. */
export function generatedHistory(project: string, count: number, hoursBeforeAnchor: number, gapHours: number): CommitSource {
  return new GeneratedSource(history(project, count, ANCHOR_MS - hoursBeforeAnchor * HOUR, gapHours * HOUR));
}

function translations(count: number): string[] {
  const rand = prng(seedOf('translations'));
  const words = ['save', 'cancel', 'delete', 'profile', 'settings', 'search', 'checkout', 'logout', 'welcome', 'error'];
  const lines = ['// Generated by scripts/extract-messages.ts. Do not edit.', 'export const messages: Record<string, string> = {'];
  for (let i = 0; lines.length < count - 1; i++) {
    const w = words[Math.floor(rand() * words.length)];
    lines.push(`  '${w}.${i}': '${w[0].toUpperCase()}${w.slice(1)} (${i})',`);
  }
  lines.push('};');
  return lines;
}

function webAppCommits(): Commit[] {
  const opts = history('web-app', WEB_APP_COMMIT_COUNT, ANCHOR_MS - 3 * HOUR, 20 * HOUR);
  const commits = Array.from({ length: opts.count }, (_, i) => generateCommit(opts, i));
  const rand = prng(seedOf('web-app-special'));
  commits[ALL_STATUSES_COMMIT_INDEX] = {
    ...commits[ALL_STATUSES_COMMIT_INDEX],
    message: 'Restructure the settings page\n\nMoves the theme into its own stylesheet and drops the old polyfills.',
    files: [
      addedFile('src/pages/settings/theme.tsx', ['import { useTheme } from "../../theme";', '', 'export function ThemeSettings() {', '  const { theme, setTheme } = useTheme();', '  return <Toggle checked={theme === "dark"} onChange={(dark) => setTheme(dark ? "dark" : "light")} />;', '}']),
      modifiedFile(rand, 'src/pages/settings/index.tsx'),
      replacedFile('src/styles/theme.css', [':root {', '  --color-accent: #0a84ff;', '}'], [':root {', '  --color-accent: #5e5ce6;', '  --color-muted: #8e8e93;', '}', '[data-theme="dark"] {', '  --color-accent: #64d2ff;', '}']),
      deletedFile('src/legacy/polyfills.ts', ["import 'core-js/stable';", "import 'whatwg-fetch';", '// Needed for IE 11 only.']),
    ],
  };
  commits[LARGE_PATCH_COMMIT_INDEX] = {
    ...commits[LARGE_PATCH_COMMIT_INDEX],
    message: 'Add generated translations',
    files: [addedFile('src/i18n/messages.generated.ts', translations(LARGE_PATCH_LINES))],
  };
  commits[30] = { ...commits[30], message: 'Remove unused helpers', files: [deletedFile('src/lib/old-date.ts', ['export function formatOld(d: Date): string {', '  return d.toUTCString();', '}'])] };
  commits[40] = { ...commits[40], message: 'Replace the logo', files: [replacedFile('public/logo.svg', ['<svg viewBox="0 0 10 10"><circle r="5"/></svg>'], ['<svg viewBox="0 0 24 24">', '  <rect width="24" height="24" rx="4"/>', '</svg>'])] };
  return commits;
}

let cachedHistories: Map<string, CommitSource> | undefined;

/** Histories of the demo projects, newest first; built once per process (they never change). */
export function demoHistories(): Map<string, CommitSource> {
  cachedHistories ??= new Map<string, CommitSource>([
    ['acme/web-app', new ArraySource(webAppCommits())],
    ['acme/api-service', new GeneratedSource(history('api-service', 18, ANCHOR_MS - 26 * HOUR, 2 * DAY))],
    ['acme/mobile-app', new GeneratedSource(history('mobile-app', 12, ANCHOR_MS - 50 * HOUR, 3 * DAY))],
    ['acme/docs', new ArraySource([])],
    ['dormant/legacy-portal', new GeneratedSource(history('legacy-portal', 5, ANCHOR_MS - 300 * DAY, 7 * DAY))],
  ]);
  return cachedHistories;
}

/** The commits of a demo project, newest first (e.g. `demoCommits('web-app')`). */
export function demoCommits(project: string, workspace = 'acme'): Commit[] {
  const source = demoHistories().get(`${workspace}/${project}`);
  if (!source) {
    throw new Error(`No demo project ${workspace}/${project}`);
  }
  return Array.from({ length: source.length }, (_, i) => source.at(i));
}

/** Options for the benchmark's scaled data (see EmulatorOptions.scale). */
export interface ScaleOptions {
  projects?: number;
  targets?: number;
  commits?: number;
  /** Lines the log of pipeline 207 ("Verbose build") writes per run; default 10,000. */
  logLines?: number;
}

export const BIG_REPO = 'big-repo';

export function bigRepoHistory(commits: number): CommitSource {
  return new GeneratedSource(history(BIG_REPO, commits, ANCHOR_MS - HOUR, 37 * 60_000));
}

export function scaledProjectHistory(name: string): CommitSource {
  return new GeneratedSource(history(name, 5, ANCHOR_MS - 5 * HOUR, DAY));
}
