// The project the Commits view shows. The Projects view sets it (a click, or the folder's git
// remote at start); the Commits view listens. Cleared when the session changes (sign-out, another
// workspace).
import * as vscode from 'vscode';

export interface ProjectChoice {
  /** The project's name (used in API paths). */
  readonly name: string;
  readonly displayName: string;
}

export class CurrentProject implements vscode.Disposable {
  private _project: ProjectChoice | undefined;
  private readonly emitter = new vscode.EventEmitter<ProjectChoice | undefined>();
  /** Fires with the new project (or undefined when cleared); not when the same one is set again. */
  readonly onDidChangeCurrentProject = this.emitter.event;

  get currentProject(): ProjectChoice | undefined {
    return this._project;
  }

  set(project: ProjectChoice | undefined): void {
    if (project?.name === this._project?.name && project?.displayName === this._project?.displayName) {
      return;
    }
    this._project = project;
    this.emitter.fire(project);
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
