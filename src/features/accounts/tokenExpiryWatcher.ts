// A warning a few days before the personal access token expires, with a way to renew it. The
// expiry comes from the sign-in's GET /user/token (kept per API address, not secret); a token
// whose expiry is not known (no TOKEN_INFO scope, the environment variable) gets no warning.
// No request of its own: it checks at start, when a token is stored, and every few hours.
import * as vscode from 'vscode';
import { formatDateTime, formatRelative } from '../../ui/localeFormat';
import type { AuthSession } from '../../auth/session';
import { dayOf, expiryNotice, type TokenCheck, type TokenChecks } from './tokenExpiry';
import { Command } from '../../commandIds';
import { showWarningMessage } from '../../ui/notify';

const KEY_PREFIX = 'workspaceAutomation.tokenExpiry:';
const CHECK_EVERY_MS = 6 * 60 * 60 * 1000;

interface StoredExpiry {
  expiresAt: string | null | undefined;
  /** The day (UTC) of the last warning: at most one a day. */
  warnedOn?: string;
}

/** The parts of the session the watcher reads. */
export type ExpirySession = Pick<AuthSession, 'baseUrl' | 'signedIn' | 'tokenSource' | 'onDidChange' | 'ready'>;

export class TokenExpiryWatcher implements vscode.Disposable {
  private readonly disposables: { dispose(): void }[] = [];
  /**
   * This window's writes, ahead of globalState: the editor echoes stored values back to the
   * extension host after a delay, and an echo of an older write can briefly replace a newer one.
   */
  private readonly written = new Map<string, StoredExpiry | undefined>();

  constructor(
    private readonly globalState: Pick<vscode.Memento, 'get' | 'update'>,
    private readonly session: ExpirySession,
    checks: TokenChecks,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.disposables.push(
      checks.onTokenChecked((c) => void this.remember(c)),
      session.onDidChange(() => {
        const baseUrl = session.baseUrl;
        if (!baseUrl) {
          return;
        }
        if (!session.signedIn) {
          // Signed out here or in another window: the expiry belonged to the deleted token.
          void this.write(baseUrl, undefined);
        } else {
          // Another token (perhaps from another window, which stored its expiry): read the shared store.
          this.written.delete(baseUrl);
        }
      }),
    );
    const timer = setInterval(() => void this.check(), CHECK_EVERY_MS);
    this.disposables.push({ dispose: () => clearInterval(timer) });
    void session.ready().then(() => this.check());
  }

  /** The expiry kept for the current address (for the tests and the README's claims). */
  storedExpiry(): string | null | undefined {
    const baseUrl = this.session.baseUrl;
    return baseUrl ? this.read(baseUrl)?.expiresAt : undefined;
  }

  private read(baseUrl: string): StoredExpiry | undefined {
    return this.written.has(baseUrl) ? this.written.get(baseUrl) : this.globalState.get<StoredExpiry>(KEY_PREFIX + baseUrl);
  }

  private write(baseUrl: string, value: StoredExpiry | undefined): Thenable<void> {
    this.written.set(baseUrl, value);
    return this.globalState.update(KEY_PREFIX + baseUrl, value);
  }

  private async remember(check: TokenCheck): Promise<void> {
    await this.write(check.baseUrl, { expiresAt: check.expiresAt });
    await this.check();
  }

  /**
   * Shows the warning when one is due at `now` and none was shown that day; resolves with the
   * message shown (without waiting for the user's choice), or undefined.
   */
  async check(now = this.now()): Promise<string | undefined> {
    const baseUrl = this.session.baseUrl;
    if (!baseUrl || !this.session.signedIn || this.session.tokenSource !== 'secretStorage') {
      return undefined;
    }
    const stored = this.read(baseUrl);
    const notice = expiryNotice(stored?.expiresAt, now);
    if (!stored || !notice || stored.warnedOn === dayOf(now)) {
      return undefined;
    }
    await this.write(baseUrl, { ...stored, warnedOn: dayOf(now) });
    const language = vscode.env.language;
    const when = formatDateTime(notice.expiresAt, language);
    const message = notice.expired
      ? vscode.l10n.t('Your personal access token for {0} expired on {1}. Create a new token and sign in with it.', baseUrl, when)
      : vscode.l10n.t(
          'Your personal access token for {0} expires {1} ({2}). Create a new token and sign in with it before then.',
          baseUrl,
          formatRelative(notice.expiresAt, now, language),
          when,
        );
    const renew = vscode.l10n.t('Create a New Token');
    const signIn = vscode.l10n.t('Sign In');
    void showWarningMessage(message, renew, signIn).then((choice) => {
      if (choice === renew) {
        void vscode.commands.executeCommand(Command.OpenTokenPage);
      } else if (choice === signIn) {
        void vscode.commands.executeCommand(Command.SignIn);
      }
    });
    return message;
  }

  dispose(): void {
    for (const d of this.disposables) {
      d.dispose();
    }
  }
}
