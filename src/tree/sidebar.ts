// The sidebar as the features made it: each feature's tree view under its id (addView), and the
// view intents commands may ask for (Views: reveal a project, the commit filter, the variables'
// scope), each given by the feature whose view it concerns (provide). Also the current project,
// which the Projects view sets and the Commits and Variables views follow.
import type * as vscode from 'vscode';
import type { CurrentPipeline } from '../workspace/currentPipeline';
import type { CurrentProject } from '../workspace/currentProject';
import type { CommitFilter, Views } from '../services';
import type { NodeTreeProvider } from './nodeTreeProvider';

/** The intents of Views that a feature's view carries out. */
export interface ViewIntents {
  selectProject(projectName: string): Promise<void>;
  commitFilter(): CommitFilter | undefined;
  setCommitFilter(filter: CommitFilter | undefined): void;
  setVariablesScope(mode: 'workspace' | 'project'): void;
}

export class Sidebar implements Views {
  private readonly views = new Map<string, NodeTreeProvider>();
  private readonly intents: Partial<ViewIntents> = {};

  constructor(
    readonly currentProject: CurrentProject,
    /** The pipeline the Runs view shows; the Projects view sets it. */
    readonly currentPipeline: CurrentPipeline,
  ) {}

  /** Shows `provider` as the view `viewId` (package.json): its TreeView is made now; disposing removes both. */
  addView(viewId: string, provider: NodeTreeProvider): vscode.Disposable {
    provider.createTreeView();
    this.views.set(viewId, provider);
    return {
      dispose: () => {
        this.views.delete(viewId);
        provider.dispose();
      },
    };
  }

  /** The provider of the view `viewId`, when a feature added it (tests, diagnosis). */
  view<P extends NodeTreeProvider>(viewId: string): P | undefined {
    return this.views.get(viewId) as P | undefined;
  }

  /** A feature's view carries out these intents from now on. */
  provide(intents: Partial<ViewIntents>): void {
    Object.assign(this.intents, intents);
  }

  selectProject(projectName: string): Promise<void> {
    return this.intent('selectProject')(projectName);
  }

  get commitFilter(): CommitFilter | undefined {
    return this.intents.commitFilter?.();
  }

  setCommitFilter(filter: CommitFilter | undefined): void {
    this.intent('setCommitFilter')(filter);
  }

  setVariablesScope(mode: 'workspace' | 'project'): void {
    this.intent('setVariablesScope')(mode);
  }

  private intent<K extends keyof ViewIntents>(name: K): ViewIntents[K] {
    const intent = this.intents[name];
    if (!intent) {
      throw new Error(`No view carries out ${name}: the feature that shows it is not registered.`);
    }
    return intent;
  }
}
