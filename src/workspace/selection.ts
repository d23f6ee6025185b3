// What the user selected, shared by the features: the current project (the Projects view sets it;
// Commits, Variables and the pipeline files follow it) and the current pipeline (the Projects view
// sets it; Runs follows it). Both belong to the session's place (address and workspace): another
// place clears them, and the project kept for the new place comes back (Switch Account, Select
// Workspace); a sign-in, or a new session in the same place, starts with none. A returning user
// finds the project chosen last time in this window.
import { CurrentPipeline } from './currentPipeline';
import { CurrentProject, type ChoiceMemory } from './currentProject';
import type { Disposable } from './events';
import { sessionPlace, type PlaceSession } from './sessionPlace';

export class Selection implements Disposable {
  readonly project: CurrentProject;
  readonly pipeline = new CurrentPipeline();
  private readonly disposables: Disposable[];
  /** Where the views were (address and workspace, while signed in): another place restores its own project. */
  private shownPlace: string | undefined;

  constructor(session: PlaceSession & { ready(): Promise<void> }, memory?: ChoiceMemory) {
    this.project = new CurrentProject(() => ({ baseUrl: session.baseUrl, workspace: session.workspace }), memory);
    this.disposables = [
      this.project,
      this.pipeline,
      session.onDidChange(() => {
        this.project.clear();
        this.pipeline.set(undefined);
        const place = sessionPlace(session);
        if (this.shownPlace !== undefined && place !== undefined && place !== this.shownPlace) {
          this.project.restore();
        }
        this.shownPlace = place;
      }),
    ];
    void session.ready().then(() => {
      this.shownPlace = sessionPlace(session);
      if (session.signedIn) {
        this.project.restore();
      }
    });
  }

  dispose(): void {
    this.disposables.splice(0).forEach((d) => d.dispose());
  }
}
