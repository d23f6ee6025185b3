// Repository addresses: the remotes of a git config file, and the comparison of addresses in their
// many spellings (https, ssh, scp-like, with or without user, port, `.git`, case). No vscode
// import: the unit tests run it in plain Node (gitRemote.ts reads the files).

/** Parses the `[remote "<name>"] url = ...` entries of a git config file; `origin` first. */
export function parseRemotes(configText: string): string[] {
  const remotes: { name: string; url: string }[] = [];
  let current: string | undefined;
  for (const rawLine of configText.split(/\r?\n/)) {
    const line = rawLine.trim();
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
    const entry = /^url\s*=\s*(.*)$/i.exec(line);
    if (current !== undefined && entry) {
      remotes.push({ name: current, url: entry[1].trim().replace(/^"(.*)"$/, '$1') });
    }
  }
  remotes.sort((a, b) => Number(b.name === 'origin') - Number(a.name === 'origin'));
  return remotes.map((r) => r.url);
}

/**
 * A repository address reduced to `host/path` in lower case: no scheme, user, port, `.git` or
 * trailing slash; scp-like `git@host:owner/repo` becomes `host/owner/repo`.
 */
export function normalizeRepoUrl(url: string): string | undefined {
  let text = url.trim();
  if (!text) {
    return undefined;
  }
  const scpLike = /^(?:[^@/\s]+@)?([^:/\s]+):(?!\/)(.+)$/.exec(text);
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
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function sameRepository(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) {
    return false;
  }
  const na = normalizeRepoUrl(a);
  return na !== undefined && na === normalizeRepoUrl(b);
}
