// The pipeline-access feature: Allow Pipeline on Target, and Check Pipeline Access (which targets a
// pipeline may not use, allowed from the list).
import type * as vscode from 'vscode';
import type { FeatureContext } from '../../services';
import * as allowPipeline from './allowPipeline';
import * as checkPipelineAccess from './checkPipelineAccess';

export function register(ctx: FeatureContext): vscode.Disposable[] {
  return [...allowPipeline.register(ctx), ...checkPipelineAccess.register(ctx)];
}
