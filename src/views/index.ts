// The four views (Projects, Commits, Targets, Variables) and `Views`, what commands ask of them
// after a change. The views' providers and TreeViews (ViewProviders, in dist/lazy.js) are made only
// once the views have rows to show: signed in with a workspace, or a bad address setting to explain
// (or a command or a test asks for them). Until then no view has a provider, and the editor shows
// each view's welcome: a signed-out activation loads and registers nothing of the trees.
import * as vscode from 'vscode';
import type { Target } from '../api';
import type { CommitFilter } from '../services';
import type { Services, Session, Views } from '../services';
import { CurrentProject } from '../currentProject';
import { COMMIT_SCHEME } from '../features/commits/commitScheme';
import type { CommitsProvider } from '../features/commits/provider';
import type { ProjectsProvider } from '../features/projects/provider';
import type { ViewProviders } from './providers';
import type { TargetsProvider } from '../features/targets/provider';
import type { VariablesProvider } from '../features/variables/provider';
import type { WorkspaceData } from '../workspace/workspaceData';

/** Makes the providers and their TreeViews (src/views/providers.ts), loading their code. */
export type ViewProvidersFactory = (session: Session, data: WorkspaceData, currentProject: CurrentProject) => ViewProviders;

/** Whether the views have anything but their welcome to show: lists to load, or a settings error row. */
export function viewsHaveRows(session: Session): boolean {
  return session.state === 'ready' || (session.configError !== undefined && session.signedIn);
}

export class SidebarViews implements Views, vscode.Disposable {
  readonly currentProject = new CurrentProject();
  private session: Session | undefined;
  private services: Services | undefined;
  private providers: ViewProviders | undefined;
  private readonly disposables: vscode.Disposable[] = [this.currentProject];

  constructor(private readonly createProviders: ViewProvidersFactory) {}

  /** Registers the commit documents' scheme; the views come with the first rows to show. */
  create(services: Services): void {
    const session = services.session;
    this.session = session;
    this.services = services;
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
      if (!this.session || !this.services) {
        throw new Error('The views are not created yet.');
      }
      this.providers = this.createProviders(this.session, this.services.data, this.currentProject);
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

  private get data(): WorkspaceData {
    if (!this.services) {
      throw new Error('The views are not created yet.');
    }
    return this.services.data;
  }

  selectProject(projectName: string): Promise<void> {
    return this.projects.selectProject(projectName);
  }

  get commitFilter(): CommitFilter | undefined {
    return this.providers?.commits.filter;
  }

  setCommitFilter(filter: CommitFilter | undefined): void {
    this.commits.setFilter(filter);
  }

  setVariablesScope(mode: 'workspace' | 'project'): void {
    this.variables.setMode(mode);
  }

  /** Before the providers are made there is nothing loaded to forget. */
  refresh(view: 'projects' | 'commits' | 'targets' | 'variables'): void {
    this.providers?.[view].refresh();
  }

  /** The Projects view's Refresh (the tests' handle). */
  refreshProjects(): void {
    this.refresh('projects');
  }

  /** Every view forgets its data and loads again (the tests' handle; Retry from a welcome view does it too). */
  refreshAll(): void {
    this.data.invalidateAll();
  }

  /** What allow-pipeline does with its answer (the tests' handle): the target put in the workspace's data. */
  updateTarget(target: Target): void {
    this.data.setTarget(target);
  }

  dispose(): void {
    for (const d of this.disposables.reverse()) {
      d.dispose();
    }
  }
}
