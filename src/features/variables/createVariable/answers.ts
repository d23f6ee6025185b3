// The answers of the Create Variable flow: what the steps ask, what an item of the Projects view
// presets (the request they become is variableRequest.ts, free of vscode). The answers are kept
// while the flow runs so that Retry and Edit start from them; they never hold a private key (only
// the URI of its file, read again just before sending). No vscode at run time (the Uri is a type):
// the unit tests run it in plain Node.
import * as l10n from '@vscode/l10n';
import type { Uri } from 'vscode';
import type { VariableRequestAnswers } from './variableRequest';

export interface VariableAnswers extends VariableRequestAnswers {
  /** Which of scope, project, pipeline and action came from the item the command was run on. */
  preset: { scope: boolean; project: boolean; pipeline: boolean; action: boolean };
  /** VAR: the value. */
  value?: string;
  /** SSH_KEY: the private key file (read just before sending). SSH_PUBLIC_KEY: the .pub file, when picked. */
  keyFile?: Uri;
  /** SSH_PUBLIC_KEY: taken from keyFile or pasted. */
  publicKeySource?: 'file' | 'paste';
  /** SSH_PUBLIC_KEY: the pasted line. */
  pastedPublicKey?: string;
}

export function emptyAnswers(): VariableAnswers {
  return { preset: { scope: false, project: false, pipeline: false, action: false } };
}

/**
 * Answers preset from the item the command was run on: a project, pipeline or action of the
 * Projects view. Read defensively: anything else (a palette run, an unknown item) presets nothing.
 */
export function answersFromItem(item: unknown): VariableAnswers {
  const answers = emptyAnswers();
  if (typeof item !== 'object' || item === null) {
    return answers;
  }
  const node = item as Record<string, unknown>;
  const project = projectOf(node);
  const pipeline = namedId(node.pipeline) ?? (typeof node.pipelineId === 'number' ? { id: node.pipelineId, name: String(node.pipelineId) } : undefined);
  const action = namedId(node.action);
  // A key proposed by whoever opened the flow (a pipeline file's quick fix): kept editable.
  if (typeof node.key === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(node.key) && node.key.length <= 200) {
    answers.key = node.key;
  }
  if (project && pipeline && action) {
    Object.assign(answers, { scope: 'action', project, pipeline, action });
    answers.preset = { scope: true, project: true, pipeline: true, action: true };
  } else if (project && pipeline) {
    Object.assign(answers, { scope: 'pipeline', project, pipeline });
    answers.preset = { scope: true, project: true, pipeline: true, action: false };
  } else if (project && !node.action && !node.pipelineId) {
    Object.assign(answers, { scope: 'project', project });
    answers.preset = { scope: true, project: true, pipeline: false, action: false };
  }
  return answers;
}

function projectOf(node: Record<string, unknown>): { name: string; displayName: string } | undefined {
  const project = node.project;
  if (typeof project === 'object' && project !== null) {
    const { name, display_name } = project as Record<string, unknown>;
    if (typeof name === 'string' && name !== '') {
      return { name, displayName: typeof display_name === 'string' && display_name !== '' ? display_name : name };
    }
  }
  if (typeof node.projectName === 'string' && node.projectName !== '') {
    return { name: node.projectName, displayName: node.projectName };
  }
  return undefined;
}

function namedId(value: unknown): { id: number; name: string } | undefined {
  if (typeof value === 'object' && value !== null) {
    const { id, name } = value as Record<string, unknown>;
    if (typeof id === 'number' && Number.isInteger(id)) {
      return { id, name: typeof name === 'string' && name !== '' ? name : String(id) };
    }
  }
  return undefined;
}

/** "workspace acme", "project Web App", "pipeline Deploy (project Web App)", … for messages. */
export function describeScope(answers: VariableAnswers, workspace: string): string {
  const project = answers.project?.displayName ?? '';
  switch (answers.scope) {
    case 'project':
      return l10n.t('project {0}', project);
    case 'pipeline':
      return l10n.t('pipeline {0} of project {1}', answers.pipeline?.name ?? '', project);
    case 'action':
      return l10n.t('action {0} of pipeline {1} (project {2})', answers.action?.name ?? '', answers.pipeline?.name ?? '', project);
    default:
      return l10n.t('workspace {0}', workspace);
  }
}

export function isSshKind(answers: VariableAnswers): boolean {
  return answers.type === 'SSH_KEY' || answers.type === 'SSH_PUBLIC_KEY';
}

/** A file name proposed for a key file: `~/.ssh/<key in lower case>`, `.pub` for public keys. */
export function proposedFilePath(answers: VariableAnswers): string {
  const base = (answers.key ?? 'id_key').toLowerCase();
  return answers.type === 'SSH_PUBLIC_KEY' ? `~/.ssh/${base}.pub` : `~/.ssh/${base}`;
}

export function proposedFileChmod(answers: VariableAnswers): string {
  return answers.type === 'SSH_PUBLIC_KEY' ? '644' : '600';
}
