// A tiny event emitter without the editor, so that the workspace's data runs in plain Node (the
// unit tests). Its Event is called as vscode's is (`event(listener)` returns a Disposable), so the
// editor code subscribes to it the same way.

export interface Disposable {
  dispose(): void;
}

export type Event<T> = (listener: (e: T) => void) => Disposable;

export class Emitter<T> implements Disposable {
  private readonly listeners = new Set<(e: T) => void>();

  readonly event: Event<T> = (listener) => {
    // A wrapper of its own, so that one listener subscribed twice is told twice and left once each.
    const call = (e: T) => listener(e);
    this.listeners.add(call);
    return { dispose: () => void this.listeners.delete(call) };
  };

  /**
   * Tells every listener, in the order they subscribed. One that throws does not stop the others
   * nor the code that fired: its error is thrown apart (the extension host logs it), as vscode's does.
   */
  fire(e: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(e);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  dispose(): void {
    this.listeners.clear();
  }
}
