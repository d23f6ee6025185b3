// The words of the reading bundle's problems (it carries codes and arguments, no translations).
import * as vscode from 'vscode';
import type { Problem } from './engine/analyze';

export function problemMessage(p: Problem): string {
  const [a = '', b = ''] = p.args;
  switch (p.code) {
    case 'syntax':
      return vscode.l10n.t('YAML syntax: {0}', a);
    case 'tooLarge':
      return vscode.l10n.t('This file is larger than {0} characters: it is not checked.', a);
    case 'aliases':
      return vscode.l10n.t('This document\u2019s aliases expand to more than {0} nodes: it is not checked.', a);
    case 'depth':
      return vscode.l10n.t('Nested deeper than {0} levels: what is inside is not checked.', a);
    case 'wrongType':
      return vscode.l10n.t('{0} has the wrong type: the service expects {1}.', a, b.replace(/,?null/, '').replace(/,/g, ' or '));
    case 'missingPipeline':
      return vscode.l10n.t('A pipeline needs its `pipeline` key (its identifier).');
    case 'missingActionType':
      return vscode.l10n.t('An action needs its `type` (BUILD, SSH_COMMAND, SFTP, …).');
    case 'notOneOf':
      return vscode.l10n.t('{0} is none of the values the service knows: {1}.', a, b);
    case 'unknownKey':
      return vscode.l10n.t('The service knows no key {0}: did you mean {1}?', a, b);
    case 'oldestGeneration':
      return vscode.l10n.t('This file uses the oldest form (trigger_mode, ref_name): the service still reads it; a newer form uses refs and events.');
    case 'notAPipelineFile':
      return vscode.l10n.t('A pipeline file holds a pipeline (a mapping with `pipeline`) or a list of them.');
  }
}
