// What Import does with each key of a .env file in a scope: create it, replace the value of the
// variable of the same key, or skip it (a key held by a variable that is no VAR: a key, a file, a
// certificate, which a text value would not fit). Pure (no editor): unit-tested in plain Node.
import type { Variable } from '../../../api';
import type { EnvEntry } from './dotenvFile';

export type ImportAction =
  | { readonly kind: 'create' }
  | { readonly kind: 'replace'; readonly existing: Variable; /** The existing one is encrypted: it stays so. */ readonly encrypted: boolean }
  | { readonly kind: 'skip'; readonly existing: Variable };

export interface PlannedImport {
  readonly entry: EnvEntry;
  readonly action: ImportAction;
}

export function planImport(entries: readonly EnvEntry[], existing: readonly Variable[], isEncrypted: (v: Variable) => boolean): PlannedImport[] {
  const byKey = new Map<string, Variable>();
  for (const v of existing) {
    if (!byKey.has(v.key)) {
      byKey.set(v.key, v);
    }
  }
  return entries.map((entry) => {
    const found = byKey.get(entry.key);
    if (!found) {
      return { entry, action: { kind: 'create' } };
    }
    return found.type === 'VAR'
      ? { entry, action: { kind: 'replace', existing: found, encrypted: isEncrypted(found) } }
      : { entry, action: { kind: 'skip', existing: found } };
  });
}

/** Names that usually hold a secret: proposed as secret (the user decides). */
const SECRET_NAME = /(SECRET|TOKEN|PASSWORD|PASSWD|PASSPHRASE|PRIVATE|CREDENTIAL|API_?KEY|AUTH|_KEY$|^KEY$|DSN)/i;

export function looksSecret(key: string): boolean {
  return SECRET_NAME.test(key);
}

/** Outcome of one key of a run, for the report. */
export type ImportOutcome =
  | { readonly key: string; readonly result: 'created' | 'replaced' }
  | { readonly key: string; readonly result: 'failed'; readonly reason: string }
  | { readonly key: string; readonly result: 'notDone' };

export interface ImportCounts {
  created: string[];
  replaced: string[];
  failed: { key: string; reason: string }[];
  notDone: string[];
}

export function countOutcomes(outcomes: readonly ImportOutcome[]): ImportCounts {
  const counts: ImportCounts = { created: [], replaced: [], failed: [], notDone: [] };
  for (const o of outcomes) {
    if (o.result === 'created') {
      counts.created.push(o.key);
    } else if (o.result === 'replaced') {
      counts.replaced.push(o.key);
    } else if (o.result === 'failed') {
      counts.failed.push({ key: o.key, reason: o.reason });
    } else {
      counts.notDone.push(o.key);
    }
  }
  return counts;
}
