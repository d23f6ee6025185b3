// Every notification the extension shows goes through here (`npm run lint` refuses a direct
// `window.show{Information,Warning,Error}Message` elsewhere). The editor makes a link of
// `[label](command:…)` in a notification's text and runs that command, with its arguments, on
// click; the text often carries a server's message or a name a workspace member chose. Our own
// texts carry no link, so the whole text is made plain (noLinks), the modal's detail too; a
// bidirectional control in it is shown where it stands (markBidi).
import * as vscode from 'vscode';
import { shownPlain } from './markdown';

type Item = string | vscode.MessageItem;
type Show = (message: string, ...rest: unknown[]) => Thenable<unknown>;

/** Calls `show` with the message and a modal's detail made plain; the items (our own words) as they are. */
function plain<T extends Item>(show: Show, message: string, rest: readonly (vscode.MessageOptions | T)[]): Thenable<T | undefined> {
  const args = rest.map((r) => (typeof r === 'object' && r !== null && !('title' in r) && r.detail !== undefined ? { ...r, detail: shownPlain(r.detail) } : r));
  return show(shownPlain(message), ...args) as Thenable<T | undefined>;
}

export function showInformationMessage<T extends Item>(message: string, ...items: T[]): Thenable<T | undefined>;
export function showInformationMessage<T extends Item>(message: string, options: vscode.MessageOptions, ...items: T[]): Thenable<T | undefined>;
export function showInformationMessage<T extends Item>(message: string, ...rest: (vscode.MessageOptions | T)[]): Thenable<T | undefined> {
  return plain(vscode.window.showInformationMessage as Show, message, rest);
}

export function showWarningMessage<T extends Item>(message: string, ...items: T[]): Thenable<T | undefined>;
export function showWarningMessage<T extends Item>(message: string, options: vscode.MessageOptions, ...items: T[]): Thenable<T | undefined>;
export function showWarningMessage<T extends Item>(message: string, ...rest: (vscode.MessageOptions | T)[]): Thenable<T | undefined> {
  return plain(vscode.window.showWarningMessage as Show, message, rest);
}

export function showErrorMessage<T extends Item>(message: string, ...items: T[]): Thenable<T | undefined>;
export function showErrorMessage<T extends Item>(message: string, options: vscode.MessageOptions, ...items: T[]): Thenable<T | undefined>;
export function showErrorMessage<T extends Item>(message: string, ...rest: (vscode.MessageOptions | T)[]): Thenable<T | undefined> {
  return plain(vscode.window.showErrorMessage as Show, message, rest);
}

/** A notification of `severity` (the step runner's messages: Retry, Edit and the outcomes of a flow). */
export function showMessage(severity: 'info' | 'warning' | 'error', message: string, ...items: string[]): Thenable<string | undefined> {
  const show = severity === 'error' ? showErrorMessage : severity === 'warning' ? showWarningMessage : showInformationMessage;
  return show(message, ...items);
}
