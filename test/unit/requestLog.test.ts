// The request log's line for each attempt: what it says, at which level, and that no token or
// encrypted value reaches it (src/requestLog.ts).
import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import type { RequestEvent } from '../../src/api';
import { logRequest } from '../../src/requestLog';

/** A log that keeps each line with its level. */
function recordingLog(): { log: vscode.LogOutputChannel; lines: { level: 'info' | 'warn'; text: string }[] } {
  const lines: { level: 'info' | 'warn'; text: string }[] = [];
  const log = {
    info: (text: string) => lines.push({ level: 'info', text }),
    warn: (text: string) => lines.push({ level: 'warn', text }),
  } as unknown as vscode.LogOutputChannel;
  return { log, lines };
}

const event = (e: Partial<RequestEvent>): RequestEvent => ({ method: 'GET', path: '/workspaces', durationMs: 12.4, attempt: 0, ...e });

describe('request log', () => {
  it('an answered request: method, path, status and whole milliseconds, as info', () => {
    const { log, lines } = recordingLog();
    logRequest(log, event({ status: 200, durationMs: 12.6 }), []);
    assert.deepEqual(lines, [{ level: 'info', text: 'GET /workspaces 200 13 ms' }]);
  });

  it('a 4xx is info, a 5xx a warning; the boundary is 500', () => {
    const { log, lines } = recordingLog();
    logRequest(log, event({ status: 499 }), []);
    logRequest(log, event({ status: 500 }), []);
    logRequest(log, event({ status: 404 }), []);
    assert.deepEqual(
      lines.map((l) => `${l.level} ${l.text}`),
      ['info GET /workspaces 499 12 ms', 'warn GET /workspaces 500 12 ms', 'info GET /workspaces 404 12 ms'],
    );
  });

  it('no answer, a retry and an error: said, as a warning', () => {
    const { log, lines } = recordingLog();
    logRequest(log, event({ method: 'POST', path: '/workspaces/w/variables', attempt: 2, error: 'connection refused' }), []);
    assert.deepEqual(lines, [{ level: 'warn', text: 'POST /workspaces/w/variables no answer 12 ms (retry 2): connection refused' }]);
  });

  it('an answer with an error (unusable body) is a warning with its status', () => {
    const { log, lines } = recordingLog();
    logRequest(log, event({ status: 200, error: 'not JSON' }), []);
    assert.deepEqual(lines, [{ level: 'warn', text: 'GET /workspaces 200 12 ms: not JSON' }]);
  });

  it('removes the token given and encrypted values from the line', () => {
    const { log, lines } = recordingLog();
    const token = 'tok-1234567890abcdef';
    logRequest(log, event({ status: 400, path: `/x?token=${token}`, error: `bad value secure!AbCdEf0123456789== and !encrypted QUJDREVG for ${token}` }), [token, undefined]);
    assert.equal(lines.length, 1);
    assert.doesNotMatch(lines[0].text, /tok-1234567890abcdef|AbCdEf0123456789|QUJDREVG/);
    assert.match(lines[0].text, /^GET \/x\?token=\S+ 400 12 ms: bad value /);
  });
});
