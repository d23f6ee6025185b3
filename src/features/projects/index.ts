// The projects feature: the Projects view (projects, their pipelines and actions; the folder's git
// remote picks the current project), Refresh, Create Project, and the view intent of revealing a
// project.
import * as vscode from 'vscode';
import { Command, ViewId } from '../../commandIds';
import type { FeatureContext } from '../../services';
import * as createProject from './createProject';
import { ProjectsProvider } from './provider';

export function register(ctx: FeatureContext): vscode.Disposable[] {
  const projects = new ProjectsProvider(ctx.session, ctx.data, ctx.views.currentProject, ctx.views.currentPipeline);
  ctx.views.provide({ selectProject: (name) => projects.selectProject(name) });
  return [
    ctx.views.addView(ViewId.Projects, projects),
    vscode.commands.registerCommand(Command.RefreshProjects, () => projects.refresh()),
    ...createProject.register(ctx),
  ];
}
