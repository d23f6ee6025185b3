// One job: declarations only, one model per answer or request (about 410 lines; no logic to split off).
// Typed models of the API's answers and requests, from the field tables of the specification
// (api.md) and the list endpoints of conventions.md.
//
// Rules that hold for every model here:
// - Only what the code cannot work without is required (ids, keys, revisions, a project's name, a
//   target's id except on MATCH items): the real service leaves out many fields the specification
//   lists, so display fields are optional and the views fall back (see tolerant.ts).
// - Dates stay the strings the API sends (`yyyy-MM-dd'T'HH:mm:ssZ`, maybe with up to nine
//   fractional digits); use `parseApiDate` to read them (undefined when unreadable: show the text).
// - Enumerations are tolerant: `Tolerant<'SSH'>` accepts 'SSH' with completion but any other string
//   too, because the real service has values the specification does not show.
// - The specification returns empty fields as `null`; fields that may be empty are typed `| null`.
// - Unknown extra fields of an answer are kept on the object (the validator never strips them).

/** A known set of string values that still accepts any other string (unknown values are kept). */
export type Tolerant<T extends string> = T | (string & {});

/** Links of an addressable object: often absent in the real service's list items. */
export interface Linked {
  url?: string | null;
  html_url?: string | null;
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
  id?: number | null;
  name?: string | null;
  /** The workspace in every path (`/workspaces/<domain>/…`). */
  domain: string;
}

/**
 * A member (commit author and committer, project creator), or someone who is not one: a commit
 * author outside the workspace comes as `{name, email}` only.
 */
export interface Member extends Linked {
  id?: number | null;
  name?: string | null;
  avatar_url?: string | null;
  email?: string | null;
  admin?: boolean | null;
  workspace_owner?: boolean | null;
}

/** GET /user: every field is optional in the reference. */
export interface User extends Linked {
  id?: number | null;
  name?: string | null;
  avatar_url?: string | null;
  email?: string | null;
  workspaces_url?: string | null;
}

/** GET /user/token (needs TOKEN_INFO, which many tokens lack): its scopes are a hint, never a gate. */
export interface TokenInfo {
  id?: string | number | null;
  name?: string | null;
  /** Date string; absent or null when the token does not expire. */
  expires_at?: string | null;
  expires_in?: number | null;
  /** Absent: not known. */
  scopes?: Tolerant<ApiScope>[] | null;
  ip_restrictions?: string[] | null;
  /** The workspaces (domains) the token may use, when restricted. */
  workspace_restrictions?: string[] | null;
}

/** Scope names: the older ones the emulator checks (conventions.md) and the 2026 ones. */
export type ApiScope =
  | 'WORKSPACE'
  | 'REPOSITORY_READ'
  | 'VARIABLE_ADD'
  | 'VARIABLE_INFO'
  | 'VARIABLE_MANAGE'
  | 'TARGET_INFO'
  | 'TARGET_MANAGE'
  | 'USER_INFO'
  | 'TOKEN_INFO'
  | 'EXECUTION_INFO'
  | 'VARIABLE_READ'
  | 'VARIABLE_WRITE'
  | 'TARGET_READ'
  | 'TARGET_WRITE'
  | 'PROJECT_READ'
  | 'PROJECT_WRITE';

// ---------------------------------------------------------------------------------------------
// Projects, pipelines, actions

export type ProjectStatus = Tolerant<'ACTIVE'>;

/** Project reference: element of the project list, and `project` of a project-scoped variable. */
export interface ProjectRef extends Linked {
  /** In every path under the project. */
  name: string;
  display_name?: string | null;
  status?: ProjectStatus | null;
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

/**
 * Element of the pipeline list. Without the versioned media-type header the real service sends
 * `trigger_mode`/`ref_name` instead of `on`/`refs` (read both with pipelineTrigger/pipelineRefs).
 */
export interface Pipeline extends Linked {
  id: number;
  /** Also what allow-pipeline's body names the pipeline by. */
  name?: string | null;
  identifier?: string | null;
  /** Trigger mode, e.g. CLICK, EVENT, SCHEDULE. */
  on: Tolerant<'CLICK' | 'EVENT' | 'SCHEDULE'> | null;
  refs: string[] | null;
  /** The older form of `on`: MANUAL, ON_EVERY_PUSH, SCHEDULED. */
  trigger_mode?: string | null;
  /** The older form of `refs`: one branch name. */
  ref_name?: string | null;
  last_execution_status: Tolerant<'SUCCESSFUL' | 'FAILED' | 'INPROGRESS' | 'ENQUEUED' | 'TERMINATED' | 'INITIAL'> | null;
  last_execution_revision: string | null;
  /** Where the definition is kept: `LOCAL` (the service; PATCH …/yaml changes it) or `REMOTE` (Git). */
  definition_source?: Tolerant<'LOCAL' | 'REMOTE'> | null;
  /** How the Git definition is chosen: `NONE`, `DYNAMIC`, `FIXED`. */
  git_config_ref?: string | null;
}

/** Element of the action list of a pipeline. */
export interface Action extends Linked {
  id: number;
  name?: string | null;
  type?: string | null;
}

// ---------------------------------------------------------------------------------------------
// Targets

export type TargetType = Tolerant<'SSH' | 'FTP' | 'SFTP' | 'MATCH' | 'K8S' | 'GIT' | 'EC2' | 'DIGITAL_OCEAN' | 'UPCLOUD' | 'VULTR' | 'SANDBOX'>;
export type AccessLevel = Tolerant<
  'DENIED' | 'READ_ONLY' | 'USE_ONLY' | 'BLIND' | 'RUN_ONLY' | 'READ_WRITE' | 'MANAGE' | 'DEFAULT' | 'ALLOWED' | 'STAGE' | 'COMMIT'
>;

/** Element of `allowed_pipelines`. */
export interface PipelineRef extends Linked {
  id: number;
  name?: string | null;
}

/**
 * Element of the target list. The real service may reduce an item to `id, identifier, type, host,
 * port, path, auth`, and a `MATCH` item to `type, identifier, scope` (no id: shown, never opened).
 * Whether every pipeline may use it: see targetAccess.ts (two models).
 */
export interface TargetSummary extends Linked {
  /** Used in paths (`:target_id`), a string such as `tg-8f2c`; absent only on MATCH items. */
  id?: string | null;
  identifier?: string | null;
  name?: string | null;
  type?: TargetType | null;
  host?: string | null;
  port?: string | null;
  path?: string | null;
  /** [] when absent. */
  tags: string[];
  /** The older model: true when every pipeline may use the target. */
  all_pipelines_allowed?: boolean | null;
  /** The newer model: ALLOWED when every pipeline may use it; any other value: the list decides. */
  pipelines_access_level?: AccessLevel | null;
  /** Of a MATCH item: WORKSPACE, PROJECT, ENVIRONMENT, PIPELINE, ACTION, ANY. */
  scope?: string | null;
  auth?: TargetAuth | null;
}

export interface TargetPermissions {
  others?: AccessLevel | null;
  users: { id?: number | null; access_level?: AccessLevel | null }[];
}

export interface TargetAuth {
  method?: Tolerant<'PASSWORD' | 'SSH_KEY' | 'ASSETS_KEY'> | null;
  username?: string | null;
  /** Always encrypted (`secure!…` or `!encrypted …`), never the plain password. Never show or log it. */
  password?: string | null;
}

/** Full target (GET one, allow-pipeline's answer). */
export interface Target extends TargetSummary {
  permissions?: TargetPermissions | null;
  /** [] when absent. */
  allowed_pipelines: PipelineRef[];
  sandboxes_access_level?: AccessLevel | null;
  disabled?: boolean | null;
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
  short_revision?: string | null;
  author_date: string | null;
  commit_date: string | null;
  message: string;
  /** A member, or `{name, email}` for someone outside the workspace. */
  author: Member | null;
  committer: Member | null;
}

export interface CommitFile {
  file_name: string;
  status?: CommitFileStatus | null;
  additions?: number | null;
  deletions?: number | null;
  total?: number | null;
  patch: string | null;
}

export interface CommitStats {
  additions?: number | null;
  deletions?: number | null;
  total?: number | null;
}

export interface CommitParent extends Linked {
  revision: string;
}

/** Full commit (GET one); the real service may leave out `content_url` and `parents`. */
export interface Commit extends CommitSummary {
  stats: CommitStats | null;
  /** [] when absent. */
  files: CommitFile[];
  content_url: string | null;
  /** [] when absent. */
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

export type VariableType = Tolerant<'VAR' | 'FILE' | 'SSH_KEY' | 'SSH_PUBLIC_KEY' | 'GPG_KEY' | 'IOS_KEYCHAIN' | 'IOS_PROVISION_PROFILES'>;
export type FilePlace = Tolerant<'CONTAINER' | 'NONE'>;

/**
 * A variable as answered by create and list. Which fields are present depends on scope and type
 * (see the narrower types below); every answer has id and key (value '' and type VAR when absent).
 * An encrypted `value` starts with `secure!` or `!encrypted ` and is not the plain value: never
 * show or log it as such (isEncryptedValue).
 */
export interface Variable {
  url?: string | null;
  html_url?: string | null;
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

/** Answer for an encrypted SSH_KEY variable (value is `secure!…` or `!encrypted …`). */
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
  | { type: 'VAR'; value: string; /** true: stored encrypted, never answered in plain again */ encrypted?: boolean }
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

/**
 * Body of PATCH /workspaces/:workspace/variables/:variable_id. `key` is required (send the current
 * key to keep it); every other field is changed only when given. Scope and type never change, and
 * an encrypted variable cannot become plain (`encrypted: false` is refused).
 */
export interface VariableUpdate {
  key: string;
  value?: string;
  description?: string;
  settable?: boolean;
  run_only_settable?: boolean;
  /** true: the value is stored encrypted from now on (cannot be undone). */
  encrypted?: true;
  file_path?: string;
  /** Three or four octal digits, e.g. `600`. */
  file_chmod?: string;
  file_place?: FilePlace;
}

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
