// The projects feature: the Projects view (projects, their pipelines and actions; the folder's git
// remote picks the current project), Refresh, Create Project, and the view intent of revealing a
// project.
import * as vscode from 'vscode';
import { Command, ViewId } from '../../commandIds';
import type { FeatureContext } from '../../services';
import * as createProject from './createProject';
import { PROJECTS_PAGE_SIZE, ProjectsProvider } from './provider';

export function register(ctx: FeatureContext): vscode.Disposable[] {
  const projects = new ProjectsProvider(ctx.session, ctx.data, ctx.views.currentProject);
  ctx.views.provide({ selectProject: (name) => projects.selectProject(name) });
  if (ctx.session.state === 'ready') {
    // A returning user (the features start as soon as the session has its token): the first page
    // the view is about to ask for is already on its way, while the editor makes the view.
    void ctx.data.projects(PROJECTS_PAGE_SIZE).load();
  }
  return [
    ctx.views.addView(ViewId.Projects, projects),
    vscode.commands.registerCommand(Command.RefreshProjects, () => projects.refresh()),
    ...createProject.register(ctx),
  ];
}
