import * as assert from 'node:assert/strict';
import { excerpt, logLine, redact, REDACTED, redactValue } from '../../../src/api';

const PEM = ['-----BEGIN RSA PRIVATE KEY-----', 'MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun', 'VTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxK', '-----END RSA PRIVATE KEY-----'].join('\n');
const OPENSSH = ['-----BEGIN OPENSSH PRIVATE KEY-----', 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW', '-----END OPENSSH PRIVATE KEY-----'].join('\n');

describe('api: redaction', () => {
  it('removes Authorization headers and bearer tokens', () => {
    const out = redact('GET /user Authorization: Bearer abc.def-123 and "authorization":"Bearer xyz987" then bearer qqq111');
    assert.doesNotMatch(out, /abc\.def-123|xyz987|qqq111/);
    assert.match(out, /Authorization: /);
  });

  it('removes secure! values', () => {
    const out = redact('{"password":"secure!Zm9vYmFy","value":"secure!abc/+=="}');
    assert.doesNotMatch(out, /Zm9vYmFy|abc\/\+==/);
    assert.match(out, /secure!\[REDACTED\]/);
  });

  it('removes PEM and OpenSSH private key blocks, also JSON-escaped and cut short', () => {
    for (const text of [`key:\n${PEM}\nafter`, `k ${OPENSSH}`, JSON.stringify({ value: PEM }), `start ${PEM.slice(0, 80)}`]) {
      const out = redact(text);
      assert.doesNotMatch(out, /MIIEowIBAAKCAQEA|b3BlbnNzaC1rZXktdjE/, text.slice(0, 40));
      assert.match(out, /REDACTED PRIVATE KEY/);
    }
    assert.match(redact(`key:\n${PEM}\nafter`), /after$/);
  });

  it('removes password, token and secret fields in JSON, queries and key=value text', () => {
    const out = redact('{"username":"deploy","password":"hunter22"} ?access_token=tok123456&x=1 secret=s3cr3tv passphrase: "pp pp"');
    assert.doesNotMatch(out, /hunter22|tok123456|s3cr3tv|pp pp/);
    assert.match(out, /"username":"deploy"/);
    assert.match(out, /x=1/);
  });

  it('removes exact secrets it is given, whatever their form', () => {
    assert.equal(redact('the token is admin-token!', ['admin-token']), `the token is ${REDACTED}!`);
    assert.equal(redact('ab stays', ['ab']), 'ab stays', 'too-short secrets are ignored');
  });

  it('leaves ordinary API text alone', () => {
    for (const s of ['Token has no scope TARGET_MANAGE.', "Value of 'key' cannot be empty.", 'Project not found.', 'Invalid url: /workspaces/acme/x']) {
      assert.equal(redact(s), s);
    }
  });

  it('redacts structured values: secret keys, SSH_KEY values, nested strings', () => {
    const v = {
      auth: { method: 'PASSWORD', username: 'deploy', password: 'secure!xyz' },
      vars: [
        { key: 'K', type: 'SSH_KEY', value: 'PLAINKEY', public_value: 'ssh-ed25519 AAAA' },
        { key: 'V', type: 'VAR', value: 'plain', encrypted: false },
        { key: 'E', type: 'VAR', value: 'topsecretvalue', encrypted: true },
      ],
      note: `here ${PEM}`,
      token: 'tok-9',
    };
    const out = redactValue(v);
    const s = JSON.stringify(out);
    assert.doesNotMatch(s, /secure!xyz|PLAINKEY|topsecretvalue|MIIEow|tok-9/);
    assert.equal(out.vars[1].value, 'plain');
    assert.equal(out.auth.username, 'deploy');
    assert.equal(v.auth.password, 'secure!xyz', 'the input is not changed');
  });

  it('makes short single-line excerpts', () => {
    const e = excerpt(`<html>\n<body>${'x'.repeat(500)} Bearer abcdef</body></html>`, 50);
    // Exactly the limit, ending in an ellipsis: an empty excerpt would not pass.
    assert.equal(e.length, 50);
    assert.match(e, /^<html> <body>x+…$/);
    assert.doesNotMatch(e, /\n/);
  });
});

describe('api: redaction, each rule on its own', () => {
  it('a quoted secret field keeps its quotes; a bare one none', () => {
    assert.equal(redact(`{"password": "p@ss w0rd"}`), `{"password": "${REDACTED}"}`);
    assert.equal(redact(`password='p@ss w0rd'`), `password='${REDACTED}'`);
    assert.equal(redact(`password=hunter2&x=1`), `password=${REDACTED}&x=1`);
  });

  it('an exact secret of 4 characters is removed; a shorter one is not (it would cut ordinary words)', () => {
    assert.equal(redact('the code abcd here', ['abcd']), `the code ${REDACTED} here`);
    assert.equal(redact('the code abc here', ['abc']), 'the code abc here');
    assert.equal(redact('nothing', [undefined, '']), 'nothing');
  });

  it('structured values: nested deeper than 20 levels is cut; lists and objects are walked with the secrets given', () => {
    let deep: unknown = 'tok-secret-1';
    for (let i = 0; i < 25; i++) {
      deep = { inner: deep };
    }
    assert.doesNotMatch(JSON.stringify(redactValue(deep)), /tok-secret-1/);
    assert.match(JSON.stringify(redactValue(deep)), /\[REDACTED\]/);
    let shallow: unknown = 'visible';
    for (let i = 0; i < 20; i++) {
      shallow = [shallow];
    }
    assert.match(JSON.stringify(redactValue(shallow)), /visible/, 'at 20 levels the value is kept');
    assert.deepEqual(redactValue([{ note: 'say tok-1234' }, ['tok-1234']], ['tok-1234']), [{ note: `say ${REDACTED}` }, [REDACTED]]);
    assert.deepEqual(redactValue({ token: '', password: null, value: 'v', note: 5 }), { token: '', password: null, value: 'v', note: 5 }, 'empty secrets and other values kept');
    assert.deepEqual(redactValue({ encrypted: true, value: 42 }), { encrypted: true, value: 42 }, 'a value that is no text is not a secret text');
    assert.deepEqual(redactValue({ type: 'VAR', encrypted: false, value: 'plain', inner: { value: 'x' } }), { type: 'VAR', encrypted: false, value: 'plain', inner: { value: 'x' } });
  });

  it('excerpts: one line, cut to max with an ellipsis (max itself kept), secrets removed first', () => {
    assert.equal(excerpt('a\n\tb   c'), 'a b c');
    assert.equal(excerpt('abcde', 5), 'abcde');
    assert.equal(excerpt('abcdef', 5), 'abcd…');
    assert.equal(excerpt(' x ', 5), 'x');
    assert.equal(excerpt('key tok-9999', 200, ['tok-9999']), `key ${REDACTED}`);
    assert.equal(excerpt(12345 as unknown as string), '12345');
  });

  it('a log line: redacted, and each line break written as its escape, so nothing from outside starts a line of its own (issue 22)', () => {
    assert.equal(logLine('Created project evil\n[error] Signed in as admin\r\nx'), 'Created project evil\\n[error] Signed in as admin\\r\\nx');
    assert.equal(logLine('a\u2028b\u2029c'), 'a\\u2028b\\u2029c');
    assert.equal(logLine('\n\n'), '\\n\\n', 'every break, not only the first');
    assert.equal(logLine('plain text, tabs\tkept'), 'plain text, tabs\tkept');
    assert.equal(logLine('password=hunter22 and tok-9999', ['tok-9999']), `password=${REDACTED} and ${REDACTED}`);
    // Redacted before the breaks are escaped: a private key block across lines is still found whole.
    assert.equal(logLine(`key:\n${PEM}\nafter`), 'key:\\n[REDACTED PRIVATE KEY]\\nafter');
  });
});
