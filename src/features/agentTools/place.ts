// Where a tool's input points: the signed-in session's workspace, the project (given, or the one
// the Projects view selected), a pipeline (by name or id), a run; read through the workspace's
// data (cached answers reused), never a request of the tool's own. What cannot be found is a
// ToolRefusal: a sentence for the model saying what to do.
import * as vscode from 'vscode';
import { describeError } from '../../ui/errorMessages';
import { isFinished, NotFoundError, pipelineName, type Execution, type Pipeline } from '../../api';
import type { FeatureContext } from '../../services';
import { readGitRemotes } from '../../gitRemote';
import { sameRepository } from '../../workspace/repoAddress';
import type { ExecutionRef } from '../../workspace/runData';
import { MAX_PICKER_PAGES, PICKER_PAGE_SIZE } from '../../workspace/workspaceData';
import { field } from './toolText';

/** An input the tool cannot act on, or a state it cannot act in: its message says what to do. */
export class ToolRefusal extends Error {}

export interface Place {
  readonly workspace: string;
  readonly project: string;
  /** Who and where (for confirmations): the account's label, else the API address. */
  readonly account: string;
}

export function signedInPlace(ctx: FeatureContext): { workspace: string; account: string } {
  if (!ctx.session.signedIn || !ctx.session.client) {
    throw new ToolRefusal('Not signed in to Workspace Automation. Ask the person to run "Workspace Automation: Sign In" in the editor, then try again.');
  }
  const workspace = ctx.session.workspace;
  if (workspace === undefined) {
    throw new ToolRefusal('No workspace is chosen. Ask the person to run "Workspace Automation: Select Workspace", then try again.');
  }
  return { workspace, account: ctx.session.accountLabel ?? ctx.session.baseUrl ?? workspace };
}

/** The project named, or the one selected in the Projects view; checked to exist. */
export async function projectPlace(ctx: FeatureContext, named: unknown): Promise<Place> {
  const { workspace, account } = signedInPlace(ctx);
  const project = typeof named === 'string' && named.trim() !== '' ? named.trim() : ctx.selection.project.currentProject?.name;
  if (project === undefined) {
    throw new ToolRefusal('No project is selected in the Projects view. Give the project\'s name in the "project" input.');
  }
  try {
    await ctx.data.project(project);
  } catch (error) {
    throw refusal(error, `Project "${field(project)}" was not found in workspace ${workspace}. Check its name (the name used in the service's paths, e.g. "api-service").`);
  }
  return { workspace, project, account };
}

/** Every pipeline of the project (bounded), read once and reused. */
export async function pipelinesOf(ctx: FeatureContext, place: Place): Promise<readonly Pipeline[]> {
  try {
    return (await ctx.data.every(ctx.data.pipelines(place.project, PICKER_PAGE_SIZE), { maxPages: MAX_PICKER_PAGES })).items;
  } catch (error) {
    throw refusal(error);
  }
}

/** A pipeline of the project by its id or name (case-insensitive). */
export async function findPipeline(ctx: FeatureContext, place: Place, named: unknown): Promise<Pipeline> {
  const pipelines = await pipelinesOf(ctx, place);
  const text = typeof named === 'number' ? String(named) : typeof named === 'string' ? named.trim() : '';
  const found =
    pipelines.find((p) => String(p.id) === text) ??
    pipelines.find((p) => p.name === text || p.identifier === text) ??
    pipelines.find((p) => pipelineName(p).toLowerCase() === text.toLowerCase());
  if (!found) {
    const names = pipelines.slice(0, 30).map((p) => `${field(pipelineName(p), 80)} (${p.id})`);
    throw new ToolRefusal(`Project ${place.project} has no pipeline "${field(text, 80) ?? ''}". Its pipelines: ${names.join(', ') || 'none'}.`);
  }
  return found;
}

/** A run: the answer kept when the run has finished (it will not change), else read again. */
export async function runOf(ctx: FeatureContext, ref: ExecutionRef): Promise<Execution> {
  const known = ctx.data.knownExecution(ref);
  if (known && isFinished(known.status)) {
    return known;
  }
  try {
    return await ctx.data.fetchExecution(ref);
  } catch (error) {
    throw refusal(error, `Run #${ref.executionId} of pipeline ${ref.pipelineId} in project ${ref.project} was not found. Use recentRuns to find the run's pipelineId and runId.`);
  }
}

export function runRef(place: Place, input: { pipelineId?: unknown; runId?: unknown }): ExecutionRef {
  const pipelineId = positive(input.pipelineId);
  const executionId = positive(input.runId);
  if (pipelineId === undefined || executionId === undefined) {
    throw new ToolRefusal('Give the run\'s "pipelineId" and "runId" (whole numbers, as recentRuns answers them).');
  }
  return { workspace: place.workspace, project: place.project, pipelineId, executionId };
}

function positive(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** The error as a sentence (a 404 as `notFound` when given). */
export function refusal(error: unknown, notFound?: string): ToolRefusal {
  if (error instanceof ToolRefusal) {
    return error;
  }
  if (notFound !== undefined && error instanceof NotFoundError) {
    return new ToolRefusal(notFound);
  }
  return new ToolRefusal(`The service could not answer: ${field(describeError(error), 300) ?? 'unknown error'}`);
}

/**
 * The open folder's branch, when the folder is the project's repository (one of its git remotes is
 * the project's address) and the editor's git extension knows its checkout; else undefined.
 */
export async function folderBranch(ctx: FeatureContext, place: Place): Promise<string | undefined> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder || (folder.uri.scheme !== 'file' && folder.uri.scheme !== 'vscode-remote')) {
    return undefined;
  }
  try {
    const project = await ctx.data.project(place.project);
    const remotes = await readGitRemotes(folder.uri);
    if (!remotes.some((r) => sameRepository(r, project.http_repository) || sameRepository(r, project.ssh_repository))) {
      return undefined;
    }
    const git = vscode.extensions.getExtension<{ getAPI(v: 1): { repositories: { rootUri: vscode.Uri; state: { HEAD?: { name?: string } } }[] } }>('vscode.git');
    const api = git?.isActive ? git.exports.getAPI(1) : undefined;
    const repo = api?.repositories.find((r) => r.rootUri.toString() === folder.uri.toString()) ?? api?.repositories[0];
    return repo?.state.HEAD?.name;
  } catch {
    return undefined;
  }
}

/** The promise's value; its failure as a ToolRefusal. */
export async function orRefuse<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    throw refusal(error);
  }
}
