// Sign In with OAuth 2.0 (authorization code, PKCE S256, a checked state) for the configured API
// address: the browser opened with openExternal, the answer taken by the URI handler
// (vscode://…/oauth/callback through asExternalUri) or a loopback listener on 127.0.0.1, or pasted
// by hand; a cancellable wait of at most 5 minutes. The code is exchanged, the token checked with
// the service, then stored (the token set, then the access token for the session) as an account of
// the address the sign-in started with. The application (client id, secret) is this address's own.
import * as vscode from 'vscode';
import { buildAuthorizeUrl, createPkce, createState, oauthEndpoints, parseAuthorizationRedirect } from '../../api/oauth';
import { requestToken } from '../../api/oauthToken';
import { SCOPES_FOR } from '../../api/scopes';
import type { TokenSet } from '../../api/oauthTokenSet';
import { lazyFetch } from '../../auth/apiConnection';
import { storeTokenSet } from '../../auth/oauthTokens';
import { endSignIn, verifyToken, type SignInKernel } from './signInFlow';
import { resolveBaseUrl, type BaseUrlInput } from '../../api/baseUrl';
import { addressChoice, getWorkspace } from '../../settings';
import { QuickInputPrompter, runSteps, type Prompter } from '../../ui/multiStepInput';
import { describeError } from '../../ui/errorMessages';
import { noLinks } from '../../ui/markdown';
import { showErrorMessage } from '../../ui/notify';
import { Command } from '../../commandIds';
import { listenForRedirect, notTheAnswer } from './loopbackListener';

export const EXTENSION_ID = 'workspace-automation.workspace-automation';
export const CALLBACK_PATH = '/oauth/callback';
export const DEFAULT_LOOPBACK_PORT = 33418;
const WAIT_LIMIT_MS = 5 * 60_000;
/** What the extension's actions need, in the scheme every installation knows (scopes.ts, "older"). */
const OAUTH_SCOPES = [...new Set(Object.values(SCOPES_FOR).flatMap((need) => need.older))];

export interface OAuthSignInArgs {
  /** Instead of asking (scripts, tests). */
  clientId?: string;
  /** Instead of the one stored for this address and client id; '' for an application without a secret. */
  clientSecret?: string;
  redirect?: 'editor' | 'loopback';
  /** The workspace to show (else the one set, else asked). */
  workspace?: string;
}

export interface OAuthSignInResult {
  signedIn: boolean;
  error?: string;
}

function oauthConfig(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('workspaceAutomation.oauth');
}

/** The redirect the user registers with the application: the editor's own address, or the loopback one. */
export async function redirectAddress(kind = redirectKind()): Promise<string> {
  if (kind === 'loopback') {
    const port = oauthConfig().get<number>('loopbackPort') ?? DEFAULT_LOOPBACK_PORT;
    return `http://127.0.0.1:${port}/callback`;
  }
  // Asked once per window: a web editor (code-server) adds a new request id on each call, and the
  // address sent must be the one shown for registration (the service compares it exactly).
  externalCallback ??= Promise.resolve(vscode.env.asExternalUri(ownCallback())).then(
    (uri) => uri.toString(true),
    (e: unknown) => {
      externalCallback = undefined;
      throw e;
    },
  );
  return externalCallback;
}

let externalCallback: Promise<string> | undefined;

function ownCallback(): vscode.Uri {
  return vscode.Uri.parse(`${vscode.env.uriScheme}://${EXTENSION_ID}${CALLBACK_PATH}`);
}

function redirectKind(): 'editor' | 'loopback' {
  return oauthConfig().get<string>('redirect') === 'loopback' ? 'loopback' : 'editor';
}

/** The URI handler's half: the sign-in waiting for the browser, and what came back. */
export class OAuthRedirects implements vscode.UriHandler {
  private waiting: { state: string; resolve: (address: string) => void } | undefined;
  /** Opens the authorize address (the browser); tests put their own browser here. */
  open: (authorizeUrl: string) => Thenable<boolean> = openInBrowser;
  /** While a sign-in waits: asks for the address the browser ended on (Command.PasteOAuthAddress). */
  paste: (() => Promise<void>) | undefined;

  /** `log` is told of each address ignored (never its query). */
  constructor(private readonly log: (line: string) => void = () => undefined) {}

  handleUri(uri: vscode.Uri): void {
    // Only the answer to the sign-in under way: any page or local program can open the editor at
    // its address (a vscode:// link, a web editor's callback page), with another state or none.
    const address = uri.toString(true);
    let why: string | undefined = 'no sign-in waiting';
    if (this.waiting) {
      try {
        why = notTheAnswer(new URL(address), { path: CALLBACK_PATH, state: this.waiting.state });
      } catch {
        why = 'unreadable';
      }
    }
    if (why !== undefined) {
      this.log(`OAuth sign-in: ignored an address the editor was opened at (${why}): ${uri.path.slice(0, 200)}`);
      return;
    }
    this.waiting?.resolve(address);
  }

  /** Resolves with the next address the editor is opened at that answers the request with `state`. */
  next(state: string): { received: Promise<string>; close(): void } {
    const received = new Promise<string>((resolve) => (this.waiting = { state, resolve }));
    return { received, close: () => (this.waiting = undefined) };
  }
}

/**
 * Opens the authorize address in the browser as it is written. A `Uri` would not do: the editor
 * decodes its query and writes it again (microsoft/vscode#135949, #85930), so a redirect address
 * with a query of its own (a web editor's: `…/callback?vscode-reqid=1&vscode-scheme=…`) reaches the
 * service split into parameters, its `?` encoded twice. A string is opened unchanged (the editor
 * accepts one; issue #173239), unless the editor maps the address first (a web editor's proxy
 * for a port of this machine, `…/proxy/4010/…`), which re-encodes it the same way: there the
 * address is mapped here, and the mapped one, with the query as written, is opened.
 */
export async function openInBrowser(url: string): Promise<boolean> {
  const target = new URL(url);
  let exact = url;
  if (vscode.env.uiKind === vscode.UIKind.Web) {
    const place = vscode.Uri.parse(`${target.origin}${target.pathname}`);
    const external = await vscode.env.asExternalUri(place);
    if (external.toString() !== place.toString()) {
      exact = `${external.toString(true)}${target.search}`;
    }
  }
  return vscode.env.openExternal(exact as unknown as vscode.Uri);
}

interface ApplicationAnswers {
  clientId?: string;
  /** The secret stored for this address and client id, or given now ('' for none); undefined: to ask. */
  clientSecret?: string;
  /** Given now (stored once the sign-in succeeds), not read from storage. */
  secretGiven?: boolean;
}

/**
 * The application at this address: its client id (the one this address's account used, else the
 * configured one offered for the person to confirm: an id registered at one address says nothing
 * of another), then its secret, stored per address and id, asked when none is kept for both. Back
 * goes from the secret to the id. Nothing here reads a secret kept for another address.
 */
async function askApplication(session: SignInKernel['session'], baseUrl: string, answers: ApplicationAnswers, prompter: Prompter): Promise<boolean> {
  const known = session.accounts.get(baseUrl)?.clientId;
  const configured = oauthConfig().get<string>('clientId')?.trim() || undefined;
  const lookUp = async (): Promise<void> => {
    answers.clientSecret = answers.clientId ? await session.accounts.clientSecret(baseUrl, answers.clientId) : undefined;
    answers.secretGiven = false;
  };
  if (answers.clientId && answers.clientSecret === undefined) {
    await lookUp();
  }
  const preset = answers.clientId !== undefined;
  return runSteps<ApplicationAnswers>(prompter, vscode.l10n.t('Workspace Automation: Sign In with OAuth'), [
    {
      applies: () => !preset,
      run: async (ui, state) => {
        const value = await ui.input({
          prompt: known
            ? vscode.l10n.t('The client id of the application registered at {0} (its redirect address: {1})', baseUrl, await redirectAddress())
            : vscode.l10n.t('The client id of the application registered at {0} (its redirect address: {1}). The configured one is proposed: confirm it only if it was registered at this address.', baseUrl, await redirectAddress()),
          value: state.clientId ?? known ?? configured,
          validate: (v) => (v.trim() ? undefined : vscode.l10n.t('Enter the client id.')),
        });
        state.clientId = value.trim();
        await lookUp();
      },
    },
    {
      applies: (state) => state.clientSecret === undefined || state.secretGiven === true,
      run: async (ui, state) => {
        const value = await ui.input({
          prompt: vscode.l10n.t('The client secret of the application at {0}, if it has one (leave empty for an application without a secret). Kept in the editor\'s secret storage for this address only.', baseUrl),
          password: true,
        });
        state.clientSecret = value.trim();
        state.secretGiven = true;
      },
    },
  ], answers);
}

/**
 * Waits for the browser: the redirect, a pasted address, a cancel, or the 5-minute limit. One
 * notification, a progress one: it goes when the wait ends (a message with a button would stay in
 * the notification center), and offers the paste as a link to Command.PasteOAuthAddress.
 */
async function waitForBrowser(received: Promise<string>, baseUrl: string, redirects: OAuthRedirects): Promise<string | undefined> {
  return vscode.window.withProgress(
    // A progress notification makes links of its text (see ui/notify.ts): the title plain, the one link ours.
    { location: vscode.ProgressLocation.Notification, title: noLinks(vscode.l10n.t('Waiting for the browser to sign in to {0}…', baseUrl)), cancellable: true },
    (progress, token) =>
      new Promise<string | undefined>((resolve) => {
        let ended = false;
        const timer = setTimeout(() => done(undefined), WAIT_LIMIT_MS);
        function done(v: string | undefined): void {
          if (ended) {
            return;
          }
          ended = true;
          clearTimeout(timer);
          if (redirects.paste === paste) {
            redirects.paste = undefined;
          }
          resolve(v);
        }
        const paste = async (): Promise<void> => {
          const pasted = await vscode.window.showInputBox({
            title: vscode.l10n.t('Workspace Automation: Sign In with OAuth'),
            prompt: vscode.l10n.t('The address the browser ended on after the approval'),
            ignoreFocusOut: true,
          });
          if (pasted?.trim()) {
            done(pasted.trim());
          }
        };
        redirects.paste = paste;
        token.onCancellationRequested(() => done(undefined));
        void received.then(done);
        const link = `[${noLinks(vscode.l10n.t('Paste the Address…'))}](command:${Command.PasteOAuthAddress})`;
        progress.report({ message: vscode.l10n.t('{0} if the browser cannot come back to the editor', link) });
      }),
  );
}

/** The whole flow; every refusal ends in one message and nothing stored. */
export async function signInWithOAuth(
  kernel: SignInKernel & { context: vscode.ExtensionContext; redirects: OAuthRedirects; log?: vscode.LogOutputChannel },
  args: OAuthSignInArgs = {},
  prompter: Prompter = new QuickInputPrompter(),
): Promise<OAuthSignInResult> {
  const { session } = kernel;
  await session.ready();
  const fail = (error: string): OAuthSignInResult => {
    void showErrorMessage(error);
    return { signedIn: false, error };
  };
  // The address as the sign-in starts: the account is recorded there, whatever the settings say
  // after the browser wait.
  let endpoints: ReturnType<typeof oauthEndpoints>;
  let baseUrl: string;
  let address: BaseUrlInput;
  try {
    address = addressChoice().input;
    endpoints = oauthEndpoints(address);
    baseUrl = resolveBaseUrl(address);
  } catch (e) {
    return fail(describeError(e));
  }
  const application: ApplicationAnswers = { clientId: args.clientId, clientSecret: args.clientSecret };
  if (!(await askApplication(session, baseUrl, application, prompter)) || !application.clientId) {
    return { signedIn: false };
  }
  const clientId = application.clientId;
  const clientSecret = application.clientSecret || undefined;
  const kind = args.redirect ?? redirectKind();
  const redirectUri = await redirectAddress(kind);
  const pkce = createPkce();
  const state = createState();
  let listener: { received: Promise<string>; close(): void };
  try {
    listener =
      kind === 'loopback'
        ? await listenForRedirect(redirectUri, vscode.l10n.t('Signed in. You can close this tab and go back to the editor.'), state, (line) => kernel.log?.info(line))
        : kernel.redirects.next(state);
  } catch (e) {
    return fail(vscode.l10n.t('Could not listen at {0} for the sign-in: {1}', redirectUri, describeError(e)));
  }
  let tokens: TokenSet;
  try {
    const url = buildAuthorizeUrl({ authorizeUrl: endpoints.authorizeUrl, clientId, redirectUri, scopes: OAUTH_SCOPES, state, codeChallenge: pkce.challenge });
    await kernel.redirects.open(url);
    const address = await waitForBrowser(listener.received, baseUrl, kernel.redirects);
    if (address === undefined) {
      return { signedIn: false, error: vscode.l10n.t('The sign-in was cancelled.') };
    }
    // The editor hands its handler its own address, which the external one (remote windows) maps to.
    const cameTo = kind === 'editor' && !address.startsWith('http') ? ownCallback().toString(true) : redirectUri;
    const code = parseAuthorizationRedirect(address, { redirectUri: cameTo, state });
    tokens = await requestToken(
      { grantType: 'authorization_code', code, redirectUri, codeVerifier: pkce.verifier },
      { tokenUrl: endpoints.tokenUrl, clientId, clientSecret, fetch: lazyFetch, now: Date.now },
    );
  } catch (e) {
    return fail(vscode.l10n.t('The sign-in with OAuth failed: {0}', describeError(e)));
  } finally {
    listener.close();
  }
  const access = tokens.accessToken;
  let verified: Awaited<ReturnType<typeof verifyToken>>;
  try {
    verified = await verifyToken(session.clientFor(baseUrl, () => access));
  } catch (e) {
    return fail(vscode.l10n.t('The service refused the new token: {0}', describeError(e)));
  }
  // The set first (the refresh needs it; it holds the access token's one stored copy), then the
  // secret of this address's application, then the account, then the marker that tells the session.
  await storeTokenSet(kernel.context.secrets, baseUrl, tokens);
  await session.accounts.storeClientSecret(baseUrl, clientId, clientSecret ?? '');
  await endSignIn(
    kernel,
    {
      record: { baseUrl, address, userName: verified.userName, kind: 'oauth', clientId, workspace: getWorkspace() },
      storeSecrets: () => session.useTokenSet(verified.scopes ?? tokens.scopes, baseUrl),
    },
    verified,
    { greet: true, workspace: args.workspace },
  );
  return { signedIn: true };
}
