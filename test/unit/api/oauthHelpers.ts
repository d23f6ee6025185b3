// Shared set-up of the OAuth client tests: the emulator's demo application, its code flow driven
// through the consent page over HTTP, and a token store shared by "windows" like secret storage.
import {
  buildAuthorizeUrl,
  createPkce,
  createState,
  oauthEndpoints,
  parseAuthorizationRedirect,
  requestToken,
  TokenSet,
  type FetchLike,
  type TokenRequestOptions,
  type TokenStore,
} from '../../../src/api';
import { DEMO_OAUTH_CLIENT, DEMO_REDIRECT_URI, type Emulator } from '../../emulator';
import { consentRedirect } from '../../harness/oauthConsent';
import { USER_AGENT } from './helpers';

export const SCOPES = ['USER_INFO', 'TOKEN_INFO', 'WORKSPACE'];

/** The token request options for the emulator's demo client, on the emulator's clock. */
export function optionsFor(emu: Emulator, fetch: FetchLike, o: Partial<TokenRequestOptions> = {}): TokenRequestOptions {
  return { tokenUrl: oauthEndpoints({ apiUrl: emu.url }).tokenUrl, clientId: DEMO_OAUTH_CLIENT.clientId, clientSecret: DEMO_OAUTH_CLIENT.clientSecret, fetch, now: () => emu.clock.now(), userAgent: USER_AGENT, ...o };
}

/** The browser half: authorize address, consent page (approved or denied), redirected address read back. */
export async function authorize(emu: Emulator, o: { clientId?: string; decision?: 'approve' | 'deny'; userId?: number } = {}): Promise<{ code: string; verifier: string }> {
  const pkce = createPkce();
  const state = createState();
  const url = buildAuthorizeUrl({ authorizeUrl: oauthEndpoints({ apiUrl: emu.url }).authorizeUrl, clientId: o.clientId ?? DEMO_OAUTH_CLIENT.clientId, redirectUri: DEMO_REDIRECT_URI, scopes: SCOPES, state, codeChallenge: pkce.challenge });
  const back = await consentRedirect(url, o.decision ?? 'approve', o.userId);
  return { code: parseAuthorizationRedirect(back.href, { redirectUri: DEMO_REDIRECT_URI, state }), verifier: pkce.verifier };
}

/** A whole sign-in of the demo client: its token set. */
export async function signIn(emu: Emulator, fetch: FetchLike, o: Partial<TokenRequestOptions> = {}): Promise<TokenSet> {
  const { code, verifier } = await authorize(emu);
  return requestToken({ grantType: 'authorization_code', code, redirectUri: DEMO_REDIRECT_URI, codeVerifier: verifier }, optionsFor(emu, fetch, o));
}

/**
 * One stored value (serialized, like secret storage) that several windows see: each `window()` is
 * a TokenStore; a set in any window fires every window's listeners (unless made `deaf`).
 */
export class SharedSecret {
  text: string | undefined;
  writes = 0;
  private readonly listeners = new Set<() => void>();

  constructor(initial?: TokenSet) {
    this.text = initial?.serialize();
  }

  get tokens(): TokenSet | undefined {
    return TokenSet.deserialize(this.text);
  }

  window(o: { deaf?: boolean; beforeSet?: (tokens: TokenSet | undefined) => Promise<void> } = {}): TokenStore {
    return {
      get: async () => TokenSet.deserialize(this.text),
      set: async (tokens) => {
        await o.beforeSet?.(tokens);
        this.text = tokens?.serialize();
        this.writes++;
        for (const l of [...this.listeners]) {
          l();
        }
      },
      onDidChange: (listener) => {
        if (o.deaf) {
          return { dispose: () => undefined };
        }
        this.listeners.add(listener);
        return { dispose: () => this.listeners.delete(listener) };
      },
    };
  }
}
