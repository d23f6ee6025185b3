// How the answers of Create Variable become the client's VariableCreate request. No `vscode`
// here, so the mapping runs (and is tested, and mutation-tested) in plain Node.
import type { VariableCreate } from '../../../api';

export type VariableScope = 'workspace' | 'project' | 'pipeline' | 'action';
export type VariableKind = 'VAR' | 'SSH_KEY' | 'SSH_PUBLIC_KEY';

/** The answers the request is made of (the flow's VariableAnswers hold these and more). */
export interface VariableRequestAnswers {
  scope?: VariableScope;
  project?: { name: string; displayName: string };
  pipeline?: { id: number; name: string };
  action?: { id: number; name: string };
  type?: VariableKind;
  key?: string;
  /** VAR: a secret: hidden while typed, and stored encrypted (nobody reads it back). */
  secret?: boolean;
  description?: string;
  /** Project scope. */
  settable?: boolean;
  runOnlySettable?: boolean;
  /** SSH types. */
  filePath?: string;
  fileChmod?: string;
}

/** Whether the description is asked: the answers of pipeline and action variables do not carry one. */
export function takesDescription(answers: Pick<VariableRequestAnswers, 'scope'>): boolean {
  return answers.scope === 'workspace' || answers.scope === 'project';
}

/**
 * The request for the answers, with `value` the text to send (for SSH_KEY the private key just
 * read from its file). Throws when an answer the scope or type needs is missing.
 */
export function toVariableCreate(answers: VariableRequestAnswers, value: string): VariableCreate {
  if (!answers.key || !answers.type || !answers.scope) {
    throw new Error('The variable is not complete.');
  }
  const common = { key: answers.key, ...(takesDescription(answers) && answers.description ? { description: answers.description } : {}) };
  const file = {
    ...(answers.filePath ? { file_path: answers.filePath } : {}),
    ...(answers.fileChmod ? { file_chmod: answers.fileChmod } : {}),
    file_place: 'CONTAINER' as const,
  };
  const kind =
    answers.type === 'SSH_KEY'
      ? { type: 'SSH_KEY' as const, value, encrypted: true as const, ...file }
      : answers.type === 'SSH_PUBLIC_KEY'
        ? { type: 'SSH_PUBLIC_KEY' as const, value, ...file }
        : { type: 'VAR' as const, value, ...(answers.secret ? { encrypted: true } : {}) };
  switch (answers.scope) {
    case 'workspace':
      return { ...common, ...kind, scope: 'workspace' };
    case 'project':
      return {
        ...common,
        ...kind,
        scope: 'project',
        project: required(answers.project).name,
        settable: answers.settable ?? false,
        run_only_settable: answers.runOnlySettable ?? false,
      };
    case 'pipeline':
      return { ...common, ...kind, scope: 'pipeline', pipelineId: required(answers.pipeline).id };
    case 'action':
      return { ...common, ...kind, scope: 'action', actionId: required(answers.action).id };
  }
}

function required<T>(value: T | undefined): T {
  if (value === undefined) {
    throw new Error('The variable is not complete.');
  }
  return value;
}
