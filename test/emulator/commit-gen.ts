// Deterministic generation of commit histories with real unified-diff patches. The same input
// always gives the same commits, so tests can rely on revisions, dates and patch sizes.
import { createHash } from 'node:crypto';

export type FileStatus = 'ADDED' | 'MODIFIED' | 'REPLACED' | 'DELETED';

export interface FileChange {
  file_name: string;
  status: FileStatus;
  additions: number;
  deletions: number;
  patch: string;
}

export interface Commit {
  revision: string;
  /** Epoch milliseconds (whole seconds). */
  authorDate: number;
  commitDate: number;
  message: string;
  authorId: number;
  committerId: number;
  files: FileChange[];
}

/**
 * A project's history, newest first by commit date (non-increasing), linear (the parent of
 * commit i is commit i + 1). Indexed access lets big histories be generated on demand.
 */
export interface CommitSource {
  readonly length: number;
  at(index: number): Commit;
  /** Index of the commit with this exact revision, or -1. */
  indexOf(revision: string): number;
}

/** mulberry32: a tiny seeded PRNG, so that histories are the same on every start. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function seedOf(text: string): number {
  return createHash('sha1').update(text).digest().readUInt32BE(0);
}

function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)];
}

const TS_LINES = [
  "import { fetchJson } from './http';",
  "import type { Session } from '../session';",
  'export async function loadProfile(id: string): Promise<Profile> {',
  '  const response = await fetchJson(`/profiles/${id}`);',
  '  if (!response.ok) {',
  "    throw new Error('Profile not found');",
  '  }',
  '  return response.body as Profile;',
  '}',
  'export const DEFAULT_TIMEOUT_MS = 10_000;',
  '  const retries = options.retries ?? 3;',
  '  for (let attempt = 0; attempt < retries; attempt++) {',
  '    await delay(backoff(attempt));',
  '  cache.set(key, { value, expiresAt: Date.now() + ttl });',
  '  return items.filter((item) => item.visible).map(toViewModel);',
  "  logger.info('session refreshed');",
  'export interface Profile { id: string; name: string; email: string }',
  '  const [state, setState] = useState<LoadState>("idle");',
  '  useEffect(() => subscribe(onChange), [onChange]);',
  '  return <Button onClick={submit} disabled={busy}>Save</Button>;',
];
const CSS_LINES = [
  '.header {',
  '  display: flex;',
  '  align-items: center;',
  '  gap: 0.5rem;',
  '}',
  '.button--primary {',
  '  background: var(--color-accent);',
  '  border-radius: 4px;',
  '  padding: 0.25rem 0.75rem;',
  '@media (max-width: 640px) {',
  '  font-size: 0.875rem;',
  '  color: var(--color-muted);',
];
const MD_LINES = [
  '## Getting started',
  '',
  'Run `npm ci` once, then `npm start` to serve the app on port 3000.',
  '- Node.js 20 or later',
  '- A running PostgreSQL 15 instance',
  'See the deployment guide for the staging and production targets.',
  '### Environment variables',
  '| Name | Meaning |',
  '|---|---|',
  '| `API_URL` | address of the backend |',
];
const JSON_LINES = ['{', '  "name": "app",', '  "private": true,', '  "version": "1.4.0",', '  "scripts": {', '    "build": "vite build",', '    "test": "vitest run"', '  },', '}'];

function linesFor(fileName: string): readonly string[] {
  if (fileName.endsWith('.css')) {
    return CSS_LINES;
  }
  if (fileName.endsWith('.md')) {
    return MD_LINES;
  }
  if (fileName.endsWith('.json')) {
    return JSON_LINES;
  }
  return TS_LINES;
}

function someLines(rand: () => number, fileName: string, count: number): string[] {
  const pool = linesFor(fileName);
  return Array.from({ length: count }, () => pick(rand, pool));
}

function change(fileName: string, status: FileStatus, patch: string): FileChange {
  const lines = patch.split('\n');
  const additions = lines.filter((l) => l.startsWith('+')).length;
  const deletions = lines.filter((l) => l.startsWith('-')).length;
  return { file_name: fileName, status, additions, deletions, patch };
}

export function addedFile(fileName: string, content: string[]): FileChange {
  const body = content.map((l) => `+${l}`).join('\n');
  return change(fileName, 'ADDED', `@@ -0,0 +1,${content.length} @@\n${body}`);
}

export function deletedFile(fileName: string, content: string[]): FileChange {
  const body = content.map((l) => `-${l}`).join('\n');
  return change(fileName, 'DELETED', `@@ -1,${content.length} +0,0 @@\n${body}`);
}

/** A file whose whole content was replaced (every old line removed, every new line added). */
export function replacedFile(fileName: string, before: string[], after: string[]): FileChange {
  const body = [...before.map((l) => `-${l}`), ...after.map((l) => `+${l}`)].join('\n');
  return change(fileName, 'REPLACED', `@@ -1,${before.length} +1,${after.length} @@\n${body}`);
}

/** One hunk: three context lines, some lines removed, some added, three context lines. */
export function modifiedFile(rand: () => number, fileName: string): FileChange {
  const start = 1 + Math.floor(rand() * 120);
  const removed = someLines(rand, fileName, Math.floor(rand() * 4));
  const added = someLines(rand, fileName, 1 + Math.floor(rand() * 6));
  const before = someLines(rand, fileName, 3);
  const after = someLines(rand, fileName, 3);
  const oldCount = before.length + removed.length + after.length;
  const newCount = before.length + added.length + after.length;
  const body = [
    ...before.map((l) => ` ${l}`),
    ...removed.map((l) => `-${l}`),
    ...added.map((l) => `+${l}`),
    ...after.map((l) => ` ${l}`),
  ].join('\n');
  return change(fileName, 'MODIFIED', `@@ -${start},${oldCount} +${start},${newCount} @@\n${body}`);
}

const SUBJECTS = ['login redirect', 'session refresh', 'profile page', 'header layout', 'dark mode', 'search results', 'checkout form', 'error banner', 'API client retries', 'date formatting', 'settings dialog', 'navigation menu', 'image lazy loading', 'cache headers', 'locale switcher'];
const VERBS = ['Fix', 'Add', 'Refactor', 'Improve', 'Simplify', 'Test', 'Document', 'Speed up'];
const FILES = ['src/app.tsx', 'src/api/client.ts', 'src/pages/profile.tsx', 'src/styles/header.css', 'src/components/menu.tsx', 'src/i18n/locale.ts', 'README.md', 'package.json', 'src/pages/checkout.tsx', 'src/lib/cache.ts'];

export interface HistoryOptions {
  project: string;
  count: number;
  /** Epoch ms of the newest commit's commit date. */
  newest: number;
  /** Average gap between commits, ms. */
  gapMs: number;
  userIds: readonly number[];
}

export function revisionOf(project: string, index: number): string {
  return createHash('sha1').update(`${project}#${index}`).digest('hex');
}

/** The i-th (newest first) commit of a generated history; cheap and free of shared state. */
export function generateCommit(opts: HistoryOptions, index: number, revision = revisionOf(opts.project, index)): Commit {
  const rand = prng(seedOf(`${opts.project}:${index}`));
  // Dates strictly decrease with the index; jitter stays below the gap.
  const commitDate = Math.floor((opts.newest - index * opts.gapMs - Math.floor(rand() * opts.gapMs * 0.5)) / 1000) * 1000;
  const authorDate = commitDate - Math.floor(rand() * 3600) * 1000;
  const verb = pick(rand, VERBS);
  const subject = pick(rand, SUBJECTS);
  const message = rand() < 0.3 ? `${verb} ${subject}\n\nThe previous behaviour confused users on slow networks.\nCloses #${100 + index}.` : `${verb} ${subject}`;
  const authorId = pick(rand, opts.userIds);
  const committerId = rand() < 0.8 ? authorId : pick(rand, opts.userIds);
  const commit = { revision, authorDate, commitDate, message, authorId, committerId } as Commit;
  // Files (the costly part) are made only when read: lists and date searches never need them.
  let files: FileChange[] | undefined;
  Object.defineProperty(commit, 'files', {
    enumerable: true,
    get: () => (files ??= generateFiles(opts.project, index)),
  });
  return commit;
}

function generateFiles(project: string, index: number): FileChange[] {
  const rand = prng(seedOf(`${project}:${index}:files`));
  const files: FileChange[] = [];
  const fileCount = 1 + Math.floor(rand() * 3);
  for (let f = 0; f < fileCount; f++) {
    files.push(modifiedFile(rand, FILES[(index * 3 + f) % FILES.length]));
  }
  return files;
}

export class ArraySource implements CommitSource {
  private readonly byRevision: Map<string, number>;
  constructor(private readonly commits: readonly Commit[]) {
    this.byRevision = new Map(commits.map((c, i) => [c.revision, i]));
  }
  get length(): number {
    return this.commits.length;
  }
  at(index: number): Commit {
    return this.commits[index];
  }
  indexOf(revision: string): number {
    return this.byRevision.get(revision) ?? -1;
  }
}

/**
 * A history generated on demand: the revision starts with the commit's index in hex, so a
 * lookup by revision needs no table. 100,000 commits cost nothing until read.
 */
export class GeneratedSource implements CommitSource {
  constructor(private readonly opts: HistoryOptions) {}
  get length(): number {
    return this.opts.count;
  }
  at(index: number): Commit {
    return generateCommit(this.opts, index, this.revision(index));
  }
  indexOf(revision: string): number {
    if (!/^[0-9a-f]{40}$/.test(revision)) {
      return -1;
    }
    const index = parseInt(revision.slice(0, 8), 16);
    return index < this.opts.count && this.revision(index) === revision ? index : -1;
  }
  private revision(index: number): string {
    return index.toString(16).padStart(8, '0') + revisionOf(this.opts.project, index).slice(8);
  }
}
