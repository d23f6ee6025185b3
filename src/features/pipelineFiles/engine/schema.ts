// The JSON Schema of a pipeline definition (pipeline and action levels), from the service's YAML
// documentation, descriptions in our words, covering the three generations (conventions.md):
// 1. `trigger_mode`, `ref_name`, `trigger_condition`; 2. `on`, `refs`, `events`; 3. no `on`,
// `refs` and `events`, `name`, `priority`, … What it checks is only what the service certainly
// refuses: a list or an object where a text is expected (or the other way round), a missing
// `pipeline` or action `type`. A text field given a number or a boolean is accepted (YAML readers
// turn `20` into a number; the service reads it as text). An action type's own fields are not
// listed (well over a hundred types): unknown action keys are never a problem. Pure data.

/** A scalar: text, a number, a boolean, or empty. */
const scalar = { type: ['string', 'number', 'boolean', 'null'] };
const bool = { type: ['boolean', 'string', 'null'] };
const num = { type: ['number', 'string', 'null'] };
const texts = { type: ['array', 'string', 'null'], items: scalar };

const described = <T extends object>(description: string, s: T): T & { description: string } => ({ ...s, description });
const choice = (description: string, values: readonly string[]): { description: string; type: string[]; enum: (string | null)[] } => ({
  description,
  type: ['string', 'null'],
  enum: [...values, null],
});

export const ACTION_TYPES = [
  'BUILD',
  'SSH_COMMAND',
  'SFTP',
  'FTP',
  'FTPS',
  'RSYNC',
  'SLACK',
  'EMAIL',
  'HTTP',
  'RUN_NEXT_PIPELINE',
  'DOCKERFILE',
  'RUN_DOCKER_CONTAINER',
  'DOCKER_PUSH',
  'KUBERNETES_APPLY',
  'KUBERNETES_RUN_POD',
  'KUBERNETES_SET_IMAGE',
  'HELM',
  'WAIT_FOR_APPLY',
  'WAIT_FOR_VARIABLES',
  'AMAZON_S3',
  'AWS_CLI',
  'AWS_CLI_2',
  'AWS_LAMBDA',
  'AWS_ECS',
  'CLOUDFRONT',
  'GOOGLE_CLOUD_STORAGE',
  'GCLOUD_CLI',
  'AZURE',
  'AZURE_CLI',
  'HEROKU',
  'NETLIFY',
  'FIREBASE',
  'GIT_PUSH',
  'TRIGGER_PIPELINE',
  'SET_VARIABLES',
  'SLEEP',
  'PING',
  'TCP',
  'WEB',
  'DISCORD',
  'MICROSOFT_TEAMS',
  'TELEGRAM',
  'PUSHOVER',
  'SENTRY',
  'DATADOG',
  'NEW_RELIC',
  'ANDROID_BUILD',
  'XCODE',
  'NATIVE_BUILD_MAC',
  'NATIVE_BUILD_LINUX',
  'NATIVE_BUILD_WINDOWS',
  'BDY_CLI',
  'SCRIPT',
] as const;

export const EVENT_TYPES = ['PUSH', 'CREATE_REF', 'DELETE_REF', 'PULL_REQUEST', 'SCHEDULE', 'WEBHOOK', 'EMAIL'] as const;
export const PRIORITIES = ['LOW', 'NORMAL', 'HIGH'] as const;
export const TRIGGER_MODES_2 = ['CLICK', 'EVENT', 'SCHEDULE'] as const;
export const TRIGGER_MODES_1 = ['MANUAL', 'ON_EVERY_PUSH', 'SCHEDULED'] as const;
export const TRIGGER_TIMES = ['ON_EVERY_EXECUTION', 'ON_FAILURE', 'ON_BACK_TO_SUCCESS', 'ON_WARNING', 'ON_WAIT_FOR_APPROVE', 'ON_TERMINATE'] as const;
export const SHELLS = ['SH', 'BASH', 'POWERSHELL'] as const;
export const TRIGGER_CONDITIONS = [
  'ALWAYS',
  'ON_CHANGE',
  'ON_CHANGE_AT_PATH',
  'VAR_IS',
  'VAR_IS_NOT',
  'VAR_CONTAINS',
  'VAR_NOT_CONTAINS',
  'VAR_LESS_THAN',
  'VAR_GREATER_THAN',
  'DATETIME',
  'SUCCESS_PIPELINE',
  'TRIGGERING_USER_IS',
  'TRIGGERING_USER_IS_NOT',
  'TRIGGERING_USER_IS_IN_GROUP',
] as const;

const variable = {
  type: 'object',
  required: ['key'],
  properties: {
    key: described('The variable\u2019s name, used as $NAME.', scalar),
    value: described('Its value; an encrypted one is written as `secure!…` or `!encrypted …`.', scalar),
    type: choice('What the variable holds; VAR for text.', ['VAR', 'FILE', 'SSH_KEY', 'SSH_PUBLIC_KEY', 'GPG_KEY', 'IOS_KEYCHAIN', 'IOS_PROVISION_PROFILES']),
    settable: described('Whether a run may be given another value.', bool),
    run_only_settable: described('Whether only a run may set it.', bool),
    encrypted: described('Whether the value is kept encrypted (never shown in logs).', bool),
    description: described('What the variable is for.', scalar),
    init_path: described('Where a file variable is written.', scalar),
    file_path: described('Where a file variable is written.', scalar),
    file_chmod: described('The file\u2019s permissions.', scalar),
    defaults: described('The value a settable variable proposes.', scalar),
  },
};

const triggerCondition = {
  type: 'object',
  properties: {
    trigger_condition: choice('When the pipeline or action may run.', TRIGGER_CONDITIONS),
    trigger_condition_paths: described('Paths whose change counts.', texts),
    trigger_variable_key: described('The variable compared.', scalar),
    trigger_variable_value: described('The value it is compared with.', scalar),
    trigger_hours: described('Hours of the day it may run.', { type: ['array', 'null'] }),
    trigger_days: described('Days it may run.', { type: ['array', 'null'] }),
    zone_id: described('The time zone of the hours and days.', scalar),
    trigger_project_name: described('The project of the pipeline that must have succeeded.', scalar),
    trigger_pipeline_name: described('The pipeline that must have succeeded.', scalar),
  },
};

const event = {
  type: 'object',
  properties: {
    type: choice('What starts the pipeline.', EVENT_TYPES),
    refs: described('Branches, tags or patterns the event must match.', texts),
    cron: described('When, as a cron expression (SCHEDULE).', scalar),
    timezone: described('The time zone of the cron expression.', scalar),
  },
};

const inlineTarget = {
  type: 'object',
  properties: {
    target: described('The target\u2019s identifier, named by actions\u2019 `targets`.', scalar),
    type: described('The kind of server or service: SSH, FTP, SFTP, …', scalar),
    host: described('Its host name or address.', scalar),
    port: described('Its port.', scalar),
    path: described('The folder on the target.', scalar),
    auth: described('How to log in: `method`, `username`, `password` or `key`.', { type: ['object', 'null'] }),
  },
};

export const actionSchema = {
  type: 'object',
  required: ['type'],
  properties: {
    action: described('The action\u2019s name, as runs show it.', scalar),
    type: described('What the action does (BUILD, SSH_COMMAND, SFTP, …); each type has fields of its own.', { type: 'string' }),
    trigger_time: choice('When the action runs: on every run, on failure, …', TRIGGER_TIMES),
    run_only_on_first_failure: described('With ON_FAILURE: only on the first failure.', bool),
    disabled: described('The action is skipped.', bool),
    timeout: described('Seconds before the action is stopped.', num),
    ignore_errors: described('A failure marks a warning and the run goes on.', bool),
    retry_count: described('How many times to retry a failure.', num),
    retry_interval: described('Seconds between retries.', num),
    loop: described('Values to run the action once for each.', texts),
    variables: described('Variables of this action only (the innermost scope).', { type: ['array', 'null'], items: variable }),
    trigger_conditions: described('Conditions all to be met for the action to run.', { type: ['array', 'null'], items: triggerCondition }),
    trigger_condition: described('The condition to run (older form).', scalar),
    targets: described('Targets deployed to, by identifier: the pipeline\u2019s own or the workspace\u2019s.', { type: ['array', 'string', 'null'] }),
    integration: described('The integration the action signs in with.', scalar),
    docker_image_name: described('The image the commands run in.', scalar),
    docker_image_tag: described('The image\u2019s tag.', scalar),
    execute_commands: described('Shell commands, one per line.', texts),
    setup_commands: described('Commands run before, to prepare the environment.', texts),
    commands: described('Shell commands, one per line.', texts),
    shell: choice('The shell the commands run in.', SHELLS),
    local_path: described('The folder of the pipeline\u2019s filesystem to take files from.', scalar),
    remote_path: described('The folder on the target.', scalar),
    content: described('The message sent.', scalar),
    cached_dirs: described('Folders kept between runs.', texts),
    volume_mappings: described('Folders mapped into the container.', texts),
    services: described('Services the action\u2019s container talks to.', { type: ['array', 'null'] }),
  },
};

export const pipelineSchema = {
  type: 'object',
  required: ['pipeline'],
  properties: {
    pipeline: described('The pipeline\u2019s identifier (current form: lowercase letters, digits and underscores, starting with a letter); in older files its name.', scalar),
    name: described('The pipeline\u2019s display name.', scalar),
    identifier: described('The pipeline\u2019s identifier.', scalar),
    on: choice('How runs start (second generation): CLICK, EVENT or SCHEDULE.', TRIGGER_MODES_2),
    trigger_mode: choice('How runs start (oldest generation): MANUAL, ON_EVERY_PUSH or SCHEDULED.', TRIGGER_MODES_1),
    ref_name: described('The branch runs use (oldest generation).', scalar),
    ref_type: choice('What ref_name names (oldest generation).', ['BRANCH', 'TAG', 'WILDCARD', 'PULL_REQUEST', 'NONE']),
    trigger_condition: described('The condition to run (oldest generation).', scalar),
    refs: described('Branches or tags the pipeline runs on.', texts),
    events: described('Events that start a run (PUSH, SCHEDULE, …) with the refs they match.', { type: ['array', 'null'], items: event }),
    trigger_conditions: described('Conditions all to be met for a run to start.', { type: ['array', 'null'], items: triggerCondition }),
    priority: choice('The run\u2019s place in the queue: LOW, NORMAL or HIGH.', PRIORITIES),
    cron: described('When scheduled runs start, as a cron expression.', scalar),
    start_date: described('When scheduled runs begin.', scalar),
    delay: described('Minutes between scheduled runs.', num),
    paused: described('Scheduled runs are paused.', bool),
    disabled: described('The pipeline does not run.', bool),
    loop: described('Values to run the pipeline once for each.', texts),
    always_from_scratch: described('Upload everything on every run, not only what changed.', bool),
    auto_clear_cache: described('Clear the cache before every run.', bool),
    no_skip_to_most_recent: described('Do not skip queued runs to the newest.', bool),
    do_not_create_commit_status: described('Do not report the run\u2019s status to the Git host.', bool),
    fail_on_prepare_env_warning: described('A warning while preparing the environment fails the run.', bool),
    fetch_all_refs: described('Fetch every branch and tag, not only the run\u2019s.', bool),
    concurrent_pipeline_runs: described('Runs may run at the same time.', bool),
    description_required: described('A run must be given a comment.', bool),
    change_set_base: described('What the run\u2019s changes are compared with.', scalar),
    execution_message_template: described('The title runs are given.', scalar),
    target_site_url: described('The address of the deployed site.', scalar),
    definition_source: choice('Where the definition is kept: LOCAL (the service) or REMOTE (Git).', ['LOCAL', 'REMOTE']),
    git_config_ref: choice('How the Git definition is chosen: NONE, DYNAMIC or FIXED.', ['NONE', 'DYNAMIC', 'FIXED']),
    tags: described('Labels of the pipeline.', texts),
    folder: described('The folder the pipeline is listed in.', scalar),
    variables: described('Variables of this pipeline (over the project\u2019s and the workspace\u2019s).', { type: ['array', 'null'], items: variable }),
    targets: described('Targets defined in this file, named by actions\u2019 `targets`.', { type: ['array', 'null'], items: inlineTarget }),
    actions: described('The actions, run in order.', { type: ['array', 'null'], items: actionSchema }),
  },
};

export type Level = 'pipeline' | 'action' | 'variable' | 'event' | 'trigger_condition' | 'target';

interface Props {
  properties: Record<string, { description?: string; enum?: readonly (string | null)[] }>;
}

/** The keys each level documents (for completion and hover). */
export function propertiesOf(level: Level): Props['properties'] {
  switch (level) {
    case 'pipeline':
      return pipelineSchema.properties;
    case 'action':
      return actionSchema.properties;
    case 'variable':
      return variable.properties;
    case 'event':
      return event.properties;
    case 'trigger_condition':
      return triggerCondition.properties;
    case 'target':
      return inlineTarget.properties;
  }
}

/** The values an enumerated key takes, for completion (action `type` included). */
export function valuesOf(level: Level, key: string): readonly string[] | undefined {
  if (level === 'action' && key === 'type') {
    return ACTION_TYPES;
  }
  const values = propertiesOf(level)[key]?.enum;
  return values?.filter((v): v is string => typeof v === 'string');
}
