// Redaction for everything the client logs or throws: tokens, encrypted values (`secure!…` and
// `!encrypted …`), private keys, passwords and Authorization headers never leave the module in clear.

export const REDACTED = '[REDACTED]';

/** True for a value the service sent encrypted (either marker): never shown as a value, never logged. */
export function isEncryptedValue(value: unknown): boolean {
  if (typeof value !== 'string') {
    return false;
  }
  const v = value.trimStart();
  return v.startsWith('secure!') || v.startsWith('!encrypted ');
}

const PATTERNS: [RegExp, string | ((...m: string[]) => string)][] = [
  // PEM and OpenSSH private key blocks (whole block, also when cut short).
  [/-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----[\s\S]*?(?:-----END \1PRIVATE KEY-----|$)/g, `[REDACTED PRIVATE KEY]`],
  // Escaped newlines inside JSON strings: same block written with \n.
  [/-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----(?:\\n|[^"])*?(?:-----END \1PRIVATE KEY-----|(?="))/g, `[REDACTED PRIVATE KEY]`],
  // Authorization headers and Bearer/Basic/token credentials.
  [/(authorization["']?\s*[:=]\s*["']?)(?:bearer|basic|token)?\s*[^\s"',;}]+/gi, `$1${REDACTED}`],
  [/\b(bearer|basic)\s+[A-Za-z0-9\-._~+/]+=*/gi, `$1 ${REDACTED}`],
  // The service's encrypted-value markers: `secure!<opaque>` and `!encrypted <opaque>`.
  [/secure![^\s"',;}\]]*/g, `secure!${REDACTED}`],
  [/!encrypted +[^\s"',;}\]]*/g, `!encrypted ${REDACTED}`],
  // password / passphrase / secret / token / api key fields in JSON, query strings or key=value text.
  [
    /((?:"|')?(?:password|passwd|passphrase|secret|client_secret|access_token|refresh_token|api[_-]?key|token)(?:"|')?\s*[:=]\s*)("(?:[^"\\]|\\.)*"|'[^']*'|[^\s&,;}"']+)/gi,
    (_m: string, head: string, value: string) =>
      `${head}${value.startsWith('"') ? `"${REDACTED}"` : value.startsWith("'") ? `'${REDACTED}'` : REDACTED}`,
  ],
];

/**
 * Returns text with secrets replaced. `secrets` are exact strings to remove as well (the current
 * token, values the caller knows to be secret); strings shorter than 4 characters are ignored.
 */
export function redact(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = String(text);
  for (const s of secrets) {
    if (s && s.length >= 4) {
      out = out.split(s).join(REDACTED);
    }
  }
  for (const [re, by] of PATTERNS) {
    out = out.replace(re, by as string);
  }
  return out;
}

const SECRET_KEY = /^(password|passwd|passphrase|secret|client_secret|access_token|refresh_token|api[_-]?key|token|authorization)$/i;

/**
 * Returns a deep copy of a JSON-like value with secret fields and values redacted: keys named like
 * passwords/tokens/authorization, encrypted strings (`secure!…`, `!encrypted …`), private-key texts,
 * and the `value` of a variable whose `type` is SSH_KEY or which is `encrypted`.
 */
export function redactValue<T>(value: T, secrets: readonly (string | undefined)[] = []): T {
  return walk(value, secrets, 0) as T;
}

function walk(v: unknown, secrets: readonly (string | undefined)[], depth: number): unknown {
  if (depth > 20) {
    return REDACTED;
  }
  if (typeof v === 'string') {
    return redact(v, secrets);
  }
  if (Array.isArray(v)) {
    return v.map((x) => walk(x, secrets, depth + 1));
  }
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const secretValue = o.type === 'SSH_KEY' || o.encrypted === true;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(o)) {
      if (SECRET_KEY.test(k) && x != null && x !== '') {
        out[k] = REDACTED;
      } else if (k === 'value' && secretValue && typeof x === 'string') {
        out[k] = REDACTED;
      } else {
        out[k] = walk(x, secrets, depth + 1);
      }
    }
    return out;
  }
  return v;
}

/** How a line break is written in a log line: visibly, as an escape, never as a break. */
const LINE_BREAK_ESCAPES: Readonly<Record<string, string>> = { '\r': '\\r', '\n': '\\n', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * The text of one log line: redacted (`secrets` as in redact()), and on one line: a line break in
 * it (a server's name, a message) is written as `\n` / `\r`, so that no text from outside can
 * start a line of its own and pass for one the extension wrote.
 */
export function logLine(text: string, secrets: readonly (string | undefined)[] = []): string {
  return redact(text, secrets).replace(/[\r\n\u2028\u2029]/g, (c) => LINE_BREAK_ESCAPES[c]);
}

/** A short, redacted, single-line excerpt of a body for error messages. */
export function excerpt(text: string, max = 200, secrets: readonly (string | undefined)[] = []): string {
  // Redact before cutting (a cut could split a secret); very large bodies are shortened first.
  const flat = redact(String(text).slice(0, 65_536), secrets).replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** A short, redacted, single-line excerpt of any value (a JSON item, a field of one) for messages. */
export function valueExcerpt(value: unknown, max: number, secrets: readonly (string | undefined)[] = []): string {
  return excerpt(jsonText(redactValue(value, secrets)), max, secrets);
}

/** JSON text of `v`, or String(v) for what JSON cannot write (undefined, a function, a cycle). */
export function jsonText(v: unknown): string {
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}
