// Tiny hand-written validators, tolerant by design: an answer is checked at the edge for what the
// code needs to work (ids, keys, revisions, a project's name, a target's id where opening it needs
// it), so that a missing identity becomes an error here instead of a crash later in a view. Display
// fields may be absent or null (the views fall back: see tolerant.ts). One bad item of a list never
// loses the list: it is left out and recorded (itemProblems), the good items stay. The checked
// object is returned as it is: unknown extra fields and unknown enum values are kept. A few
// normalisations: an absent nullable field becomes null, a null list becomes [], a numeric `port`
// becomes a string, a null variable `value` becomes ''.
import { aliased, answer, arr, bool, envelope, field, int, items, list, nul, obj, opt, ShapeError, str, strFromNum, strOrInt, text, withRule } from './checks';
import type {
  Action,
  Commit,
  CommitSummary,
  Pipeline,
  Project,
  ProjectRef,
  Target,
  TargetSummary,
  TokenInfo,
  User,
  Variable,
  Workspace,
} from './models';
import { recordTotals } from './paging';
import type { ActionExecution, Execution, ExecutionLog, ExecutionSummary } from './runs';

// url and html_url are links for people: absent in many of the real service's list items.
const linked = { url: opt(str), html_url: opt(str) };

/** A text shown as it is: null or absent becomes ''. */
const textOrBlank = field((v) => (v === null ? '' : str(v)), { absentAs: () => '' });

/** A member, or someone who is not one (a commit author known only by `{name, email}`). */
const member = obj({
  ...linked,
  id: opt(int),
  name: opt(str),
  avatar_url: opt(str),
  email: opt(str),
  admin: opt(bool),
  workspace_owner: opt(bool),
});

/** `domain` names the workspace in every path. */
const workspace = obj({ ...linked, id: opt(int), name: opt(str), domain: str });

/** Every field of GET /user is optional in the reference. */
const user = obj({ ...linked, id: opt(int), name: opt(str), avatar_url: opt(str), email: opt(str), workspaces_url: opt(str) });

/** The scope list is a hint only (absent: unknown); `id` is an opaque string or a number. */
const tokenInfo = obj({
  id: opt(strOrInt),
  name: opt(str),
  expires_at: opt(str),
  expires_in: opt(int),
  scopes: opt(arr(str)),
  ip_restrictions: opt(arr(str)),
  workspace_restrictions: opt(arr(str)),
});

/** A project's `name` is in every path under it. */
const projectRefFields = { ...linked, name: str, display_name: opt(str), status: opt(str) };
const projectRef = obj(projectRefFields);
const project = obj({
  ...projectRefFields,
  create_date: nul(str),
  created_by: nul(member),
  http_repository: nul(str),
  ssh_repository: nul(str),
  default_branch: nul(str),
});

/** `id` is in the paths of actions and in variable scopes; `on`/`refs` or `trigger_mode`/`ref_name`. */
const pipeline = obj({
  ...linked,
  id: int,
  name: opt(str),
  identifier: opt(str),
  on: nul(str),
  refs: nul(arr(str)),
  trigger_mode: opt(str),
  ref_name: opt(str),
  last_execution_status: nul(str),
  last_execution_revision: nul(str),
  definition_source: opt(str),
  git_config_ref: opt(str),
});

const action = obj({ ...linked, id: int, name: opt(str), type: opt(str) });

/** An allowed pipeline: its `id` is what "may this pipeline use the target" compares. */
const pipelineRef = obj({ ...linked, id: int, name: opt(str) });

const targetSummaryFields = {
  ...linked,
  id: opt(strFromNum),
  identifier: opt(str),
  name: opt(str),
  type: opt(str),
  host: opt(str),
  port: opt(strFromNum),
  path: opt(str),
  tags: list(str),
  all_pipelines_allowed: opt(bool),
  pipelines_access_level: opt(str),
  scope: opt(str),
  auth: opt(obj({ method: opt(str), username: opt(str), password: opt(str) })),
};
/** A target is opened by its `id`; only a MATCH item (a filter, never opened) may come without one. */
const targetIdRule = (o: Record<string, unknown>): void => {
  if (o.id === undefined && o.type !== 'MATCH') {
    throw new ShapeError('id', 'a value', undefined);
  }
};
const targetSummary = withRule(obj(targetSummaryFields), targetIdRule);
const target = withRule(
  obj({
    ...targetSummaryFields,
    permissions: opt(obj({ others: opt(str), users: items(obj({ id: opt(int), access_level: opt(str) })) })),
    allowed_pipelines: items(pipelineRef),
    sandboxes_access_level: opt(str),
    disabled: opt(bool),
  }),
  targetIdRule,
);

/** A commit is opened by its `revision`; dates and people are for display. */
const commitSummaryFields = {
  ...linked,
  revision: str,
  short_revision: opt(str),
  author_date: nul(str),
  commit_date: nul(str),
  message: textOrBlank,
  author: nul(member),
  committer: nul(member),
};
const commitSummary = obj(commitSummaryFields);
/** A changed file is shown by its `file_name`. */
const commitFile = obj({
  file_name: str,
  status: opt(str),
  additions: opt(int),
  deletions: opt(int),
  total: opt(int),
  patch: nul(str),
});
const commit = obj({
  ...commitSummaryFields,
  stats: nul(obj({ additions: opt(int), deletions: opt(int), total: opt(int) })),
  files: items(commitFile),
  content_url: nul(str),
  parents: items(obj({ ...linked, revision: str })),
});

/** A variable is changed and deleted by its `id`; its `key` is what people and pipelines use. */
const variable = obj({
  ...linked,
  id: int,
  key: str,
  value: textOrBlank,
  type: field(str, { absentAs: () => 'VAR' }),
  encrypted: opt(bool),
  description: opt(str),
  settable: opt(bool),
  run_only_settable: opt(bool),
  file_path: opt(str),
  file_chmod: opt(strFromNum),
  file_place: opt(str),
  public_value: opt(str),
  key_fingerprint: opt(str),
  checksum: opt(str),
  project: opt(projectRef),
});

// Runs: a run is opened by its `id`; everything else is for display and may come in camelCase.

const runRef = obj({ ...linked, name: opt(str), default: opt(bool) });
const runRevision = obj({ ...linked, revision: opt(str) });

const EXECUTION_NAMES = {
  triggered_on: ['triggeredOn', 'mode'],
  start_date: ['startDate'],
  finish_date: ['finishDate'],
  clear_cache: ['clearCache'],
  pull_request: ['pullRequest'],
  to_revision: ['toRevision'],
  from_revision: ['fromRevision'],
  delay_until: ['delayUntil'],
  action_executions: ['actionExecutions'],
};
const executionSummaryFields = {
  ...linked,
  id: int,
  status: nul(str),
  start_date: nul(str),
  finish_date: nul(str),
  triggered_on: opt(str),
  priority: opt(str),
  refresh: opt(bool),
  clear_cache: opt(bool),
  comment: opt(str),
  branch: opt(runRef),
  tag: opt(runRef),
  pull_request: opt(runRef),
  to_revision: opt(runRevision),
  from_revision: opt(runRevision),
  creator: opt(member),
  delay_until: opt(str),
};
const executionSummary = aliased(EXECUTION_NAMES, obj(executionSummaryFields));

const runAction = obj({
  ...linked,
  id: opt(int),
  name: opt(str),
  type: opt(str),
  question: opt(str),
  variables: items(obj({ key: str, type: opt(str), description: opt(str), defaults: opt(strFromNum) })),
});
/** No field is required: an action execution of an older page has no id of its own, and is still shown. */
const actionExecution = aliased(
  {
    action_execution_id: ['actionExecutionId'],
    start_date: ['startDate'],
    finish_date: ['finishDate'],
    error_message: ['errorMessage'],
    error_code: ['errorCode'],
    approver_id: ['approverId'],
    approval_date: ['approvalDate'],
    passed_variables: ['passedVariables'],
  },
  obj({
    ...linked,
    action_execution_id: opt(str),
    status: nul(str),
    progress: opt(int),
    start_date: nul(str),
    finish_date: nul(str),
    error_message: opt(str),
    error_code: opt(int),
    action: opt(runAction),
    log: opt(arr(text)),
    approver_id: opt(int),
    approval_date: opt(str),
    passed_variables: items(obj({ key: str, value: opt(text) })),
  }),
);
const execution = aliased(EXECUTION_NAMES, obj({ ...executionSummaryFields, action_executions: items(actionExecution) }));

/** A page of log lines: every line is kept as text (a line the code cannot read is no reason to lose the page). */
const executionLog = withRule(
  aliased(
    { element_count: ['elementCount'], total_element_count: ['totalElementCount'] },
    obj({ ...linked, offset: opt(int), element_count: opt(int), total_element_count: nul(int), logs: list(text) }),
  ),
  (o) => {
    o.element_count ??= (o.logs as unknown[]).length;
  },
);

const executionList = answer<ExecutionSummary[]>(envelope('executions', executionSummary));

/** Validators per answer; each returns the (same, possibly normalised) value typed. */
export const validators = {
  user: answer<User>(user),
  tokenInfo: answer<TokenInfo>(tokenInfo),
  workspaces: answer<Workspace[]>(envelope('workspaces', workspace)),
  projects: answer<ProjectRef[]>(envelope('projects', projectRef)),
  project: answer<Project>(project),
  pipelines: answer<Pipeline[]>(envelope('pipelines', pipeline)),
  actions: answer<Action[]>(envelope('actions', action)),
  targets: answer<TargetSummary[]>(envelope('targets', targetSummary)),
  target: answer<Target>(target),
  commits: answer<CommitSummary[]>(envelope('commits', commitSummary)),
  commit: answer<Commit>(commit),
  variable: answer<Variable>(variable),
  variables: answer<Variable[]>(envelope('variables', variable)),
  /** The run list; the envelope's counts are kept for listTotals(). */
  executions: (json: unknown, at: string): ExecutionSummary[] => recordTotals(executionList(json, at), json),
  execution: answer<Execution>(execution),
  actionExecution: answer<ActionExecution>(actionExecution),
  /** `offset` is required of the client's callers only: an answer without it is read from 0 (getLogs() puts the asked offset). */
  executionLog: answer<ExecutionLog>(executionLog),
};
