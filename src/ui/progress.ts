// Work under a cancellable progress notification: the notification's Cancel aborts the signal the
// work is given (a request then fails with the client's CancelledError).
import * as vscode from 'vscode';

export async function withCancellableProgress<T>(
  title: string,
  work: (signal: AbortSignal, progress: vscode.Progress<{ message?: string; increment?: number }>) => Promise<T>,
): Promise<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
    const aborter = new AbortController();
    const subscription = token.onCancellationRequested(() => aborter.abort());
    try {
      return await work(aborter.signal, progress);
    } finally {
      subscription.dispose();
    }
  });
}
