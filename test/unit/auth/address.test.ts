// Where the token may go: the address comes from the user's own settings (never a folder's), and
// the environment's token is used only for an address the user chose. Also the manifest that
// makes the editor agree: the address settings are application-scoped, Workspace Trust declared.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chooseAddress, ENV_API_URL, ENV_TOKEN, envTokenApplies, userValue } from '../../../src/auth/address';
import { resolveBaseUrl, US_BASE_URL } from '../../../src/api';

const EMULATOR = 'http://127.0.0.1:4010';

describe('auth: the address the user chose', () => {
  it('reads a setting from the user settings only, never from a workspace or folder', () => {
    assert.equal(userValue({ defaultValue: '', globalValue: 'https://mine.example', workspaceValue: 'http://127.0.0.1:9/evil', workspaceFolderValue: 'https://evil.example' }), 'https://mine.example');
    assert.equal(userValue({ defaultValue: '', workspaceValue: 'https://evil.example', workspaceFolderValue: 'https://evil.example' }), '', 'the default, not the folder');
    assert.equal(userValue({ defaultValue: 'us', workspaceValue: 'self-hosted' }), 'us');
    assert.equal(userValue(undefined), undefined);
  });

  it('takes apiUrl, then account type and host, then the environment beside its token, then the US service', () => {
    assert.deepEqual(chooseAddress({ apiUrl: ` ${EMULATOR} `, accountType: 'eu' }, { [ENV_API_URL]: 'https://env.example' }), {
      input: { apiUrl: EMULATOR },
      origin: 'user',
    });
    assert.deepEqual(chooseAddress({ accountType: 'self-hosted', host: 'ci.example.com' }, {}), {
      input: { accountType: 'self-hosted', host: 'ci.example.com' },
      origin: 'user',
    });
    assert.deepEqual(chooseAddress({ accountType: 'us' }, {}), { input: { accountType: 'us' }, origin: 'user' });
    assert.deepEqual(chooseAddress({}, { [ENV_API_URL]: 'https://env.example/api' }), { input: { apiUrl: 'https://env.example/api' }, origin: 'environment' });
    assert.deepEqual(chooseAddress({ apiUrl: '  ' }, {}), { input: { accountType: 'us' }, origin: 'default' });
  });

  it('uses the environment token only for the address named beside it, or one the user chose', () => {
    const user = chooseAddress({ apiUrl: EMULATOR }, {});
    assert.equal(envTokenApplies(user, EMULATOR, { [ENV_TOKEN]: 't' }), true, "the user's own address");
    assert.equal(envTokenApplies(user, EMULATOR, { [ENV_TOKEN]: 't', [ENV_API_URL]: `${EMULATOR}/` }), true, 'the same address named beside it');
    assert.equal(envTokenApplies(user, EMULATOR, { [ENV_TOKEN]: 't', [ENV_API_URL]: 'https://other.example' }), false, 'the token is for another address');
    const byDefault = chooseAddress({}, {});
    assert.equal(envTokenApplies(byDefault, resolveBaseUrl(byDefault.input), { [ENV_TOKEN]: 't' }), false, 'nobody chose the default address');
    assert.equal(resolveBaseUrl(byDefault.input), US_BASE_URL);
    const env = { [ENV_TOKEN]: 't', [ENV_API_URL]: 'https://env.example/api' };
    const fromEnv = chooseAddress({}, env);
    assert.equal(envTokenApplies(fromEnv, resolveBaseUrl(fromEnv.input), env), true, 'the address named beside the token');
    assert.equal(envTokenApplies(fromEnv, 'https://env.example/api', { ...env, [ENV_API_URL]: 'not an address' }), false);
  });
});

describe('manifest: the editor keeps folders out of the address', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8'));
  const nls = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.nls.json'), 'utf8'));

  it('declares apiUrl, host and accountType application-scoped (user settings only)', () => {
    const properties = manifest.contributes.configuration.properties as Record<string, { scope?: string }>;
    assert.deepEqual(
      ['apiUrl', 'host', 'accountType'].map((k) => [k, properties[`workspaceAutomation.${k}`]?.scope]),
      [
        ['apiUrl', 'application'],
        ['host', 'application'],
        ['accountType', 'application'],
      ],
    );
  });

  it('declares its Workspace Trust behaviour, with a description', () => {
    const trust = manifest.capabilities?.untrustedWorkspaces;
    assert.equal(trust?.supported, 'limited');
    const description = String(trust.description).replace(/^%(.+)%$/, (_m: string, key: string) => nls[key]);
    assert.match(description, /Restricted Mode/);
    assert.match(description, /never from the folder/);
    assert.deepEqual(trust.restrictedConfigurations, ['workspaceAutomation.workspace']);
  });
});
