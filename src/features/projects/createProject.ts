// Create Project…: a display name, then the project's name (a slug proposed from the display
// name, editable). On success the Projects view shows the new project selected; on failure Retry
// sends the same answers and Edit reopens both steps with them.
import * as vscode from 'vscode';
import { CancelledError, isForbidden, projectName, ValidationError, type ApiClient, type Project } from '../../api';
import type { Services } from '../../services';
import { prompterFrom, type Prompter, type Step } from '../../ui/multiStepInput';
import { withCancellableProgress } from '../../ui/progress';
import { describeError, errorForLog, forbiddenMessage } from '../../ui/errorMessages';
import { runWriteFlow, sent } from '../../ui/writeFlow';
import { Command } from '../../commandIds';
import { checkProjectName, slugOf } from './projectName';
import { DataKey } from '../../workspace/workspaceData';

/** What Create Project uses: the kernel's services, and the Projects view's reveal of the new project. */
export interface CreateProjectServices extends Services {
  /** Selects (reveals) the named project in Projects, reloaded; it becomes the current project. */
  selectProject(projectName: string): Promise<void>;
}

export function register(services: CreateProjectServices): vscode.Disposable[] {
  return [vscode.commands.registerCommand(Command.CreateProject, (...args: unknown[]) => createProject(services, prompterFrom(args, services.context)))];
}

export interface ProjectAnswers {
  displayName?: string;
  name?: string;
}

const steps: Step<ProjectAnswers>[] = [
  {
    run: async (ui, a) => {
      const previousSlug = slugOf(a.displayName ?? '');
      a.displayName = (
        await ui.input({
          prompt: vscode.l10n.t('The project\'s display name, as people read it'),
          placeholder: 'Web App',
          value: a.displayName,
          validate: (text) => (text.trim() === '' ? vscode.l10n.t('Enter a display name.') : undefined),
        })
      ).trim();
      // A name the user did not change follows the display name.
      if (a.name === undefined || a.name === previousSlug) {
        a.name = slugOf(a.displayName);
      }
    },
  },
  {
    run: async (ui, a) => {
      a.name = await ui.input({
        prompt: vscode.l10n.t('The project\'s name, used in addresses and the API (proposed from the display name; press Enter to accept)'),
        value: a.name,
        validate: checkProjectName,
      });
    },
  },
];

/** Runs the flow and resolves to the created project, or undefined. Exported for the tests. */
export async function createProject(services: CreateProjectServices, prompter: Prompter, answers: ProjectAnswers = {}): Promise<Project | undefined> {
  const end = await runWriteFlow(services, prompter, answers, ({ client, workspace }) => ({
    title: vscode.l10n.t('Create Project'),
    steps,
    send: async (a) => {
      const project = await send(client, workspace, a.displayName ?? '', a.name ?? '');
      services.log.info(`Created project ${project.name} in workspace ${workspace}.`);
      services.data.invalidate(DataKey.projects);
      try {
        await services.selectProject(project.name);
      } catch (error) {
        // The project exists: a view that cannot show it yet is no failure of the creation.
        services.log.warn(`Selecting project ${project.name} in the Projects view failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      void prompter.message('info', vscode.l10n.t('Created project {0} ({1}) in workspace {2}.', projectName(project), project.name, workspace));
      return project;
    },
    failure: (error, a) => {
      services.log.warn(`Create project ${a.name ?? ''} failed: ${errorForLog(error)}`);
      return failureMessage(error, a.displayName ?? '', a.name ?? '');
    },
  }));
  return sent(end);
}

function send(client: ApiClient, workspace: string, displayName: string, name: string): Promise<Project> {
  return withCancellableProgress(vscode.l10n.t('Creating project {0}…', displayName), (signal) =>
    client.createProject(workspace, { display_name: displayName, name }, { signal }),
  );
}

function failureMessage(error: unknown, displayName: string, name: string): string {
  if (error instanceof ValidationError && /already exists/i.test(error.message)) {
    return vscode.l10n.t('A project named {0} already exists. Choose Edit to give the new project another name.', name);
  }
  if (error instanceof ValidationError) {
    return vscode.l10n.t('The server did not accept project {0} ({1}). Choose Edit to change it.', displayName, error.message);
  }
  if (error instanceof CancelledError) {
    return vscode.l10n.t(
      'You cancelled creating project {0}. If the request had already reached the service, the project may exist: Retry tells you so if the name is now taken.',
      displayName,
    );
  }
  if (isForbidden(error)) {
    return forbiddenMessage(error, 'createProject');
  }
  return vscode.l10n.t('Could not create project {0}: {1}', displayName, describeError(error));
}
