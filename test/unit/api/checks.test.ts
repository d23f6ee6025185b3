// The check combinators (src/api/checks.ts) on their own: the message and path of each failure,
// what each kind of field does when absent or null, normalisation in place, and the tolerant list
// that leaves a bad item out with its reason. The validators built from them: tolerance.test.ts.
import * as assert from 'node:assert/strict';
import { answer, arr, bool, envelope, field, int, items, list, nul, obj, opt, ShapeError, str, strFromNum, strOrInt, withRule, type Check } from '../../../src/api/checks';
import { itemProblems } from '../../../src/api/tolerant';

/** The message of the ShapeError `c(v)` throws. */
function failure(c: Check, v: unknown): string {
  try {
    c(v);
  } catch (e) {
    assert.ok(e instanceof ShapeError, String(e));
    assert.equal(e.name, 'ShapeError');
    return e.message;
  }
  assert.fail(`${JSON.stringify(v)} passed`);
}

describe('api: check combinators', () => {
  it('each value check names what it expected and what came', () => {
    assert.deepEqual(
      [
        failure(str, 5),
        failure(int, '5'),
        failure(int, NaN),
        failure(int, Infinity),
        failure(bool, 'true'),
        failure(strOrInt, true),
        failure(strOrInt, null),
        failure(strFromNum, [1]),
        failure(str, undefined),
        failure(str, {}),
      ],
      [
        'answer: expected a string, got a number',
        'answer: expected a number, got a string',
        'answer: expected a number, got a number',
        'answer: expected a number, got a number',
        'answer: expected a boolean, got a string',
        'answer: expected a string or number, got a boolean',
        'answer: expected a string or number, got null',
        'answer: expected a string, got an array',
        'answer: expected a string, got nothing (field missing)',
        'answer: expected a string, got an object',
      ],
    );
    assert.deepEqual([str('s'), int(0), bool(false), strOrInt('x'), strOrInt(3), strFromNum(8080), strFromNum('22')], ['s', 0, false, 'x', 3, '8080', '22']);
  });

  it('paths: fields joined with dots, indexes in brackets, the answer itself when empty', () => {
    const c = obj({ a: obj({ b: arr(obj({ c: str })) }) });
    assert.equal(failure(c, { a: { b: [{ c: 'ok' }, { c: 1 }] } }), 'a.b[1].c: expected a string, got a number');
    assert.equal(failure(arr(arr(int)), [[1], [2, 'x']]), '[1][1]: expected a number, got a string');
    assert.equal(failure(c, []), 'answer: expected an object, got an array');
    assert.equal(failure(c, null), 'answer: expected an object, got null');
    assert.equal(failure(arr(int), { 0: 1 }), 'answer: expected an array, got an object');
    assert.equal(new ShapeError('', 'x', 1).within('').at, '', 'nothing around nothing');
    assert.equal(new ShapeError('', 'x', 1).within('outer').at, 'outer');
    assert.equal(new ShapeError('inner', 'x', 1).within('').at, 'inner');
  });

  it('absent fields: required fails, opt stays absent, nul becomes null, list and items become []', () => {
    const c = obj({ req: str, o: opt(str), n: nul(str), l: list(int), t: items(int), f: field(int, { optional: true }) });
    assert.equal(failure(c, {}), 'req: expected a value, got nothing (field missing)');
    const got = c({ req: 'r' }) as Record<string, unknown>;
    assert.deepEqual(got, { req: 'r', n: null, l: [], t: [] });
    assert.equal('o' in got, false);
    assert.equal('f' in got, false);
    assert.deepEqual(c({ req: 'r', o: null, n: null, l: null, t: null }), { req: 'r', o: null, n: null, l: [], t: [] });
    assert.deepEqual(c({ req: 'r', o: 'x', n: 'y', l: [1], t: [2] }), { req: 'r', o: 'x', n: 'y', l: [1], t: [2] });
    assert.equal(failure(c, { req: 'r', o: 5 }), 'o: expected a string, got a number');
    assert.equal(failure(c, { req: 'r', l: 'x' }), 'l: expected an array, got a string');
    assert.equal(failure(c, { req: 'r', t: 'x' }), 't: expected an array, got a string');
  });

  it('normalised values are stored in place, in objects and arrays', () => {
    const port = { port: 22 };
    assert.equal((obj({ port: strFromNum })(port) as { port: string }).port, '22');
    assert.equal(port.port as unknown, '22');
    const ports = [22, '23'];
    assert.deepEqual(arr(strFromNum)(ports), ['22', '23']);
    assert.deepEqual(ports, ['22', '23']);
  });

  it('a tolerant list leaves bad items out with their reason, named from the field; other errors are not swallowed', () => {
    const target = obj({ id: int, port: opt(strOrInt) });
    const c = obj({ targets: items(target) });
    const out = c({ targets: [{ id: 1 }, { port: 2 }, { id: 3, port: {} }, 5, null, { id: 6 }] }) as { targets: unknown[] };
    assert.deepEqual(out.targets, [{ id: 1 }, { id: 6 }]);
    assert.deepEqual(
      itemProblems(out.targets).map((p) => p.message),
      ['targets[1]: no id', 'targets[2]: port: expected a string or number, got an object', 'targets[3]: expected an object, got a number', 'targets[4]: expected an object, got null'],
    );
    const boom = obj({ list: items(() => {
      throw new RangeError('not a shape error');
    }) });
    assert.throws(() => boom({ list: [1] }), RangeError);
    assert.throws(() => arr(() => {
      throw new RangeError('nor here');
    })([1]), RangeError);
  });

  it('an envelope answers its list; answer() puts its place in front of a failure; withRule runs after the check', () => {
    const targets = envelope('targets', obj({ id: int }));
    const read = targets({ targets: [{ id: 1 }, {}] }) as unknown[];
    assert.deepEqual(read, [{ id: 1 }]);
    assert.deepEqual(itemProblems(read).map((p) => p.message), ['targets[1]: no id']);
    assert.deepEqual(targets({}), [], 'an absent list is empty');
    const whole = answer<unknown>(obj({ id: int }));
    assert.deepEqual(whole({ id: 1 }, ''), { id: 1 });
    assert.equal(failure((v) => whole(v, ''), { id: 'x' }), 'id: expected a number, got a string');
    assert.equal(failure((v) => whole(v, 'page'), { id: 'x' }), 'page.id: expected a number, got a string');
    assert.throws(() => answer(() => {
      throw new RangeError('other');
    })(1, 'page'), RangeError);
    const seen: unknown[] = [];
    const ruled = withRule(obj({ a: int }), (o) => {
      seen.push(o.a);
      if ((o.a as number) > 1) {
        throw new ShapeError('a', 'at most 1', o.a);
      }
    });
    assert.deepEqual(ruled({ a: 1 }), { a: 1 });
    assert.equal(failure(ruled, { a: 2 }), 'a: expected at most 1, got a number');
    assert.deepEqual(seen, [1, 2]);
  });
});
