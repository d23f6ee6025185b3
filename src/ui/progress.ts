// Work under a cancellable progress notification: the notification's Cancel aborts the signal the
// work is given (a request then fails with the client's CancelledError).
import * as vscode from 'vscode';
import { noLinks } from './markdown';

export async function withCancellableProgress<T>(
  title: string,
  work: (signal: AbortSignal, progress: vscode.Progress<{ message?: string; increment?: number }>) => Promise<T>,
): Promise<T> {
  // A progress notification makes links of its text too (see notify.ts): the title and messages plain.
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: noLinks(title), cancellable: true }, async (progress, token) => {
    const aborter = new AbortController();
    const subscription = token.onCancellationRequested(() => aborter.abort());
    try {
      return await work(aborter.signal, { report: (value) => progress.report({ ...value, message: noLinks(value.message) }) });
    } finally {
      subscription.dispose();
    }
  });
}
