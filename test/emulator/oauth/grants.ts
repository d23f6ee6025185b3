// What the authorization server has issued: authorization codes, access tokens and refresh tokens,
// each with its lifetime on the emulator clock. A grant's tokens share a family (one per approved
// authorization): a replayed code revokes its family, a refresh rotates within it.
import { formatDate } from '../http';
import type { Token } from '../store';
import { randomToken } from './answers';

export interface Lifetimes {
  /** Access tokens, seconds (default 1 h). */
  accessTokenS: number;
  /** Refresh tokens, seconds from their issue (default 180 days). */
  refreshTokenS: number;
  /** Authorization codes, seconds (default 60). */
  codeS: number;
}

export const DEFAULT_LIFETIMES: Readonly<Lifetimes> = { accessTokenS: 3600, refreshTokenS: 180 * 24 * 3600, codeS: 60 };

/** One approved authorization and everything issued from it. */
export interface Family {
  id: number;
  clientId: string;
  clientName: string;
  userId: number;
  revoked: boolean;
}

export interface AuthorizationCode {
  family: Family;
  scopes: string[];
  /** The redirect_uri of the authorize request, as sent (undefined when the vendor dialect's request named none). */
  redirectSent: string | undefined;
  /** Where the code was sent. */
  redirectUsed: string;
  /** The PKCE S256 challenge, when the request gave one. */
  challenge: string | undefined;
  expiresAt: number;
  used: boolean;
}

interface IssuedToken {
  token: string;
  family: Family;
  scopes: string[];
  expiresAt: number;
}

interface AccessToken extends IssuedToken {
  /** The id GET /user/token answers. */
  id: string;
}

export interface RefreshToken extends IssuedToken {
  /** Used once: a rotated refresh token never works again. */
  rotated: boolean;
}

export interface IssuedTokens {
  access: AccessToken;
  refresh: RefreshToken;
}

/** What tests read: how much was issued, and what works now. */
export interface OAuthStats {
  clients: number;
  codesIssued: number;
  accessTokensIssued: number;
  refreshTokensIssued: number;
  activeAccessTokens: number;
  activeRefreshTokens: number;
  revokedFamilies: number;
}

export class Grants {
  private readonly codes = new Map<string, AuthorizationCode>();
  private readonly access = new Map<string, AccessToken>();
  private readonly refresh = new Map<string, RefreshToken>();
  private readonly families: Family[] = [];
  private accessCount = 0;
  private refreshCount = 0;

  issueCode(
    client: { clientId: string; name: string },
    userId: number,
    scopes: string[],
    redirectSent: string | undefined,
    redirectUsed: string,
    challenge: string | undefined,
    expiresAt: number,
  ): string {
    const family: Family = { id: this.families.length + 1, clientId: client.clientId, clientName: client.name, userId, revoked: false };
    this.families.push(family);
    const code = randomToken();
    this.codes.set(code, { family, scopes, redirectSent, redirectUsed, challenge, expiresAt, used: false });
    return code;
  }

  code(code: string): AuthorizationCode | undefined {
    return this.codes.get(code);
  }

  /** A new access and refresh token pair of `family`. */
  issueTokens(family: Family, scopes: string[], now: number, lifetimes: Lifetimes): IssuedTokens {
    this.accessCount++;
    this.refreshCount++;
    const access: AccessToken = { token: `wa-at-${randomToken()}`, id: `oauth-${this.accessCount}`, family, scopes, expiresAt: now + lifetimes.accessTokenS * 1000 };
    const refresh: RefreshToken = { token: `wa-rt-${randomToken()}`, family, scopes, expiresAt: now + lifetimes.refreshTokenS * 1000, rotated: false };
    this.access.set(access.token, access);
    this.refresh.set(refresh.token, refresh);
    return { access, refresh };
  }

  refreshToken(token: string): RefreshToken | undefined {
    return this.refresh.get(token);
  }

  /** Everything issued from one authorization stops working (a replayed code). */
  revoke(family: Family): void {
    family.revoked = true;
  }

  /** The user takes the application's access back: the authorization `token` (access or refresh) came from stops working. False for a token never issued. */
  revokeIssuing(token: string): boolean {
    const family = (this.access.get(token) ?? this.refresh.get(token))?.family;
    if (family) {
      this.revoke(family);
    }
    return family !== undefined;
  }

  /**
   * The access token as the API sees it (the demo tokens' shape): undefined when unknown,
   * revoked or expired at `now`, which the API answers with 401.
   */
  apiToken(token: string, now: number): Token | undefined {
    const t = this.access.get(token);
    if (!t || t.family.revoked || now >= t.expiresAt) {
      return undefined;
    }
    return {
      token: t.token,
      id: t.id,
      name: `${t.family.clientName} (OAuth)`,
      userId: t.family.userId,
      expires_at: formatDate(t.expiresAt),
      scopes: [...t.scopes],
      description: 'issued by the OAuth code flow',
    };
  }

  stats(now: number, clients: number): OAuthStats {
    const live = (t: IssuedToken): boolean => !t.family.revoked && now < t.expiresAt;
    return {
      clients,
      codesIssued: this.codes.size,
      accessTokensIssued: this.accessCount,
      refreshTokensIssued: this.refreshCount,
      activeAccessTokens: [...this.access.values()].filter(live).length,
      activeRefreshTokens: [...this.refresh.values()].filter((t) => live(t) && !t.rotated).length,
      revokedFamilies: this.families.filter((f) => f.revoked).length,
    };
  }
}
