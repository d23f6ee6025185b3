// The pipeline files' figures (issue 34), measured outside the editor on the reader itself (the
// same code dist/pipelineFiles.js holds), each beside a floor measured in the same run: the
// diagnostics of a 2,000-line file after a change (the YAML parse alone is the floor), the
// completion list after `$` with 500 variables in scope (the file's own variables alone is the
// floor), the memory one open file's analysis keeps (its text is the floor), and that the
// activation bundles hold none of it. Typing makes no request: the extension-host test says so
// (test/host/pipelineFiles.test.ts, "typing makes no request").
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { parseDocument } from 'yaml';
import { analyze, completionContext, predefinedVariable } from '../../src/features/pipelineFiles/engine';
import { undefinedReferences, visibleVariables, type LiveView, type ScopeList } from '../../src/features/pipelineFiles/live';
import { repoRoot } from '../harness/paths';

type Add = (figure: string, value: string, goal: string, met: boolean | undefined) => void;

const ms = (x: number) => `${x < 10 ? x.toFixed(2) : x.toFixed(1)} ms`;

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}

function time(runs: number, f: () => void): number[] {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    f();
    out.push(performance.now() - t);
  }
  return out;
}

/** A file of `lines` lines: one pipeline, actions of 20 lines with references of each kind. */
export function bigPipelineFile(lines: number): string {
  const out = ['- pipeline: "Big"', '  on: CLICK', '  refs:', '    - refs/heads/main', '  variables:', '    - key: FILE_ONLY', '      value: x', '  actions:'];
  for (let i = 0; out.length + 20 <= lines; i++) {
    out.push(
      `    - action: "Step ${i}"`,
      '      type: BUILD',
      '      docker_image_name: library/node',
      '      docker_image_tag: $NODE_VERSION',
      '      variables:',
      `        - key: STEP_${i}`,
      `          value: "${i}"`,
      '      execute_commands:',
      `        - echo "$STEP_${i} $REGION $VAR_${i % 500}"`,
      '        - export LOCAL=1',
      '        - echo $LOCAL $PATH',
      '        - npm ci',
      '        - npm test',
      '      cached_dirs:',
      '        - /root/.npm',
      '      volume_mappings:',
      '        - /:/buddy/big',
      '      shell: BASH',
      '      trigger_time: ON_EVERY_EXECUTION',
      `      remote_path: /srv/$MISSING_${i % 7}`,
    );
  }
  while (out.length < lines) {
    out.push('  # end');
  }
  return `${out.join('\n')}\n`;
}

function scope(n: number, prefix: string): ScopeList {
  return { complete: true, items: Array.from({ length: n }, (_, i) => ({ key: `${prefix}${i}`, value: `value ${i}`, encrypted: i % 10 === 0 })) };
}

function liveView(variables: number): LiveView {
  return {
    signedIn: true,
    project: 'web-app',
    workspace: scope(variables, 'VAR_'),
    projectScope: { complete: true, items: [{ key: 'NODE_VERSION', value: '20', encrypted: false }, { key: 'REGION', value: 'eu', encrypted: false }] },
    pipelines: [{ pipeline: { id: 1, name: 'Big' }, scope: scope(0, 'P_'), actions: new Map(), actionsComplete: true, actionScope: () => undefined }],
  };
}

function heapUsed(): number {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

export function benchPipelineFiles(add: Add): void {
  const text = bigPipelineFile(2000);
  const view = liveView(500);
  // A change: one character typed in the middle, then what refresh() does (parse, schema, references).
  const middle = text.indexOf('Step 40"');
  const changed = (i: number) => `${text.slice(0, middle)}${i % 10}${text.slice(middle)}`;
  for (let i = 0; i < 5; i++) {
    undefinedReferences(analyze(changed(i)), view, predefinedVariable);
  }
  const diagnostics = time(30, () => undefinedReferences(analyze(changed(Math.random() * 10)), view, predefinedVariable));
  const parseOnly = time(30, () => parseDocument(changed(Math.random() * 10), { keepSourceTokens: false }));
  add(
    'Pipeline files: diagnostics of a 2,000-line file after a change, median (floor: the YAML parse alone)',
    `${ms(quantile(diagnostics, 0.5))} (floor ${ms(quantile(parseOnly, 0.5))})`,
    '≤ 150 ms (+ 40 ms of settling)',
    quantile(diagnostics, 0.5) + 40 <= 150,
  );

  // Completion after `$` in an action's commands, 500 workspace variables in scope.
  const analysis = analyze(text);
  const at = text.indexOf('$VAR_') + 1;
  const complete = (v: LiveView) => {
    const c = completionContext(text, at, analysis);
    if (c.kind === 'variable') {
      visibleVariables(analysis, v, c.pipeline, c.action);
    }
  };
  const noService: LiveView = { signedIn: false, project: undefined, workspace: undefined, projectScope: undefined, pipelines: [] };
  time(20, () => complete(view));
  const withVars = time(200, () => complete(view));
  const floor = time(200, () => complete(noService));
  add(
    'Pipeline files: completion list after $ with 500 variables in scope, p95 (floor: the file\u2019s own variables only)',
    `${ms(quantile(withVars, 0.95))} (floor ${ms(quantile(floor, 0.95))})`,
    '≤ 50 ms',
    quantile(withVars, 0.95) <= 50,
  );

  // Memory one open file keeps: its analysis (the editor holds the text anyway: the floor).
  const before = heapUsed();
  const kept = Array.from({ length: 10 }, (_, i) => analyze(changed(i)));
  const perFile = (heapUsed() - before) / kept.length / (1024 * 1024);
  add(
    'Pipeline files: memory per open 2,000-line file (its analysis; floor: the text itself)',
    `${perFile.toFixed(2)} MB (floor ${(Buffer.byteLength(text) / (1024 * 1024)).toFixed(2)} MB)`,
    '≤ 2 MB',
    perFile <= 2 && kept.length === 10,
  );

  // The activation bundles hold no reader: the schema's words are only in dist/pipelineFiles.js.
  const dist = path.join(repoRoot, 'dist');
  const marker = 'execute_commands';
  const holders = ['extension.js', 'lazy.js', 'pipelineFiles.js'].filter((f) => fs.existsSync(path.join(dist, f)) && fs.readFileSync(path.join(dist, f), 'utf8').includes(marker));
  add(
    'Pipeline files: bundles holding the reader (the schema, yaml, ajv)',
    holders.join(', ') || 'none built',
    'dist/pipelineFiles.js only (loaded when the first pipeline file opens)',
    holders.length === 1 && holders[0] === 'pipelineFiles.js',
  );
}
