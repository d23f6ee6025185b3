// Typed models of the API's answers and requests, from the field tables of the specification
// (api.md) and the list endpoints of conventions.md.
//
// Rules that hold for every model here:
// - Dates stay the strings the API sends (`yyyy-MM-dd'T'HH:mm:ssZ`); use `parseApiDate` to read them.
// - Enumerations are tolerant: `Tolerant<'SSH'>` accepts 'SSH' with completion but any other string
//   too, because the real service has values the specification does not show.
// - The specification returns empty fields as `null`; fields that may be empty are typed `| null`.
// - Unknown extra fields of an answer are kept on the object (the validator never strips them).

/** A known set of string values that still accepts any other string (unknown values are kept). */
export type Tolerant<T extends string> = T | (string & {});

/** Fields every addressable object carries. */
export interface Linked {
  url: string;
  html_url: string;
}

/** Page selection of a list request. `perPage` is 1..100 (default 20 on the server). */
export interface PageQuery {
  /** Page number, from 1. */
  page?: number;
  /** Items per page, 1..100. */
  perPage?: number;
}

// ---------------------------------------------------------------------------------------------
// Workspaces, users, tokens

/** Element of GET /workspaces. */
export interface Workspace extends Linked {
  id: number;
  name: string;
  domain: string;
}

/** Member object (commit author and committer, project creator). */
export interface Member extends Linked {
  id: number;
  name: string;
  avatar_url: string | null;
  email: string | null;
  admin: boolean;
  workspace_owner: boolean;
}

/** GET /user. */
export interface User extends Linked {
  id: number;
  name: string;
  avatar_url: string | null;
  email: string | null;
  workspaces_url: string;
}

/** GET /user/token: which scopes the token has. */
export interface TokenInfo {
  id: string | number;
  name: string | null;
  /** Date string or null when the token does not expire. */
  expires_at: string | null;
  scopes: Tolerant<ApiScope>[];
}

/** Scope names the emulator checks (conventions.md). */
export type ApiScope =
  | 'WORKSPACE'
  | 'REPOSITORY_READ'
  | 'VARIABLE_ADD'
  | 'VARIABLE_INFO'
  | 'VARIABLE_MANAGE'
  | 'TARGET_INFO'
  | 'TARGET_MANAGE'
  | 'USER_INFO'
  | 'EXECUTION_INFO';

// ---------------------------------------------------------------------------------------------
// Projects, pipelines, actions

export type ProjectStatus = Tolerant<'ACTIVE'>;

/** Project reference: element of the project list, and `project` of a project-scoped variable. */
export interface ProjectRef extends Linked {
  name: string;
  display_name: string;
  status: ProjectStatus;
}

/** Full project (GET one, POST create). */
export interface Project extends ProjectRef {
  create_date: string | null;
  created_by: Member | null;
  http_repository: string | null;
  ssh_repository: string | null;
  default_branch: string | null;
}

/** Body of POST /workspaces/:workspace/projects; `name` is derived from `display_name` when omitted. */
export interface ProjectCreate {
  display_name: string;
  name?: string;
}

/** Element of the pipeline list. */
export interface Pipeline extends Linked {
  id: number;
  name: string;
  /** Trigger mode, e.g. CLICK, EVENT, SCHEDULE. */
  on: Tolerant<'CLICK' | 'EVENT' | 'SCHEDULE'> | null;
  refs: string[] | null;
  last_execution_status: Tolerant<'SUCCESSFUL' | 'FAILED' | 'INPROGRESS' | 'ENQUEUED' | 'TERMINATED' | 'INITIAL'> | null;
  last_execution_revision: string | null;
}

/** Element of the action list of a pipeline. */
export interface Action extends Linked {
  id: number;
  name: string;
  type: string;
}

// ---------------------------------------------------------------------------------------------
// Targets

export type TargetType = Tolerant<'SSH'>;
export type AccessLevel = Tolerant<'MANAGE' | 'USE_ONLY' | 'DENIED'>;

/** Element of `allowed_pipelines`. */
export interface PipelineRef extends Linked {
  id: number;
  name: string;
}

/** Element of the target list. Non-SSH targets may lack host, port or path. */
export interface TargetSummary extends Linked {
  /** Used in paths (`:target_id`), a string such as `tg-8f2c`. */
  id: string;
  identifier: string;
  name: string;
  type: TargetType;
  host?: string | null;
  port?: string | null;
  path?: string | null;
  tags: string[];
  all_pipelines_allowed: boolean;
}

export interface TargetPermissions {
  others: AccessLevel;
  users: { id: number; access_level: AccessLevel }[];
}

export interface TargetAuth {
  method: Tolerant<'PASSWORD'>;
  username?: string | null;
  /** Always the encrypted `secure!…` form, never the plain password. Never show or log it. */
  password?: string | null;
}

/** Full target (GET one, allow-pipeline's answer). */
export interface Target extends TargetSummary {
  permissions?: TargetPermissions | null;
  auth?: TargetAuth | null;
  allowed_pipelines: PipelineRef[];
}

/** Body of POST allow-pipeline: the project's name and the pipeline's name. */
export interface AllowPipelineRequest {
  project: string;
  pipeline: string;
}

// ---------------------------------------------------------------------------------------------
// Commits

export type CommitFileStatus = Tolerant<'ADDED' | 'MODIFIED' | 'REPLACED' | 'DELETED'>;

/** Element of the commit list (no stats, files, content_url, parents). */
export interface CommitSummary extends Linked {
  revision: string;
  author_date: string;
  commit_date: string;
  message: string;
  author: Member | null;
  committer: Member | null;
}

export interface CommitFile {
  file_name: string;
  status: CommitFileStatus;
  additions: number;
  deletions: number;
  total: number;
  patch: string | null;
}

export interface CommitStats {
  additions: number;
  deletions: number;
  total: number;
}

export interface CommitParent extends Linked {
  revision: string;
}

/** Full commit (GET one). */
export interface Commit extends CommitSummary {
  stats: CommitStats;
  files: CommitFile[];
  content_url: string | null;
  parents: CommitParent[];
}

export interface CommitQuery extends PageQuery {
  /** Inclusive lower bound on commit_date; sent in UTC as yyyy-MM-ddTHH:mm:ssZ. */
  since?: Date;
  /** Inclusive upper bound on commit_date; sent in UTC as yyyy-MM-ddTHH:mm:ssZ. */
  until?: Date;
}

// ---------------------------------------------------------------------------------------------
// Variables (answers)

export type VariableType = Tolerant<'VAR' | 'SSH_KEY' | 'SSH_PUBLIC_KEY'>;
export type FilePlace = Tolerant<'CONTAINER'>;

/**
 * A variable as answered by create and list. Which fields are present depends on scope and type
 * (see the narrower types below); every answer has url, id, key, value, type.
 * An encrypted `value` starts with `secure!` and is not the plain value: never show or log it as such.
 */
export interface Variable {
  url: string;
  id: number;
  key: string;
  value: string;
  type: VariableType;
  encrypted?: boolean;
  description?: string | null;
  settable?: boolean;
  run_only_settable?: boolean;
  file_path?: string | null;
  file_chmod?: string | null;
  file_place?: FilePlace | null;
  public_value?: string | null;
  key_fingerprint?: string | null;
  checksum?: string | null;
  project?: ProjectRef | null;
}

/** Answer for a pipeline- or action-scoped variable: url, type, id, key, value, encrypted. */
export type ScopedVariable = Variable & { encrypted: boolean };

/** Answer for a project-scoped variable. */
export type ProjectVariable = Variable & {
  project: ProjectRef;
  settable: boolean;
  run_only_settable: boolean;
  encrypted: boolean;
  description: string;
};

/** Answer for an encrypted SSH_KEY variable (value is `secure!…`). */
export type SshKeyVariable = Variable & {
  type: 'SSH_KEY';
  encrypted: true;
  public_value: string;
  key_fingerprint: string;
  checksum: string;
};

/** Answer for an SSH_PUBLIC_KEY variable. */
export type SshPublicKeyVariable = Variable & {
  type: 'SSH_PUBLIC_KEY';
  description: string | null;
  file_path: string | null;
  file_chmod: string | null;
  file_place: FilePlace | null;
};

// ---------------------------------------------------------------------------------------------
// Variables (create request): scope and kind as discriminated unions, so that a wrong combination
// does not compile (e.g. `settable` on a pipeline variable, `file_path` on a VAR, SSH_KEY without
// `encrypted: true`). The client turns it into the wire body.

/** Where the variable lives. */
export type VariableScopeCreate =
  | { scope: 'workspace' }
  | { scope: 'project'; /** project name */ project: string; settable?: boolean; run_only_settable?: boolean }
  | { scope: 'pipeline'; pipelineId: number }
  | { scope: 'action'; actionId: number };

/** File placement, for the key-type variables. */
export interface VariableFileFields {
  /** Path where the file is placed, e.g. `~/.ssh/id_deploy`. */
  file_path?: string;
  /** Three or four octal digits, e.g. `600`. */
  file_chmod?: string;
  file_place?: 'CONTAINER';
}

/** What the variable holds. */
export type VariableKindCreate =
  | { type: 'VAR'; value: string; encrypted?: false }
  | ({ type: 'SSH_KEY'; /** private key text (PEM or OpenSSH) */ value: string; encrypted: true } & VariableFileFields)
  | ({ type: 'SSH_PUBLIC_KEY'; /** one OpenSSH public key line */ value: string; encrypted?: false } & VariableFileFields);

/** Body of POST /workspaces/:workspace/variables, in typed form. */
export type VariableCreate = { key: string; description?: string } & VariableScopeCreate & VariableKindCreate;

/** The answer type that corresponds to a create request. */
export type VariableAnswerFor<V extends VariableCreate> = V extends { scope: 'pipeline' | 'action' }
  ? ScopedVariable
  : V extends { type: 'SSH_KEY' }
    ? SshKeyVariable
    : V extends { type: 'SSH_PUBLIC_KEY' }
      ? SshPublicKeyVariable
      : V extends { scope: 'project' }
        ? ProjectVariable
        : Variable;

/** Filter of the variable list; with none, workspace-scoped variables only. Give at most one. */
export interface VariableFilter {
  projectName?: string;
  pipelineId?: number;
  actionId?: number;
}

/** Filters of the target list (query `projectName`, `pipelineId`). */
export interface TargetQuery extends PageQuery {
  projectName?: string;
  pipelineId?: number;
}

export interface ProjectQuery extends PageQuery {
  status?: ProjectStatus;
}
