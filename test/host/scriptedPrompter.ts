// A Prompter that answers from a script, for the extension-host tests of the write flows
// (Create Variable, Allow Pipeline, Check Pipeline Access, Create Project). It records every
// prompt as the user would have seen it (title, step counter, items, the value shown first,
// password mode) so that tests can check what was asked, and it runs the flows' own validation
// on typed answers. The UI tests (test/e2e) drive the real quick input instead.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ApiClient, type FetchLike, type Target } from '../../src/api';
import { WorkspaceData } from '../../src/workspace/workspaceData';
import type { CommitFilter } from '../../src/features/commits/commitFilter';
import type { CreateProjectServices } from '../../src/features/projects/createProject';
import type { Services, Session } from '../../src/services';
import {
  BACK,
  type Back,
  type InputOptions,
  type MessageSeverity,
  type OpenFileOptions,
  type PickManyOptions,
  type PickOptions,
  type Prompter,
  type PromptFrame,
} from '../../src/ui/multiStepInput';
import { emulatorUrl } from './sessionHelpers';

export type Match = string | RegExp;

export type Answer =
  | { pick: Match }
  | { pickMany: Match[] }
  /** Accepts what the prompt shows first: the highlighted item, the checked items, the proposed text. */
  | { accept: true }
  | { input: string }
  | { file: string | undefined }
  | 'back'
  | 'cancel';

export interface RecordedPrompt {
  kind: 'pick' | 'pickMany' | 'input';
  title: string;
  step: number;
  totalSteps: number;
  canGoBack: boolean;
  /** Placeholder (picks) or prompt (inputs). */
  text: string;
  /** Labels without codicons, and descriptions, of the items. */
  items: { label: string; description?: string }[];
  /** The highlighted item's label, or the checked items' labels (pickMany). */
  active?: string | string[];
  /** The text shown first in an input box. */
  value?: string;
  password?: boolean;
  /** Validation messages of the typed answers that were refused. */
  refused: string[];
}

export interface RecordedMessage {
  severity: MessageSeverity;
  text: string;
  actions: string[];
}

/** Without codicons: "$(repo) Web App" → "Web App". */
export function plain(label: string): string {
  return label.replace(/\$\([^)]*\)\s*/g, '').trim();
}

function matches(item: vscode.QuickPickItem, match: Match): boolean {
  const label = plain(item.label);
  return typeof match === 'string' ? label === match : match.test(label);
}

export class ScriptedPrompter implements Prompter {
  readonly prompts: RecordedPrompt[] = [];
  readonly messages: RecordedMessage[] = [];
  readonly files: OpenFileOptions[] = [];
  private readonly answers: Answer[] = [];
  /** Buttons to choose in the coming messages that have actions, in order; undefined dismisses. */
  private readonly buttons: (string | undefined)[] = [];

  constructor(answers: Answer[] = []) {
    this.answers.push(...answers);
  }

  /** Queues more answers. */
  then(...answers: Answer[]): this {
    this.answers.push(...answers);
    return this;
  }

  /** Queues the choice for the next messages that offer actions (Retry, Edit, Copy Public Key). */
  choose(...buttons: (string | undefined)[]): this {
    this.buttons.push(...buttons);
    return this;
  }

  get remaining(): number {
    return this.answers.length;
  }

  private next(kind: string): Answer {
    const answer = this.answers.shift();
    assert.ok(answer !== undefined, `the flow asked for a ${kind} but the script has no answer left (prompts so far: ${this.describe()})`);
    return answer;
  }

  /** A one-line account of the prompts so far, for assertion messages. */
  describe(): string {
    return this.prompts.map((p) => `[${p.step}/${p.totalSteps}] ${p.kind}: ${p.text}`).join(' | ');
  }

  async pick<T extends vscode.QuickPickItem>(frame: PromptFrame, options: PickOptions<T>): Promise<T | Back | undefined> {
    const { items, record } = await this.showPick('pick', frame, options);
    record.active = plain((options.isActive ? items.find(options.isActive) : undefined)?.label ?? items[0]?.label ?? '');
    const answer = this.next('pick');
    if (answer === 'back' || answer === 'cancel') {
      return answer === 'back' ? BACK : undefined;
    }
    if ('accept' in answer) {
      const active = (options.isActive ? items.find(options.isActive) : undefined) ?? items[0];
      assert.ok(active, `nothing to accept in "${record.text}"`);
      return active;
    }
    assert.ok('pick' in answer, `the flow showed a pick ("${record.text}") but the script answers ${JSON.stringify(answer)}`);
    const found = items.find((item) => matches(item, answer.pick));
    assert.ok(found, `no item ${String(answer.pick)} in "${record.text}": ${record.items.map((i) => i.label).join(', ')}`);
    return found;
  }

  async pickMany<T extends vscode.QuickPickItem>(frame: PromptFrame, options: PickManyOptions<T>): Promise<readonly T[] | Back | undefined> {
    const { items, record } = await this.showPick('pickMany', frame, options);
    const checked = options.isSelected ? items.filter(options.isSelected) : [];
    record.active = checked.map((i) => plain(i.label));
    const answer = this.next('pickMany');
    if (answer === 'back' || answer === 'cancel') {
      return answer === 'back' ? BACK : undefined;
    }
    if ('accept' in answer) {
      return checked;
    }
    assert.ok('pickMany' in answer, `the flow showed a multi-select pick ("${record.text}") but the script answers ${JSON.stringify(answer)}`);
    return items.filter((item) => answer.pickMany.some((m) => matches(item, m)));
  }

  private async showPick<T extends vscode.QuickPickItem>(
    kind: 'pick' | 'pickMany',
    frame: PromptFrame,
    options: PickOptions<T>,
  ): Promise<{ items: readonly T[]; record: RecordedPrompt }> {
    const items = typeof options.items === 'function' ? await options.items(new AbortController().signal) : options.items;
    const record: RecordedPrompt = {
      kind,
      ...frame,
      text: items.length === 0 && options.emptyPlaceholder ? options.emptyPlaceholder : options.placeholder,
      items: items.map((i) => ({ label: plain(i.label), description: i.description })),
      refused: [],
    };
    this.prompts.push(record);
    return { items, record };
  }

  async input(frame: PromptFrame, options: InputOptions): Promise<string | Back | undefined> {
    const record: RecordedPrompt = {
      kind: 'input',
      ...frame,
      text: options.prompt,
      items: [],
      value: options.value ?? '',
      password: options.password ?? false,
      refused: [],
    };
    this.prompts.push(record);
    for (;;) {
      const answer = this.next('input');
      if (answer === 'back' || answer === 'cancel') {
        return answer === 'back' ? BACK : undefined;
      }
      const value = 'accept' in answer ? (options.value ?? '') : 'input' in answer ? answer.input : undefined;
      assert.ok(value !== undefined, `the flow showed an input box ("${record.text}") but the script answers ${JSON.stringify(answer)}`);
      const problem = options.validate?.(value) ?? (await options.accept?.(value, new AbortController().signal));
      if (problem === undefined) {
        return value;
      }
      // As in the real box: the message (or the accept check's refusal) shows and the box stays open for the next answer.
      record.refused.push(problem);
    }
  }

  async openFile(options: OpenFileOptions): Promise<vscode.Uri | undefined> {
    this.files.push(options);
    const answer = this.next('file');
    assert.ok(typeof answer === 'object' && 'file' in answer, `the flow opened a file dialog ("${options.title}") but the script answers ${JSON.stringify(answer)}`);
    return answer.file === undefined ? undefined : vscode.Uri.file(answer.file);
  }

  async message(severity: MessageSeverity, text: string, ...actions: string[]): Promise<string | undefined> {
    this.messages.push({ severity, text, actions });
    if (actions.length === 0) {
      return undefined;
    }
    const button = this.buttons.shift();
    if (button !== undefined) {
      assert.ok(actions.includes(button), `message "${text}" offers ${actions.join(', ')}, not ${button}`);
    }
    return button;
  }

  /** The last message of a severity. */
  last(severity: MessageSeverity): RecordedMessage | undefined {
    return [...this.messages].reverse().find((m) => m.severity === severity);
  }
}

/** What the flows asked of the views. */
/** What the views were asked by a flow (Create Project reveals its project in Projects), recorded. */
export class RecordingViews {
  readonly calls: { method: string; arg?: unknown }[] = [];
  async selectProject(projectName: string): Promise<void> {
    this.calls.push({ method: 'selectProject', arg: projectName });
  }
  setVariablesScope(mode: 'workspace' | 'project'): void {
    this.calls.push({ method: 'setVariablesScope', arg: mode });
  }
  readonly commitFilter = undefined;
  setCommitFilter(filter: CommitFilter | undefined): void {
    this.calls.push({ method: 'setCommitFilter', arg: filter });
  }
}

/** The workspace's data of a flow under test (nothing loaded: the flows ask the server), recording what the flows changed in it. */
export class RecordingData extends WorkspaceData {
  readonly calls: { method: string; arg?: unknown }[] = [];
  override setTarget(target: Target): void {
    this.calls.push({ method: 'setTarget', arg: target });
    super.setTarget(target);
  }
  override invalidate(key: string): void {
    this.calls.push({ method: 'invalidate', arg: key });
    super.invalidate(key);
  }
}

let log: vscode.LogOutputChannel | undefined;

/**
 * Services for a flow under test: a real client of this test bundle (so that the flows' typed
 * errors are the classes it throws) on the emulator, signed in with `token`, in `workspace`.
 * `scopes` undefined means the token's scopes are not known (the server decides). `baseUrl`: another
 * address than the emulator's (a hostile server, or a proxy that gives the real service's shapes).
 */
export function testServices(options: { token?: string; workspace?: string; scopes?: string[]; baseUrl?: string } = {}): {
  services: Services & CreateProjectServices;
  views: RecordingViews;
  data: RecordingData;
} {
  const token = options.token ?? 'admin-token';
  const workspace = options.workspace ?? 'acme';
  const client = new ApiClient({
    baseUrl: options.baseUrl ?? emulatorUrl(),
    getToken: () => token,
    fetch: globalThis.fetch as unknown as FetchLike,
    userAgent: 'workspace-automation-tests',
    maxRetries: 0,
  });
  const changed = new vscode.EventEmitter<void>();
  const session: Session = {
    onDidChange: changed.event,
    client,
    workspace,
    scopes: options.scopes,
    ensureReady: async () => ({ client, workspace }),
    baseUrl: options.baseUrl ?? emulatorUrl(),
    configError: undefined,
    signedIn: true,
    accountLabel: undefined,
    onDidChangeAccounts: new vscode.EventEmitter<void>().event,
    state: 'ready',
    onDidChangeState: new vscode.EventEmitter<Session['state']>().event,
    ready: async () => undefined,
    reportError: () => false,
    retry: () => undefined,
    // The write flows never sign in or out.
    signIn: () => Promise.reject(new Error('not in the write-flow tests')),
    signInWithToken: () => Promise.reject(new Error('not in the write-flow tests')),
    selectWorkspace: () => Promise.reject(new Error('not in the write-flow tests')),
    signOut: () => Promise.reject(new Error('not in the write-flow tests')),
  };
  const views = new RecordingViews();
  const data = new RecordingData(session);
  log ??= vscode.window.createOutputChannel('Workspace Automation (write-flow tests)', { log: true });
  const services: Services & CreateProjectServices = {
    context: undefined as unknown as vscode.ExtensionContext,
    session,
    data,
    log,
    selectProject: (name) => views.selectProject(name),
  };
  return { services, views, data };
}
