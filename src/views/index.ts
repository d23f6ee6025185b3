// The four views (Projects, Commits, Targets, Variables) and `Views`, what commands ask of them
// after a change. The views' providers and TreeViews (ViewProviders, in dist/lazy.js) are made only
// once the views have rows to show: signed in with a workspace, or a bad address setting to explain
// (or a command or a test asks for them). Until then no view has a provider, and the editor shows
// each view's welcome: a signed-out activation loads and registers nothing of the trees.
import * as vscode from 'vscode';
import type { Pipeline, ProjectRef, Target, Variable, VariableFilter } from '../api';
import type { CommitFilter } from '../services';
import type { Services, Session, Views } from '../services';
import { CurrentProject } from '../currentProject';
import { COMMIT_SCHEME } from '../features/commits/commitScheme';
import type { CommitsProvider } from '../features/commits/provider';
import type { ProjectsProvider } from '../features/projects/provider';
import type { ViewProviders } from './providers';
import type { TargetsProvider } from '../features/targets/provider';
import type { VariablesProvider } from '../features/variables/provider';

/** Makes the providers and their TreeViews (src/views/providers.ts), loading their code. */
export type ViewProvidersFactory = (session: Session, currentProject: CurrentProject) => ViewProviders;

/** Whether the views have anything but their welcome to show: lists to load, or a settings error row. */
export function viewsHaveRows(session: Session): boolean {
  return session.state === 'ready' || (session.configError !== undefined && session.signedIn);
}

export class SidebarViews implements Views, vscode.Disposable {
  readonly currentProject = new CurrentProject();
  private session: Session | undefined;
  private providers: ViewProviders | undefined;
  private readonly disposables: vscode.Disposable[] = [this.currentProject];

  constructor(private readonly createProviders: ViewProvidersFactory) {}

  /** Registers the commit documents' scheme; the views come with the first rows to show. */
  create(services: Services): void {
    const session = services.session;
    this.session = session;
    const loadWhenRows = () => void (viewsHaveRows(session) && this.loaded());
    this.disposables.push(
      vscode.workspace.registerTextDocumentContentProvider(COMMIT_SCHEME, {
        provideTextDocumentContent: (uri) => this.loaded().commits.documents.provideTextDocumentContent(uri),
      }),
      // Another workspace or account: the chosen project belongs to the old one.
      session.onDidChange(() => this.currentProject.set(undefined)),
      session.onDidChangeState(loadWhenRows),
    );
    void session.ready().then(loadWhenRows);
  }

  /** The providers, made on first call. */
  private loaded(): ViewProviders {
    if (!this.providers) {
      if (!this.session) {
        throw new Error('The views are not created yet.');
      }
      this.providers = this.createProviders(this.session, this.currentProject);
      this.disposables.push(this.providers);
    }
    return this.providers;
  }

  /** The Projects provider (made now when not yet). */
  get projects(): ProjectsProvider {
    return this.loaded().projects;
  }

  get commits(): CommitsProvider {
    return this.loaded().commits;
  }

  get targets(): TargetsProvider {
    return this.loaded().targets;
  }

  get variables(): VariablesProvider {
    return this.loaded().variables;
  }

  // Before the providers are made there is nothing loaded to forget.
  refreshProjects(): void {
    this.providers?.projects.refresh();
  }

  selectProject(projectName: string): Promise<void> {
    return this.projects.selectProject(projectName);
  }

  refreshCommits(): void {
    this.providers?.commits.refresh();
  }

  get commitFilter(): CommitFilter | undefined {
    return this.providers?.commits.filter;
  }

  setCommitFilter(filter: CommitFilter | undefined): void {
    this.commits.setFilter(filter);
  }

  refreshTargets(): void {
    this.providers?.targets.refresh();
  }

  updateTarget(target: Target): void {
    this.providers?.targets.updateTarget(target);
  }

  refreshVariables(filter?: VariableFilter): void {
    this.providers?.variables.refreshScope(filter);
  }

  setVariablesScope(mode: 'workspace' | 'project'): void {
    this.variables.setMode(mode);
  }

  loadedVariables(filter: VariableFilter): readonly Variable[] | undefined {
    return this.providers?.variables.loadedVariables(filter);
  }

  loadedProjects(): readonly ProjectRef[] | undefined {
    return this.providers?.projects.loadedProjects();
  }

  loadedPipelines(projectName: string): readonly Pipeline[] | undefined {
    return this.providers?.projects.loadedPipelines(projectName);
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
