// Repository addresses: the remotes of a git config file, and the comparison of addresses in their
// many spellings (https, ssh, scp-like, with or without user, port, `.git`, case). No vscode
// import: the unit tests run it in plain Node (src/gitRemote.ts reads the files).

/** Parses the `[remote "<name>"] url = ...` entries of a git config file; `origin` first. */
export function parseRemotes(configText: string): string[] {
  const remotes: { name: string; url: string }[] = [];
  let current: string | undefined;
  for (const rawLine of configText.split(/\r?\n/)) {
    const line = rawLine.trim();
    // Stryker disable next-line ConditionalExpression,LogicalOperator,MethodExpression,BlockStatement: a blank or comment line matches neither a section nor a url line below, so skipping it here changes nothing but the reading
    if (!line || line.startsWith('#') || line.startsWith(';')) {
      continue;
    }
    const section = /^\[\s*remote\s+"([^"]*)"\s*\]$/i.exec(line);
    if (section) {
      current = section[1];
      continue;
    }
    if (line.startsWith('[')) {
      current = undefined;
      continue;
    }
    // The line is trimmed and \s* eats the spaces after "=": what (.*) takes ends with no space.
    const entry = /^url\s*=\s*(.*)/i.exec(line);
    if (current !== undefined && entry) {
      remotes.push({ name: current, url: entry[1].replace(/^"(.*)"$/, '$1') });
    }
  }
  return [...remotes.filter((r) => r.name === 'origin'), ...remotes.filter((r) => r.name !== 'origin')].map((r) => r.url);
}

/**
 * A repository address reduced to `host/path` in lower case: no scheme, user, port, `.git` or
 * trailing slash; scp-like `git@host:owner/repo` becomes `host/owner/repo`.
 */
export function normalizeRepoUrl(url: string): string | undefined {
  let text = url.trim();
  // Stryker disable next-line ConditionalExpression,BlockStatement: an empty address fails both readings below as well (undefined); this says so first
  if (!text) {
    return undefined;
  }
  const scpLike = /^(?:[^@/\s]+@)?([^:/\s]+):(?!\/)(.+)$/.exec(text);
  // Stryker disable next-line Regex: an address with a scheme (x://) never matches scpLike (its host ends at the first colon, and a slash follows that one): the test states the rule, scpLike enforces it
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text) && scpLike) {
    text = `${scpLike[1]}/${scpLike[2]}`;
  } else {
    try {
      const u = new URL(text);
      text = `${u.hostname}${u.pathname}`;
    } catch {
      return undefined;
    }
  }
  return text
    .replace(/\/+$/, '')
    .replace(/\.git$/i, '')
    .replace(/\/+$/, '')
    .toLowerCase();
}

/** The repository's own name: the last segment of its path (`web-app` for `…/acme/web-app.git`). */
export function repoName(url: string): string | undefined {
  const normalized = normalizeRepoUrl(url);
  const last = normalized?.split('/').pop();
  return last || undefined;
}

/** Lower-case letters and digits separated by single dashes: `Web App` and `web_app` both give `web-app`. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-') // a dash is in [^a-z0-9] too: no two dashes are left in a row
    .replace(/^-|-$/g, '');
}

export function sameRepository(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) {
    return false;
  }
  const na = normalizeRepoUrl(a);
  return na !== undefined && na === normalizeRepoUrl(b);
}
