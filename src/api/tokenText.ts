// What a bearer or refresh token is made of, in one place: the token set's strict reading and the
// session's reading of a stored set at activation (which loads none of the client's code) share it.

/** The longest token (access or refresh) the client keeps. */
export const MAX_TOKEN_CHARS = 16_384;

/** Printable ASCII without spaces, at most MAX_TOKEN_CHARS long. */
export function isTokenText(v: unknown): v is string {
  return typeof v === 'string' && v.length <= MAX_TOKEN_CHARS && /^[\x21-\x7E]+$/.test(v);
}
