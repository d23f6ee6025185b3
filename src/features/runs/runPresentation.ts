// How a run (or an action of one) shows: its status as a codicon and theme colour, finished or
// waiting for a person, a row's label, description and tooltip, and the notice at its end. Plain
// text only (no Markdown); the display language comes in as a parameter. No vscode import.
import * as l10n from '@vscode/l10n';
import { isFinished, personOperation } from '../../api';
import { formatDateTime, formatDuration, formatRelative } from '../../ui/localeFormat';
import { noLinks } from '../../ui/markdown';

/** A codicon id (`sync~spin` spins) and the theme colour id to paint it with, when any. */
export interface StatusIcon {
  readonly id: string;
  readonly color: string | undefined;
}

interface KnownStatus {
  readonly icon: StatusIcon;
  readonly label: () => string;
}

const WAITING_COLOR = 'list.warningForeground';
const waitingForVariables: KnownStatus = { icon: { id: 'symbol-variable', color: WAITING_COLOR }, label: () => l10n.t('Waiting for variables') };

// A Map, so that a status such as `constructor` or `__proto__` is only an unknown word.
const KNOWN = new Map<string, KnownStatus>([
  ['INITIAL', { icon: { id: 'circle-outline', color: 'testing.iconUnset' }, label: () => l10n.t('Created') }],
  ['ENQUEUED', { icon: { id: 'watch', color: 'testing.iconQueued' }, label: () => l10n.t('Queued') }],
  ['INPROGRESS', { icon: { id: 'sync~spin', color: undefined }, label: () => l10n.t('Running') }],
  ['TERMINATING', { icon: { id: 'sync~spin', color: 'testing.iconSkipped' }, label: () => l10n.t('Cancelling') }],
  ['SUCCESSFUL', { icon: { id: 'pass', color: 'testing.iconPassed' }, label: () => l10n.t('Succeeded') }],
  ['FAILED', { icon: { id: 'error', color: 'testing.iconFailed' }, label: () => l10n.t('Failed') }],
  ['TERMINATED', { icon: { id: 'circle-slash', color: 'testing.iconSkipped' }, label: () => l10n.t('Cancelled') }],
  ['SKIPPED', { icon: { id: 'debug-step-over', color: 'testing.iconSkipped' }, label: () => l10n.t('Skipped') }],
  ['NOT_EXECUTED', { icon: { id: 'circle-outline', color: 'testing.iconSkipped' }, label: () => l10n.t('Not run') }],
  ['WAITING_FOR_APPLY', { icon: { id: 'debug-pause', color: WAITING_COLOR }, label: () => l10n.t('Waiting for approval') }],
  ['WAITING_FOR_VARIABLES', waitingForVariables],
  ['WAITING_FOR_SETTABLE_VARIABLES', waitingForVariables],
  ['WAITING_FOR_VT_SESSION', { icon: { id: 'terminal', color: 'testing.iconQueued' }, label: () => l10n.t('Waiting for a terminal session') }],
]);

/** An unknown status shows as it came, with a neutral icon. */
const UNKNOWN_ICON: StatusIcon = { id: 'question', color: undefined };

/** The status as compared: trimmed, upper case ('' when missing or not text). */
function statusWord(status: unknown): string {
  return typeof status === 'string' ? status.trim().toUpperCase() : '';
}

export function statusIcon(status: string | null | undefined): StatusIcon {
  return KNOWN.get(statusWord(status))?.icon ?? UNKNOWN_ICON;
}

/** The status in the person's words; an unknown one as the service wrote it. */
export function statusLabel(status: string | null | undefined): string {
  const known = KNOWN.get(statusWord(status));
  if (known !== undefined) {
    return known.label();
  }
  const shown = oneLine(status, MAX_NAME);
  return shown === '' ? l10n.t('unknown') : shown;
}

/**
 * What a person must do for the run to go on: approve it or give variables. Which statuses wait
 * for whom is the client's rule (`personOperation`, api/runStatus.ts); this only names it.
 */
export function personNeeded(status: string | null | undefined): 'apply' | 'variables' | undefined {
  const operation = personOperation(status);
  return operation === 'APPLY' ? 'apply' : operation === 'APPLY_VARIABLES' ? 'variables' : undefined;
}

/** Names and messages from the service are cut to this in rows and notices. */
export const MAX_NAME = 80;

// Bidirectional overrides and isolates would let a name reorder the text shown around it.
const LINE_BREAKERS = /[\p{Cc}\p{Zl}\p{Zp}\u202a-\u202e\u2066-\u2069\s]+/gu;

/** Text from outside on one line: control characters and line breaks as one space, at most `max` characters (`…` where cut). */
export function oneLine(text: unknown, max: number): string {
  const line = (typeof text === 'string' ? text : text == null ? '' : String(text)).replace(LINE_BREAKERS, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** A sha as its first 7 characters; any other revision (`HEAD`, a tag) as it is, on one line. */
export function shortRevision(revision: string | null | undefined): string {
  const text = oneLine(revision, MAX_NAME);
  return /^[0-9a-f]{8,64}$/i.test(text) ? text.slice(0, 7) : text;
}

/** What a run's row, tooltip and notice need, read tolerantly by the caller from the execution. */
export interface RunFacts {
  readonly id: number | string | undefined;
  readonly status: string | undefined;
  readonly branch?: string;
  readonly revision?: string;
  readonly creator?: string;
  readonly startDate?: Date;
  readonly finishDate?: Date;
  readonly comment?: string;
}

export interface RunRow {
  readonly label: string;
  readonly description: string;
  readonly tooltip: string;
  readonly icon: StatusIcon;
}

/** `#12`: the run's number as the service gave it (not grouped like a count). */
function runNumber(id: RunFacts['id']): string {
  const text = oneLine(id, 20);
  return `#${text === '' ? '?' : text}`;
}

/** How long it ran (finished) or has run so far (started, not finished); undefined before it starts. */
function runLength(run: RunFacts, now: Date): number | undefined {
  if (run.startDate === undefined) {
    return undefined;
  }
  const end = isFinished(run.status) && run.finishDate !== undefined ? run.finishDate : now;
  return end.getTime() - run.startDate.getTime();
}

/**
 * A run's row: label `#12 main` (the branch, else the short revision); description who started
 * it, when, and how long it took (or "… so far", or what it waits for).
 */
export function runRow(run: RunFacts, now: Date, language: string | undefined): RunRow {
  const ref = oneLine(run.branch, MAX_NAME) || shortRevision(run.revision);
  const label = ref === '' ? runNumber(run.id) : `${runNumber(run.id)} ${ref}`;
  const parts: string[] = [];
  const creator = oneLine(run.creator, MAX_NAME);
  if (creator !== '') {
    parts.push(creator);
  }
  if (run.startDate !== undefined) {
    parts.push(formatRelative(run.startDate, now, language));
  }
  const length = runLength(run, now);
  if (personNeeded(run.status) !== undefined) {
    parts.push(statusLabel(run.status));
  } else if (length !== undefined) {
    parts.push(isFinished(run.status) ? formatDuration(length, language) : l10n.t('{0} so far', formatDuration(length, language)));
  }
  return { label, description: parts.join(' · '), tooltip: runTooltip(run, now, language), icon: statusIcon(run.status) };
}

/** The run's facts, one a line, in plain text. */
export function runTooltip(run: RunFacts, now: Date, language: string | undefined): string {
  const lines = [l10n.t('Run {0}: {1}', runNumber(run.id), statusLabel(run.status))];
  const branch = oneLine(run.branch, MAX_NAME);
  if (branch !== '') {
    lines.push(l10n.t('Branch: {0}', branch));
  }
  const revision = oneLine(run.revision, MAX_NAME);
  if (revision !== '') {
    lines.push(l10n.t('Revision: {0}', revision));
  }
  const creator = oneLine(run.creator, MAX_NAME);
  if (creator !== '') {
    lines.push(l10n.t('Started by {0}', creator));
  }
  if (run.startDate !== undefined) {
    lines.push(l10n.t('Started: {0}', formatDateTime(run.startDate, language)));
  }
  if (run.finishDate !== undefined && isFinished(run.status)) {
    lines.push(l10n.t('Finished: {0}', formatDateTime(run.finishDate, language)));
  }
  const length = runLength(run, now);
  if (length !== undefined) {
    lines.push(l10n.t('Duration: {0}', formatDuration(length, language)));
  }
  const comment = oneLine(run.comment, 200);
  if (comment !== '') {
    lines.push(l10n.t('Comment: {0}', comment));
  }
  return lines.join('\n');
}

/** The first failed action's name, for "failed in action X". */
export function firstFailedAction(actions: readonly { readonly status?: string; readonly name?: string }[]): string | undefined {
  const failed = actions.find((a) => statusWord(a.status) === 'FAILED');
  const name = oneLine(failed?.name, MAX_NAME);
  return name === '' ? undefined : name;
}

export interface RunNoticeFacts extends RunFacts {
  readonly pipelineName: string | undefined;
  /** The action that failed (firstFailedAction), for a failed run. */
  readonly failedAction?: string;
}

/**
 * The sentence for the end of a followed run ("Run #12 of Deploy succeeded in 1 min 4 sec", "…
 * failed in action Test", "… was cancelled"), or for one waiting for a person; undefined while it
 * simply runs. Plain text, with no link a name could make (noLinks), and no final stop (a duration in
 * German ends with one: "4 Sek.").
 */
export function runNotice(run: RunNoticeFacts, language: string | undefined): string | undefined {
  const number = runNumber(run.id);
  const pipeline = oneLine(run.pipelineName, MAX_NAME) || l10n.t('(unnamed pipeline)');
  const word = statusWord(run.status);
  const need = personNeeded(word);
  let text: string | undefined;
  if (need === 'apply') {
    text = l10n.t('Run {0} of {1} is waiting for approval', number, pipeline);
  } else if (need === 'variables') {
    text = l10n.t('Run {0} of {1} is waiting for variables', number, pipeline);
  } else if (word === 'SUCCESSFUL') {
    const length = run.startDate && run.finishDate ? run.finishDate.getTime() - run.startDate.getTime() : undefined;
    text =
      length === undefined
        ? l10n.t('Run {0} of {1} succeeded', number, pipeline)
        : l10n.t('Run {0} of {1} succeeded in {2}', number, pipeline, formatDuration(length, language));
  } else if (word === 'FAILED') {
    const action = oneLine(run.failedAction, MAX_NAME);
    text = action === '' ? l10n.t('Run {0} of {1} failed', number, pipeline) : l10n.t('Run {0} of {1} failed in action {2}', number, pipeline, action);
  } else if (word === 'TERMINATED') {
    text = l10n.t('Run {0} of {1} was cancelled', number, pipeline);
  } else if (isFinished(word)) {
    text = l10n.t('Run {0} of {1} ended: {2}', number, pipeline, statusLabel(word));
  }
  return text === undefined ? undefined : noLinks(text);
}
