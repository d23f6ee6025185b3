// Creates the four views (Projects, Commits, Targets, Variables) and implements `Views`, what commands ask
// of them after a change.
import * as vscode from 'vscode';
import type { Pipeline, ProjectRef, Target, Variable, VariableFilter } from '../api';
import type { CommitFilter } from '../services';
import type { Services, Views } from '../services';
import { CommitsProvider } from './commits/provider';
import { CurrentProject } from '../currentProject';
import { ProjectsProvider } from './projects/provider';
import { TargetsProvider } from './targets/provider';
import { VariablesProvider } from './variables/provider';

/** What the Commits and Targets providers offer here. */
export interface RefreshableView {
  refresh(): void;
}
export interface TargetsView extends RefreshableView {
  updateTarget(target: Target): void;
}

export class SidebarViews implements Views, vscode.Disposable {
  readonly currentProject = new CurrentProject();
  private _projects: ProjectsProvider | undefined;
  commits: CommitsProvider | undefined;
  targets: TargetsProvider | undefined;
  variables: VariablesProvider | undefined;
  private readonly disposables: vscode.Disposable[] = [this.currentProject];

  /** The Projects provider (after create()). */
  get projects(): ProjectsProvider {
    if (!this._projects) {
      throw new Error('The views are not created yet.');
    }
    return this._projects;
  }

  /** Registers the providers and their TreeViews; nothing is fetched until a view is shown. */
  create(services: Services): void {
    const session = services.session;
    this._projects = new ProjectsProvider(session, this.currentProject);
    this.disposables.push(this._projects, this._projects.createTreeView());
    // Another workspace or account: the chosen project belongs to the old one.
    this.disposables.push(session.onDidChange(() => this.currentProject.set(undefined)));
    this.commits = new CommitsProvider(session, this.currentProject);
    this.disposables.push(this.commits, this.commits.createTreeView());
    this.targets = new TargetsProvider(session);
    this.disposables.push(this.targets, this.targets.createTreeView());
    this.variables = new VariablesProvider(session, this.currentProject, (name) => this._projects?.loadedPipelines(name));
    this.disposables.push(this.variables, this.variables.createTreeView());
  }

  refreshProjects(): void {
    this._projects?.refresh();
  }

  selectProject(projectName: string): Promise<void> {
    return this._projects?.selectProject(projectName) ?? Promise.resolve();
  }

  refreshCommits(): void {
    this.commits?.refresh();
  }

  get commitFilter(): CommitFilter | undefined {
    return this.commits?.filter;
  }

  setCommitFilter(filter: CommitFilter | undefined): void {
    this.commits?.setFilter(filter);
  }

  refreshTargets(): void {
    this.targets?.refresh();
  }

  updateTarget(target: Target): void {
    this.targets?.updateTarget(target);
  }

  refreshVariables(filter?: VariableFilter): void {
    this.variables?.refreshScope(filter);
  }

  setVariablesScope(mode: 'workspace' | 'project'): void {
    this.variables?.setMode(mode);
  }

  loadedVariables(filter: VariableFilter): readonly Variable[] | undefined {
    return this.variables?.loadedVariables(filter);
  }

  loadedProjects(): readonly ProjectRef[] | undefined {
    return this._projects?.loadedProjects();
  }

  loadedPipelines(projectName: string): readonly Pipeline[] | undefined {
    return this._projects?.loadedPipelines(projectName);
  }

  /** Every view forgets its data and loads again (Retry from a welcome view). */
  refreshAll(): void {
    this.refreshProjects();
    this.refreshCommits();
    this.refreshTargets();
    this.refreshVariables();
  }

  dispose(): void {
    for (const d of this.disposables.reverse()) {
      d.dispose();
    }
  }
}
