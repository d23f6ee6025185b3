// What each demo action does when a run reaches it: how long it takes, the lines it writes (made on
// demand, so a log can hold 100,000 lines without storing them), and how it ends. Actions without
// an entry here get their type's generic script, which succeeds.
import { RUN_PIPELINE_IDS } from '../demo-data';

export const ANSI = { red: '\u001b[31m', green: '\u001b[32m', yellow: '\u001b[33m', cyan: '\u001b[36m', dim: '\u001b[2m', reset: '\u001b[0m' } as const;

/** Lines by index; `at(i)` for 0 ≤ i < length. */
export interface LineSource {
  readonly length: number;
  at(index: number): string;
}

/** A value an action sees: sent at the start, asked by a gate, or a settable variable's own. */
export interface RunVariable {
  value: string;
  encrypted: boolean;
}

/** What an action's lines may depend on. */
export interface RunView {
  variables: ReadonlyMap<string, RunVariable>;
  revision: string | null;
  /** For a deployment: whether the pipeline may use the target (else it fails with 2678004). */
  targetAllowed: boolean;
}

export interface AskedVariable {
  key: string;
  description: string;
  defaults: string;
  /** A secret: its value is kept encrypted (never printed, masked in passed_variables). */
  encrypted?: boolean;
}

export type Outcome =
  | { kind: 'succeed' }
  | { kind: 'fail'; message: string }
  /** Succeeds when the pipeline may use the target (by identifier), else fails with 2678004. */
  | { kind: 'deploy'; target: string }
  /** WAIT_FOR_APPLY: waits for APPLY. */
  | { kind: 'approve'; question: string }
  /** WAIT_FOR_VARIABLES: waits for APPLY_VARIABLES. */
  | { kind: 'variables'; asks: readonly AskedVariable[] };

export interface ActionScript {
  /** How long the action runs once started (a gate: 0, it waits for a person instead). */
  durationMs: number;
  lines(view: RunView): LineSource;
  outcome: Outcome;
}

/** How long a deployment refused by its target runs before it fails. */
export const REFUSED_DEPLOY_MS = 2_000;

export const DEFAULT_LOG_LINES = 10_000;

/** The lines events add to an action's log, after its own. */
export const eventLines = {
  waiting: (outcome: Outcome): string =>
    outcome.kind === 'variables'
      ? `${ANSI.yellow}Waiting for variables: ${outcome.asks.map((v) => v.key).join(', ')}${ANSI.reset}`
      : `${ANSI.yellow}Waiting for approval: ${outcome.kind === 'approve' ? outcome.question : ''}${ANSI.reset}`,
  passed: (withVariables: boolean, who: string): string => `${ANSI.green}${withVariables ? 'Variables set' : 'Approved'} by ${who}${ANSI.reset}`,
  refused: (code: number, message: string): string => `${ANSI.red}${code}=${message}${ANSI.reset}`,
  failed: (message: string): string => `${ANSI.red}ERROR: ${message}${ANSI.reset}`,
  terminated: (who: string): string => `${ANSI.yellow}Terminated by ${who}${ANSI.reset}`,
};

/** error_message of a deployment to a target that does not allow the pipeline (code 2678004). */
export const notAllowedMessage = (target: string): string => `Pipeline is not allowed to use target [${target}]`;

export function fixedLines(lines: readonly string[]): LineSource {
  return { length: lines.length, at: (i) => lines[i] };
}

const ok = (text: string): string => `${ANSI.green}✔${ANSI.reset} ${text}`;
const shortRevision = (view: RunView): string => view.revision?.slice(0, 7) ?? 'HEAD';

/** A plain value, or a word saying it is encrypted: an encrypted value is never printed. */
function shown(view: RunView, key: string, fallback: string): string {
  const v = view.variables.get(key);
  if (!v) {
    return fallback;
  }
  return v.encrypted ? `(${key} is encrypted: not printed)` : v.value;
}

function build(seconds: number, what: string): ActionScript {
  return {
    durationMs: seconds * 1000,
    outcome: { kind: 'succeed' },
    lines: (view) =>
      fixedLines([
        `${ANSI.cyan}$${ANSI.reset} git checkout ${shortRevision(view)}`,
        '$ npm ci',
        `${ANSI.dim}added 812 packages in 6s${ANSI.reset}`,
        `$ npm run ${what}`,
        `> ${what}`,
        ok(`${what} finished`),
      ]),
  };
}

function deploy(seconds: number, target: string): ActionScript {
  return {
    durationMs: seconds * 1000,
    outcome: { kind: 'deploy', target },
    lines: (view) =>
      fixedLines(
        view.targetAllowed
          ? [`Connecting to target [${target}]…`, 'Uploading 42 files (3.1 MB)', `${ANSI.dim}dist/ → /srv/app${ANSI.reset}`, ok(`Uploaded to [${target}]`)]
          : [`Connecting to target [${target}]…`],
      ),
  };
}

function quick(seconds: number, line: string): ActionScript {
  return { durationMs: seconds * 1000, outcome: { kind: 'succeed' }, lines: () => fixedLines([line, ok('Done')]) };
}

/** The generic script of an action type (every demo action without its own entry). */
function generic(type: string, name: string): ActionScript {
  switch (type) {
    case 'SFTP':
    case 'FTP':
      return quick(8, `Uploading files for "${name}"…`);
    case 'SLACK':
    case 'HTTP':
      return quick(3, `Sending "${name}"…`);
    case 'DOCKERFILE':
      return build(15, 'docker-build');
    case 'WAIT_FOR_APPLY':
      return { durationMs: 0, outcome: { kind: 'approve', question: `Continue with "${name}"?` }, lines: () => fixedLines([]) };
    default:
      return build(8, 'build');
  }
}

/** Lines of the huge log: numbered test results, a section header every 100 lines. */
function testLines(count: number): LineSource {
  return {
    length: count,
    at: (i) =>
      i % 100 === 0
        ? `${ANSI.cyan}── suite ${i / 100 + 1} ──${ANSI.reset}`
        : `${ANSI.green}✔${ANSI.reset} case ${String(i).padStart(6, '0')} passed ${ANSI.dim}(${(i * 37) % 91} ms)${ANSI.reset}`,
  };
}

const INTEGRATION_TESTS = 148;

/** The scripts of the demo actions that show one behaviour each (action ids: pipelineId * 10 + n). */
function scripts(logLines: number): Map<number, ActionScript> {
  const { failsInTests, succeeds, notAllowedOnProduction, waitsForApproval, asksForVariables, hugeLog } = RUN_PIPELINE_IDS;
  const id = (pipelineId: number, n: number): number => pipelineId * 10 + n;
  return new Map<number, ActionScript>([
    // web-app: its deployments go to their targets (103 is allowed on production); the nightly run is long.
    [1022, deploy(8, 'staging')],
    [1032, deploy(8, 'production')],
    [1042, { durationMs: 600_000, outcome: { kind: 'succeed' }, lines: () => testLines(300) }],
    // api-service
    [
      id(failsInTests, 2),
      {
        durationMs: 25_000,
        outcome: { kind: 'fail', message: `Integration tests failed: 2 of ${INTEGRATION_TESTS} tests failed.` },
        lines: () => ({
          length: INTEGRATION_TESTS + 1,
          at: (i) =>
            i === INTEGRATION_TESTS
              ? `${ANSI.red}2 failing${ANSI.reset}, ${INTEGRATION_TESTS - 2} passing`
              : i === 57 || i === 103
                ? `${ANSI.red}✘ orders API returns the order it created (case ${i})${ANSI.reset}`
                : ok(`integration case ${i}`),
        }),
      },
    ],
    [id(succeeds, 1), build(20, 'docker-build')],
    [
      id(succeeds, 2),
      {
        durationMs: 25_000,
        outcome: { kind: 'succeed' },
        lines: (view) =>
          fixedLines([
            `Logging in to registry.example.com as deploy, password ${shown(view, 'REGISTRY_PASSWORD', '(not set)')}`,
            `IMAGE_TAG=${shown(view, 'IMAGE_TAG', 'latest')}`,
            `Pushing registry.example.com/api-service:${shown(view, 'IMAGE_TAG', 'latest')}`,
            `${ANSI.dim}sha256:4f1c… 12.4 MB${ANSI.reset}`,
            ok('Pushed'),
          ]),
      },
    ],
    [id(succeeds, 3), quick(13, 'Posting to #deployments…')],
    [id(notAllowedOnProduction, 2), deploy(8, 'production')],
    [id(waitsForApproval, 2), { durationMs: 0, outcome: { kind: 'approve', question: 'Deploy api-service to staging?' }, lines: () => fixedLines([]) }],
    [id(waitsForApproval, 3), deploy(10, 'staging')],
    [
      id(asksForVariables, 1),
      {
        durationMs: 0,
        outcome: {
          kind: 'variables',
          asks: [
            { key: 'RELEASE_VERSION', description: 'Version to release', defaults: '1.0.0' },
            { key: 'SIGNING_TOKEN', description: 'Token that signs the tag', defaults: '', encrypted: true },
          ],
        },
        lines: () => fixedLines([]),
      },
    ],
    [
      id(asksForVariables, 2),
      {
        durationMs: 5_000,
        outcome: { kind: 'succeed' },
        lines: (view) =>
          fixedLines([
            `Tagging release v${shown(view, 'RELEASE_VERSION', '0.0.0')}`,
            view.variables.get('SIGNING_TOKEN')?.value ? `Signing the tag: ${shown(view, 'SIGNING_TOKEN', '')}` : 'The tag is not signed (no SIGNING_TOKEN)',
            ok('Tag pushed'),
          ]),
      },
    ],
    [id(hugeLog, 1), { durationMs: 30_000, outcome: { kind: 'succeed' }, lines: () => testLines(logLines) }],
  ]);
}

/** Looks up the script of each action; one table per store (the huge log's length is a scale option). */
export class Scripts {
  private readonly table: Map<number, ActionScript>;

  constructor(logLines = DEFAULT_LOG_LINES) {
    this.table = scripts(logLines);
  }

  of(action: { id: number; type: string; name: string }): ActionScript {
    return this.table.get(action.id) ?? generic(action.type, action.name);
  }
}
