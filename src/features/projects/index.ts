// The projects feature: the Projects view (projects, their pipelines and actions; the folder's git
// remote picks the current project), Refresh, and Create Project (which reveals the new project in
// the view).
import * as vscode from 'vscode';
import { Command } from '../../commandIds';
import type { FeatureContext } from '../../services';
import * as createProject from './createProject';
import { ProjectsProvider } from './provider';

export function register(ctx: FeatureContext): vscode.Disposable[] {
  const projects = new ProjectsProvider(ctx.session, ctx.data, ctx.selection.project, ctx.selection.pipeline);
  projects.createTreeView();
  ctx.expose('projects', projects);
  return [
    projects,
    vscode.commands.registerCommand(Command.RefreshProjects, () => projects.refresh()),
    ...createProject.register({ ...ctx, selectProject: (name) => projects.selectProject(name) }),
  ];
}
