// Unit tests of the variable field checks (key pattern and file mode of conventions.md).
import * as assert from 'node:assert/strict';
import { checkFileChmod, checkVariableKey } from '../../../src/ssh';

describe('variable field checks', () => {
  it('accepts keys made of letters, digits and underscores that do not start with a digit', () => {
    for (const key of ['A', '_', 'DEPLOY_KEY', 'api_token_2', '_private', 'x9']) {
      assert.equal(checkVariableKey(key), undefined, key);
    }
  });

  it('refuses an empty key, a leading digit, and other characters', () => {
    assert.equal(checkVariableKey(''), 'empty');
    for (const key of ['9LIVES', 'MY-KEY', 'MY KEY', 'KEY.NAME', 'ключ', ' KEY', 'KEY\n', '$KEY']) {
      assert.equal(checkVariableKey(key), 'invalid', JSON.stringify(key));
    }
  });

  it('accepts three or four octal digits as a file mode', () => {
    for (const mode of ['600', '644', '0600', '4755', '000', '7777']) {
      assert.equal(checkFileChmod(mode), undefined, mode);
    }
  });

  it('refuses other file modes', () => {
    assert.equal(checkFileChmod(''), 'empty');
    for (const mode of ['60', '68', '800', '06000', 'rw-', ' 600', '600 ', '0o600', '-600']) {
      assert.equal(checkFileChmod(mode), 'invalid', JSON.stringify(mode));
    }
  });
});
