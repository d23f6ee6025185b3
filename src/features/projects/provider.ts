// The Projects view: the workspace's projects a page at a time, each expanding to its pipelines and
// a pipeline to its actions. Selecting a project makes it the Commits view's project; at first show,
// the open folder's git remote picks one (a request or two, never one per project).
import * as vscode from 'vscode';
import { pipelineName, projectName, type ProjectRef } from '../../api';
import type { Session } from '../../services';
import { DataFamily, DataKey, type WorkspaceData } from '../../workspace/workspaceData';
import type { CurrentPipeline } from '../../workspace/currentPipeline';
import type { CurrentProject, ProjectChoice } from '../../workspace/currentProject';
import { readGitRemotes } from '../../gitRemote';
import { repoName, sameRepository, slug } from '../../workspace/repoAddress';
import { NodeTreeProvider } from '../../tree/nodeTreeProvider';
import type { PagedList } from '../../tree/pagedList';
import type { ListContext } from '../../tree/listContext';
import { MessageNode } from '../../tree/messageNode';
import { ActionNode } from './actionNode';
import { ACTIONS_PAGE_SIZE, PipelineNode } from './pipelineNode';
import { PIPELINES_PAGE_SIZE, ProjectNode } from './projectNode';
import type { TreeNode } from '../../tree/treeNode';
import { ViewId } from '../../commandIds';

export const PROJECTS_PAGE_SIZE = 20;
/** At most this many full projects are fetched to match the git remote. */
const MAX_REMOTE_CANDIDATES = 2;
/** Pages of projects looked through for a name like the remote's, beyond those already shown. */
const MAX_REMOTE_EXTRA_PAGES = 5;

export class ProjectsProvider extends NodeTreeProvider {
  readonly projects: PagedList<ProjectRef>;
  private readonly ctx: ListContext & { epoch: number };
  /** The git-remote match of this session, started the first time the view shows projects. */
  private remoteMatch: Promise<ProjectChoice | undefined> | undefined;
  /** Why the last git-remote match failed, if it did. */
  gitRemoteError: unknown;
  /** What the last git-remote match did, in words (diagnosis, tests). */
  gitRemoteOutcome: string | undefined;

  constructor(
    session: Session,
    data: WorkspaceData,
    private readonly currentProject: CurrentProject,
    private readonly currentPipeline?: CurrentPipeline,
  ) {
    super(session, data, ViewId.Projects);
    this.ctx = { ...this.listContext(), epoch: 0 };
    this.projects = this.rootList<ProjectRef>(() => this.data.projects(PROJECTS_PAGE_SIZE), {
      toNode: (project) => new ProjectNode(project, this.ctx),
      emptyNode: () => new MessageNode(vscode.l10n.t('No projects in workspace {0}', session.workspace ?? '')),
    });
    this.disposables.push(
      session.onDidChange(() => this.reset()),
      session.onDidChangeState(() => {
        this.updateDescription();
        this.refreshRoot();
      }),
      // A second account signed in, or one signed out: the title names the account or no longer needs to.
      session.onDidChangeAccounts(() => this.updateDescription()),
    );
  }

  /** Creates the TreeView; selecting a project makes it the current one. */
  override createTreeView(): vscode.TreeView<TreeNode> {
    const view = super.createTreeView();
    this.disposables.push(
      view.onDidChangeSelection((e) => {
        // A project, or anything inside it, makes that project the Commits view's project.
        const node = e.selection[0];
        if (node instanceof ProjectNode || node instanceof PipelineNode || node instanceof ActionNode) {
          this.currentProject.set(choiceOf(node.project));
        }
        // A pipeline, or one of its actions, makes that pipeline the Runs view's.
        if (node instanceof PipelineNode || node instanceof ActionNode) {
          const p = node.pipeline;
          this.currentPipeline?.set({ project: node.project.name, pipelineId: p.id, displayName: pipelineName(p), name: p.name ?? undefined });
        }
      }),
    );
    return view;
  }

  protected async rootNodes(): Promise<TreeNode[]> {
    const nodes = await this.projects.getNodes();
    if (this.session.state !== 'ready') {
      return [];
    }
    if (this.projects.items.length > 0) {
      this.remoteMatch ??= this.matchGitRemote();
    }
    return nodes;
  }

  /** Forgets what the view shows (the projects, their pipelines and actions) and shows it again from the first page. */
  override refresh(): void {
    this.data.invalidate(DataKey.projects);
    this.data.invalidateFamilies([DataFamily.pipelines], PIPELINES_PAGE_SIZE);
    this.data.invalidateFamilies([DataFamily.actions], ACTIONS_PAGE_SIZE);
    this.refreshRoot();
  }

  /** The loaded project nodes (for tests and reveal). */
  projectNodes(): ProjectNode[] {
    return this.projects.currentNodes().filter((n): n is ProjectNode => n instanceof ProjectNode);
  }

  /** Reloads, finds the project (loading pages until it shows), selects it and makes it current. */
  async selectProject(name: string): Promise<void> {
    // The list is shown again once, when it is loaded: a first refresh before loading would make
    // the editor re-read the root a second time 200 ms later, dropping a click landing meanwhile.
    const found = await this.holdingRoot(() => {
      this.data.invalidate(DataKey.projects);
      return this.projects.loadUntil((p) => p.name === name, 20);
    });
    this.currentProject.set(found ? choiceOf(found) : { name, displayName: name });
    await this.reveal(name);
  }

  /** The git-remote match of this session once it settled (tests wait on it); undefined when not started. */
  get gitRemoteMatch(): Promise<ProjectChoice | undefined> | undefined {
    return this.remoteMatch;
  }

  private async reveal(name: string): Promise<void> {
    // A turn for a root refresh queued this turn to reach the editor: the reveal then waits for
    // it, so the selection lands on the rows shown, not on rows the refresh replaces.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const node = this.projectNodes().find((n) => n.project.name === name);
    if (node && this.treeView) {
      try {
        await this.treeView.reveal(node, { select: true, focus: false, expand: false });
      } catch {
        // The view may be hidden or collapsed; the project is current anyway.
      }
    }
  }

  /**
   * Picks the project whose repository is the open folder's git remote: only projects whose name
   * resembles the remote's repository name are fetched in full (at most two).
   */
  private async matchGitRemote(): Promise<ProjectChoice | undefined> {
    const epoch = this.ctx.epoch;
    const outcome = (text: string, choice?: ProjectChoice) => {
      this.gitRemoteOutcome = text;
      return choice;
    };
    try {
      const folder = vscode.workspace.workspaceFolders?.[0];
      if (!folder) {
        return outcome('no folder open');
      }
      if (this.currentProject.currentProject) {
        return outcome(`a project is already chosen: ${this.currentProject.currentProject.name}`);
      }
      const remotes = await readGitRemotes(folder.uri);
      if (epoch !== this.ctx.epoch) {
        return outcome('the session changed meanwhile');
      }
      const names = remotes.map(repoName).filter((n): n is string => !!n).map(slug);
      if (names.length === 0) {
        return outcome('no git remote');
      }
      const exact = (p: ProjectRef) => names.includes(slug(p.name)) || (!!p.display_name && names.includes(slug(p.display_name)));
      const near = (p: ProjectRef) =>
        names.some((n) => n.length >= 3 && slug(p.name).length >= 3 && (slug(p.name).includes(n) || n.includes(slug(p.name))));
      if (!this.projects.items.some(exact)) {
        const before = this.projects.items.length;
        await this.projects.loadUntil(exact, MAX_REMOTE_EXTRA_PAGES);
        if (epoch !== this.ctx.epoch) {
          return outcome('the session changed meanwhile');
        }
        if (this.projects.items.length !== before) {
          this.refreshRoot();
        }
      }
      const candidates = [...this.projects.items.filter(exact), ...this.projects.items.filter((p) => !exact(p) && near(p))].slice(
        0,
        MAX_REMOTE_CANDIDATES,
      );
      for (const candidate of candidates) {
        const full = await this.data.project(candidate.name);
        if (epoch !== this.ctx.epoch) {
          return outcome('the session changed meanwhile');
        }
        if (remotes.some((r) => sameRepository(r, full.http_repository) || sameRepository(r, full.ssh_repository))) {
          const chosenMeanwhile = this.currentProject.currentProject as ProjectChoice | undefined;
          if (chosenMeanwhile) {
            return outcome(`the user chose ${chosenMeanwhile.name} meanwhile`);
          }
          const choice = choiceOf(full);
          this.currentProject.set(choice);
          await this.reveal(full.name);
          return outcome(`matched ${full.name}`, choice);
        }
      }
      return outcome(`no project's repository is ${remotes.join(', ')} (checked ${candidates.map((c) => c.name).join(', ') || 'none'})`);
    } catch (error) {
      // Matching is a convenience: a failure leaves the choice to the user (kept for diagnosis).
      this.gitRemoteError = error;
      return outcome(`failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Another session: the data is forgotten (WorkspaceData), the rows are made anew. */
  private reset(): void {
    this.ctx.epoch++;
    this.remoteMatch = undefined;
    this.updateDescription();
    this.refreshRoot();
  }

  /** The workspace (and the account, when there are several) in the title; the API address instead while it cannot be reached (the welcome text refers to it). */
  protected override updateDescription(): void {
    if (this.treeView) {
      this.treeView.description = viewDescription(this.session);
    }
  }

}

function choiceOf(p: ProjectRef): ProjectChoice {
  return { name: p.name, displayName: projectName(p) };
}

/** A view title's description for the session's state: the workspace and which account (when several), or the address that fails. */
export function viewDescription(session: Session): string | undefined {
  switch (session.state) {
    case 'unreachable':
      return session.baseUrl ?? vscode.l10n.t('invalid API address');
    case 'ready':
    case 'apiDisabled':
      return [session.workspace, session.accountLabel].filter(Boolean).join(' · ') || undefined;
    default:
      return undefined;
  }
}
