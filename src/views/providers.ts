// The four views' providers and their TreeViews, made together when the views first have rows to
// show (dist/lazy.js; see SidebarViews), each drawing from the workspace's data.
import type * as vscode from 'vscode';
import type { CurrentProject } from '../currentProject';
import type { Session } from '../services';
import type { WorkspaceData } from '../workspace/workspaceData';
import { CommitsProvider } from '../features/commits/provider';
import { ProjectsProvider } from '../features/projects/provider';
import { TargetsProvider } from '../features/targets/provider';
import { VariablesProvider } from '../features/variables/provider';

export interface ViewProviders extends vscode.Disposable {
  readonly projects: ProjectsProvider;
  readonly commits: CommitsProvider;
  readonly targets: TargetsProvider;
  readonly variables: VariablesProvider;
}

export function createViewProviders(session: Session, data: WorkspaceData, currentProject: CurrentProject): ViewProviders {
  const projects = new ProjectsProvider(session, data, currentProject);
  const commits = new CommitsProvider(session, data, currentProject);
  const targets = new TargetsProvider(session, data);
  const variables = new VariablesProvider(session, data, currentProject);
  const all = [projects, commits, targets, variables];
  const treeViews = all.map((p) => p.createTreeView());
  return {
    projects,
    commits,
    targets,
    variables,
    dispose: () => [...treeViews, ...all].forEach((d) => d.dispose()),
  };
}
