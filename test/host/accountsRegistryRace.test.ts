// The account list against its secrets, in the real editor's extension host (vscode's events),
// with a SecretStorage whose answers the test holds back: a token deletion heard just before a
// sign-in of the same address (another window's sign-out, a session's own) is acted on before the
// sign-in's end, never after it. Seen in a CI rehearsal: the late removal took the new account's
// record, and the Accounts menu then listed it by address, without its name.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { AccountRegistry, type AccountRecord } from '../../src/auth/accounts';
import { tokenKey } from '../../src/auth/storageKeys';

/** SecretStorage whose `get` answers with the value at the call, released when the test says. */
class HeldSecrets {
  readonly values = new Map<string, string>();
  private readonly changes = new vscode.EventEmitter<vscode.SecretStorageChangeEvent>();
  readonly onDidChange = this.changes.event;
  private held: (() => void)[] = [];
  hold = false;

  get(key: string): Promise<string | undefined> {
    const now = this.values.get(key);
    if (!this.hold) {
      return Promise.resolve(now);
    }
    return new Promise((resolve) => this.held.push(() => resolve(now)));
  }
  async store(key: string, value: string): Promise<void> {
    this.values.set(key, value);
    this.changes.fire({ key });
  }
  async delete(key: string): Promise<void> {
    this.values.delete(key);
    this.changes.fire({ key });
  }
  async keys(): Promise<string[]> {
    return [...this.values.keys()];
  }
  release(): void {
    this.hold = false;
    const waiting = this.held;
    this.held = [];
    waiting.forEach((answer) => answer());
  }
  get waiting(): number {
    return this.held.length;
  }
}

class Memento implements Pick<vscode.Memento, 'get' | 'update'> {
  private readonly values = new Map<string, unknown>();
  get<T>(key: string, fallback?: T): T | undefined {
    return (this.values.has(key) ? this.values.get(key) : fallback) as T | undefined;
  }
  async update(key: string, value: unknown): Promise<void> {
    this.values.set(key, value);
  }
}

const ADDRESS = 'https://api.example.test';
const record = (userName: string): AccountRecord => ({ baseUrl: ADDRESS, address: { apiUrl: ADDRESS }, userName, kind: 'token', clientId: undefined, workspace: 'acme' });
const until = async (what: string, check: () => boolean): Promise<void> => {
  for (const deadline = Date.now() + 10_000; !check(); ) {
    assert.ok(Date.now() < deadline, `timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('accounts: the list against its secrets (extension host)', () => {
  it('a token deletion heard before a sign-in of the same address ends before it: the new account keeps its name and token', async () => {
    const secrets = new HeldSecrets();
    const registry = new AccountRegistry({ secrets, globalState: new Memento() } as unknown as Pick<vscode.ExtensionContext, 'globalState' | 'secrets'>);
    try {
      await registry.add(record('Old Name'), () => secrets.store(tokenKey(ADDRESS), 'old-token'));
      assert.equal(registry.get(ADDRESS)?.userName, 'Old Name');

      // Another window signs out: the listener reads the token (held back: it is gone at that moment)…
      secrets.hold = true;
      await secrets.delete(tokenKey(ADDRESS));
      await until('the listener to read the deleted token', () => secrets.waiting === 1);
      // …while a sign-in of the same address ends here.
      secrets.hold = false;
      const signedIn = registry.add(record('New Name'), () => secrets.store(tokenKey(ADDRESS), 'new-token'));
      await new Promise((r) => setTimeout(r, 50));
      secrets.release();
      await signedIn;
      await new Promise((r) => setTimeout(r, 50));

      assert.deepEqual([registry.get(ADDRESS)?.userName, secrets.values.get(tokenKey(ADDRESS))], ['New Name', 'new-token']);
      assert.equal(registry.list().length, 1);
    } finally {
      registry.dispose();
    }
  });

  it('a token deleted with no sign-in after it removes the account (its other secrets too)', async () => {
    const secrets = new HeldSecrets();
    const registry = new AccountRegistry({ secrets, globalState: new Memento() } as unknown as Pick<vscode.ExtensionContext, 'globalState' | 'secrets'>);
    try {
      await registry.add(record('Someone'), () => secrets.store(tokenKey(ADDRESS), 'a-token'));
      await secrets.store(`workspaceAutomation.oauth:${ADDRESS}`, '{"access_token":"x"}');
      await secrets.delete(tokenKey(ADDRESS));
      await until('the account to go', () => registry.get(ADDRESS) === undefined);
      assert.deepEqual([...secrets.values.keys()], []);
    } finally {
      registry.dispose();
    }
  });
});
