// The project the Commits and Variables views follow. The Projects view sets it (a click, a project
// created, the folder's git remote at start). It is kept per API address and workspace in the
// window's workspace state, so that the next start (a reload) shows the same project (restore());
// another session (sign-out, another workspace) clears it without forgetting what was kept. No
// editor dependency (the unit tests run it in plain Node).
import { Emitter, type Disposable, type Event } from './events';

export interface ProjectChoice {
  /** The project's name (used in API paths). */
  readonly name: string;
  readonly displayName: string;
}

/** Where the choice is kept: the editor's workspace state (a vscode.Memento) has this shape. */
export interface ChoiceMemory {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

/** Where a choice belongs: the session's API address and workspace. */
export interface ChoicePlace {
  readonly baseUrl: string | undefined;
  readonly workspace: string | undefined;
}

const KEY_PREFIX = 'workspaceAutomation.currentProject:';

export class CurrentProject implements Disposable {
  private _project: ProjectChoice | undefined;
  private readonly emitter = new Emitter<ProjectChoice | undefined>();
  /** Fires with the new project (or undefined when cleared); not when the same one is set again. */
  readonly onDidChangeCurrentProject: Event<ProjectChoice | undefined> = this.emitter.event;

  constructor(
    /** The place of the moment (the session): a choice is kept under it. */
    private readonly place: () => ChoicePlace,
    private readonly memory?: ChoiceMemory,
  ) {}

  get currentProject(): ProjectChoice | undefined {
    return this._project;
  }

  /** The user's choice: shown, and kept for the place of the moment. */
  set(project: ProjectChoice | undefined): void {
    const key = keyOf(this.place());
    if (key !== undefined) {
      void this.memory?.update(key, project ? { name: project.name, displayName: project.displayName } : undefined);
    }
    this.show(project);
  }

  /** Another session: no project is current, and what was kept stays for its place. */
  clear(): void {
    this.show(undefined);
  }

  /** At start: the project kept for the place of the moment becomes current (none kept: nothing changes). */
  restore(): void {
    const key = keyOf(this.place());
    const kept = key !== undefined ? this.memory?.get<unknown>(key) : undefined;
    if (isChoice(kept)) {
      this.show({ name: kept.name, displayName: kept.displayName });
    }
  }

  dispose(): void {
    this.emitter.dispose();
  }

  private show(project: ProjectChoice | undefined): void {
    if (project?.name === this._project?.name && project?.displayName === this._project?.displayName) {
      return;
    }
    this._project = project;
    this.emitter.fire(project);
  }
}

function keyOf(place: ChoicePlace): string | undefined {
  return place.baseUrl && place.workspace ? `${KEY_PREFIX}${place.baseUrl} ${place.workspace}` : undefined;
}

/** What the workspace state holds, read tolerantly: another version may have written something else. */
function isChoice(value: unknown): value is ProjectChoice {
  const v = value as Partial<ProjectChoice> | null | undefined;
  return typeof v?.name === 'string' && v.name !== '' && typeof v.displayName === 'string';
}
