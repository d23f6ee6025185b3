// The pipeline the Runs view shows: the Projects view sets it when a pipeline (or one of its
// actions) is selected; cleared when the session changes, like the current project. No editor
// dependency (the unit tests run it in plain Node).
import { Emitter, type Disposable, type Event } from './events';

export interface PipelineChoice {
  /** The project's name (used in API paths). */
  readonly project: string;
  readonly pipelineId: number;
  readonly displayName: string;
  /** The pipeline's name as the allow-on-target body needs it, when it has one. */
  readonly name?: string;
}

export class CurrentPipeline implements Disposable {
  private _pipeline: PipelineChoice | undefined;
  private readonly emitter = new Emitter<PipelineChoice | undefined>();
  /** Fires with the new pipeline (or undefined when cleared); not when the same one is set again. */
  readonly onDidChangeCurrentPipeline: Event<PipelineChoice | undefined> = this.emitter.event;

  get currentPipeline(): PipelineChoice | undefined {
    return this._pipeline;
  }

  set(pipeline: PipelineChoice | undefined): void {
    const now = this._pipeline;
    if (pipeline?.project === now?.project && pipeline?.pipelineId === now?.pipelineId && pipeline?.displayName === now?.displayName) {
      return;
    }
    this._pipeline = pipeline;
    this.emitter.fire(pipeline);
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
