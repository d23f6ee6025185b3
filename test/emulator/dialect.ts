// The emulator's two dialects. `default` answers as api.md and conventions.md say; `vendor`
// answers in the shapes of the real service's public reference (conventions.md, last section).
// A dialect is a way of writing answers (plus a few extra demo items, see demo-vendor.ts): the
// state behind both is the same store.
import { createHash, createHmac } from 'node:crypto';
import { formatDate } from './http';

export const DIALECTS = ['default', 'vendor'] as const;
export type Dialect = (typeof DIALECTS)[number];

export function isDialect(value: unknown): value is Dialect {
  return typeof value === 'string' && (DIALECTS as readonly string[]).includes(value);
}

/** The dialect named by an option or environment variable (empty or absent: default); throws on anything else. */
export function parseDialect(raw: string | undefined, source = 'dialect'): Dialect {
  if (raw === undefined || raw === '') {
    return 'default';
  }
  if (!isDialect(raw)) {
    throw new Error(`${source} must be one of ${DIALECTS.join(', ')}, got '${raw}'`);
  }
  return raw;
}

// A fixed key: the marker text is opaque but stable, and reveals nothing of the value.
const MASK_KEY = 'workspace-automation-emulator';

/**
 * An encrypted value or password as answered: `secure!…` (default) or `!encrypted …` (vendor),
 * followed by opaque text derived from the value (never the value).
 */
export function maskSecret(plain: string, dialect: Dialect): string {
  const opaque = createHmac('sha256', MASK_KEY).update(plain).digest('base64url').slice(0, 32);
  return dialect === 'vendor' ? `!encrypted ${opaque}` : `secure!${opaque}`;
}

/** The 403 for a token without the scope an endpoint needs, in each dialect's words. */
export function missingScopeMessage(scope: string, dialect: Dialect): string {
  // The vendor's wording does not name the scope (its FAQ calls this "cannot receive data").
  return dialect === 'vendor' ? 'Cannot receive data: the token has no access to this resource. Check the scopes assigned to the token.' : `Token has no scope ${scope}.`;
}

/**
 * A date as the dialect writes it. The vendor writes some fields with a fraction of a second
 * (`digits`, up to 9): stable digits derived from `seed`, added to a whole-second date, so the
 * instant stays within the same second and filters that truncate fractions still match.
 */
export function writeDate(ms: number, dialect: Dialect, seed: string, digits: number): string {
  const whole = formatDate(ms);
  if (dialect !== 'vendor' || digits <= 0) {
    return whole;
  }
  const hex = createHash('sha1').update(seed).digest('hex');
  // Never all zeros: a fraction that reads as one.
  const fraction = (BigInt(`0x${hex.slice(0, 15)}`) % 10n ** BigInt(digits)).toString().padStart(digits, '0').replace(/^0/, '1');
  return `${whole.slice(0, -1)}.${fraction}Z`;
}

/** An opaque, stable UUID-shaped id (the vendor's token ids are such strings). */
export function opaqueId(seed: string): string {
  const h = createHash('sha1').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
