// The emulator's in-memory state, built from the demo data on every start and reset. All
// changes happen synchronously inside one request handler, so concurrent requests never
// interleave half-done updates.
import type { CommitSource } from './commit-gen';
import {
  BIG_REPO,
  bigRepoHistory,
  DemoProject,
  DemoTarget,
  DemoToken,
  DemoUser,
  DemoVariable,
  DemoWorkspace,
  demoHistories,
  generatedHistory,
  PROJECTS,
  ScaleOptions,
  scaledProjectHistory,
  TARGETS,
  TOKENS,
  USERS,
  VARIABLES,
  WORKSPACES,
} from './demo-data';
import { MatchTarget, VENDOR_MATCH_TARGETS, VENDOR_PROJECT_HISTORIES, VENDOR_PROJECTS, VENDOR_TARGETS, VENDOR_VARIABLES } from './demo-vendor';
import type { Dialect } from './dialect';
import { identifierOf } from './resources/identifier';
import { RunEngine } from './runs/engine';
import { loadHistory } from './runs/history';
import type { SshKeyInfo } from './ssh';

export type Workspace = DemoWorkspace;
export type User = DemoUser;
export type Token = DemoToken;

export interface Project {
  workspace: string;
  name: string;
  display_name: string | null;
  status: 'ACTIVE';
  createDate: number;
  createdById: number;
  default_branch: string | null;
  history: CommitSource;
}

export interface Pipeline {
  id: number;
  workspace: string;
  project: string;
  name: string;
  on: string;
  refs: readonly string[];
  last_execution_status: string | null;
  last_execution_revision: string | null;
  /** Lowercase letters, digits and underscores (conventions.md), derived from the name. */
  identifier: string;
  /** Where the definition is kept: `LOCAL` (the service) or `REMOTE` (Git: PATCH …/yaml is refused). */
  definitionSource: 'LOCAL' | 'REMOTE';
  /** The text last sent with POST/PATCH …/yaml; null: written from the store (resources/pipelineYaml.ts). */
  definition: string | null;
}

export interface Action {
  id: number;
  pipelineId: number;
  name: string;
  type: string;
}

/** A target as stored: the demo data's shape, mutable, with the type-specific fields always present. */
export type Target = Mutable<Omit<DemoTarget, 'extra'>> & { extra: Record<string, unknown> };

type Mutable<T> = { -readonly [K in keyof T]: T[K] extends readonly (infer E)[] ? E[] : T[K] extends object ? Mutable<T[K]> : T[K] };

export type VariableScope =
  | { kind: 'WORKSPACE' }
  | { kind: 'PROJECT'; project: string }
  | { kind: 'PIPELINE'; pipelineId: number }
  | { kind: 'ACTION'; actionId: number };

export type VariableType = DemoVariable['type'];

export interface Variable {
  id: number;
  workspace: string;
  key: string;
  /** The plain value; never answered when `encrypted`. */
  value: string;
  type: VariableType;
  encrypted: boolean;
  description: string;
  settable: boolean;
  run_only_settable: boolean;
  file_path: string | null;
  file_chmod: string | null;
  file_place: string | null;
  scope: VariableScope;
  ssh?: SshKeyInfo;
}

export class Store {
  readonly users = new Map<number, User>();
  readonly tokens = new Map<string, Token>();
  readonly workspaces = new Map<string, Workspace>();
  /** Projects by workspace, in creation order. */
  readonly projects = new Map<string, Map<string, Project>>();
  readonly pipelines = new Map<number, Pipeline>();
  readonly actions = new Map<number, Action>();
  /** Targets by id (ids are unique across workspaces). */
  readonly targets = new Map<string, Target>();
  /** Target list items without an id (vendor dialect only). */
  readonly matchTargets: MatchTarget[] = [];
  readonly variables = new Map<number, Variable>();
  /** Pipeline executions, played out on the emulator's clock (runs/engine.ts). */
  readonly runs: RunEngine;
  private nextVariableId = 1;

  /** The demo data of a dialect: the default one, plus the vendor's extra items for `vendor`. */
  constructor(
    scale: ScaleOptions = {},
    readonly dialect: Dialect = 'default',
  ) {
    for (const user of Object.values(USERS)) {
      this.users.set(user.id, { ...user });
    }
    for (const token of Object.values(TOKENS)) {
      this.tokens.set(token.token, token);
    }
    for (const ws of WORKSPACES) {
      this.workspaces.set(ws.domain, ws);
      this.projects.set(ws.domain, new Map());
    }
    const vendor = dialect === 'vendor';
    this.loadProjects(PROJECTS, demoHistories());
    if (vendor) {
      this.loadProjects(VENDOR_PROJECTS, new Map(Object.entries(VENDOR_PROJECT_HISTORIES).map(([name, h]) => [`acme/${name}`, generatedHistory(name, h.count, h.hoursBeforeAnchor, h.gapHours)])));
    }
    this.loadTargets(vendor ? [...TARGETS, ...VENDOR_TARGETS] : TARGETS);
    if (vendor) {
      this.matchTargets.push(...VENDOR_MATCH_TARGETS.map((m) => ({ ...m })));
    }
    // Vendor variables follow the default ones, so the default ids (1-7) are the same in both.
    this.loadVariables(vendor ? [...VARIABLES, ...VENDOR_VARIABLES] : VARIABLES);
    this.loadScale(scale);
    this.runs = new RunEngine(this, scale.logLines);
    // The demo pipelines that have run get their past runs (the scaled ones none).
    loadHistory(this.runs, this, (vendor ? [...PROJECTS, ...VENDOR_PROJECTS] : PROJECTS).flatMap((p) => p.pipelines.map((pl) => pl.id)));
  }

  isMember(workspace: Workspace, userId: number): boolean {
    return workspace.memberIds.includes(userId);
  }

  isAdmin(workspace: string, userId: number): boolean {
    return this.workspaces.get(workspace)?.adminIds.includes(userId) ?? false;
  }

  project(workspace: string, name: string): Project | undefined {
    return this.projects.get(workspace)?.get(name);
  }

  projectsOf(workspace: string): Project[] {
    return [...(this.projects.get(workspace)?.values() ?? [])];
  }

  pipelinesOf(workspace: string, project: string): Pipeline[] {
    return [...this.pipelines.values()].filter((p) => p.workspace === workspace && p.project === project);
  }

  pipeline(workspace: string, id: number): Pipeline | undefined {
    const p = this.pipelines.get(id);
    return p?.workspace === workspace ? p : undefined;
  }

  action(workspace: string, id: number): Action | undefined {
    const a = this.actions.get(id);
    return a && this.pipeline(workspace, a.pipelineId) ? a : undefined;
  }

  actionsOf(pipelineId: number): Action[] {
    return [...this.actions.values()].filter((a) => a.pipelineId === pipelineId);
  }

  target(workspace: string, id: string): Target | undefined {
    const t = this.targets.get(id);
    return t?.workspace === workspace ? t : undefined;
  }

  targetsOf(workspace: string): Target[] {
    return [...this.targets.values()].filter((t) => t.workspace === workspace);
  }

  addProject(project: Project): void {
    this.projects.get(project.workspace)?.set(project.name, project);
  }

  addVariable(v: Omit<Variable, 'id'>): Variable {
    const variable = { ...v, id: this.nextVariableId++ };
    this.variables.set(variable.id, variable);
    return variable;
  }

  /** A pipeline made from a definition (POST …/pipelines/yaml): no actions of its own to run. */
  createPipeline(workspace: string, project: string, name: string, identifier: string, definition: string): Pipeline {
    const id = Math.max(0, ...[...this.pipelines.keys()].filter((k) => k < 1_000_000)) + 1;
    const p: Pipeline = { id, workspace, project, name, on: 'CLICK', refs: ['refs/heads/main'], last_execution_status: null, last_execution_revision: null, identifier, definitionSource: 'LOCAL', definition };
    this.pipelines.set(id, p);
    return p;
  }

  private addPipeline(p: Omit<Pipeline, 'identifier' | 'definitionSource' | 'definition'> & Partial<Pick<Pipeline, 'definitionSource'>>, actions: { id: number; name: string; type: string }[]): void {
    this.pipelines.set(p.id, { definitionSource: 'LOCAL', ...p, identifier: identifierOf(p.name), definition: null });
    for (const a of actions) {
      this.actions.set(a.id, { ...a, pipelineId: p.id });
    }
  }

  private loadProjects(projects: readonly DemoProject[], histories: ReadonlyMap<string, CommitSource>): void {
    for (const p of projects) {
      const history = histories.get(`${p.workspace}/${p.name}`);
      if (!history) {
        throw new Error(`demo history missing for ${p.name}`);
      }
      this.addProject({
        workspace: p.workspace,
        name: p.name,
        display_name: p.display_name,
        status: 'ACTIVE',
        createDate: Date.parse(p.create_date),
        createdById: p.createdById,
        default_branch: p.default_branch,
        history,
      });
      for (const pl of p.pipelines) {
        const executed = pl.lastExecutedCommit !== null && history.length > 0 ? history.at(Math.min(pl.lastExecutedCommit, history.length - 1)).revision : null;
        this.addPipeline(
          { id: pl.id, workspace: p.workspace, project: p.name, name: pl.name, on: pl.on, refs: pl.refs, last_execution_status: pl.last_execution_status, last_execution_revision: executed, definitionSource: pl.definitionSource ?? 'LOCAL' },
          pl.actions.map((a) => ({ ...a })),
        );
      }
    }
  }

  private loadTargets(targets: readonly DemoTarget[]): void {
    for (const t of targets) {
      // A deep copy: the demo data stays as it is for the next reset.
      this.targets.set(t.id, { ...(structuredClone(t) as Mutable<DemoTarget>), extra: { ...t.extra } });
    }
  }

  private loadVariables(variables: readonly DemoVariable[]): void {
    for (const v of variables) {
      const s = v.scope;
      const scope: VariableScope =
        s === null ? { kind: 'WORKSPACE' } : 'project' in s ? { kind: 'PROJECT', project: s.project } : 'pipelineId' in s ? { kind: 'PIPELINE', pipelineId: s.pipelineId } : { kind: 'ACTION', actionId: s.actionId };
      this.addVariable({
        workspace: v.workspace,
        key: v.key,
        value: v.value,
        type: v.type,
        encrypted: v.encrypted,
        description: v.description,
        settable: v.settable ?? false,
        run_only_settable: v.run_only_settable ?? false,
        file_path: v.file_path ?? null,
        file_chmod: v.file_chmod ?? null,
        file_place: v.file_place ?? null,
        scope,
      });
    }
  }

  private loadScale(scale: ScaleOptions): void {
    const created = Date.parse('2026-01-01T00:00:00Z');
    for (let i = 1; i <= (scale.projects ?? 0); i++) {
      const name = `project-${String(i).padStart(5, '0')}`;
      this.addProject({ workspace: 'acme', name, display_name: `Project ${i}`, status: 'ACTIVE', createDate: created, createdById: 1, default_branch: 'main', history: scaledProjectHistory(name) });
      for (let k = 1; k <= 2; k++) {
        const id = 1_000_000 + i * 10 + k;
        this.addPipeline(
          { id, workspace: 'acme', project: name, name: k === 1 ? 'Build' : 'Deploy', on: k === 1 ? 'EVENT' : 'CLICK', refs: ['refs/heads/main'], last_execution_status: null, last_execution_revision: null },
          [{ id: id * 10 + 1, name: k === 1 ? 'Compile' : 'Upload', type: k === 1 ? 'BUILD' : 'SFTP' }],
        );
      }
    }
    for (let i = 1; i <= (scale.targets ?? 0); i++) {
      const n = String(i).padStart(5, '0');
      this.targets.set(`tg-s${n}`, {
        workspace: 'acme',
        id: `tg-s${n}`,
        identifier: `scaled-${n}`,
        name: `Scaled target ${i}`,
        type: 'SSH',
        host: `host-${i}.example.com`,
        port: '22',
        path: '/srv/app',
        tags: ['scaled'],
        permissions: { others: 'USE_ONLY', users: [{ id: 1, access_level: 'MANAGE' }] },
        auth: { method: 'PASSWORD', username: 'deploy', password: `scaled-${n}` },
        all_pipelines_allowed: i % 2 === 0,
        allowedPipelineIds: [],
        extra: {},
      });
    }
    if (scale.commits && scale.commits > 0) {
      this.addProject({ workspace: 'acme', name: BIG_REPO, display_name: 'Big Repo', status: 'ACTIVE', createDate: created, createdById: 1, default_branch: 'main', history: bigRepoHistory(scale.commits) });
      this.addPipeline(
        { id: 999_001, workspace: 'acme', project: BIG_REPO, name: 'Build', on: 'EVENT', refs: ['refs/heads/main'], last_execution_status: 'SUCCESSFUL', last_execution_revision: null },
        [{ id: 9_990_011, name: 'Compile', type: 'BUILD' }],
      );
    }
  }
}
