import assert from 'node:assert/strict';
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { escapeInline } from '../../src/core/report/escape';

const md = new MarkdownIt({ html: true });

function decodeHtml(html: string): string {
  return html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** What escapeInline promises to preserve: the text with whitespace runs collapsed and control characters dropped. */
function flatten(text: string): string {
  return Array.from(text)
    .filter((ch) => !(ch.charCodeAt(0) <= 0x1f && !'\t\n\r'.includes(ch)) && ch !== '\u007f')
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

const markdownish = fc.string({
  unit: fc.constantFrom(...'abc _*`[]()<>|&#;!~\\-+=.1\n\t'.split(''), 'é', '<script>', '&lt;', '&#60;', '](javascript:x)', '    ', '---'),
  maxLength: 60,
});

describe('report: escaping (property)', () => {
  it('any text renders back to itself, as text, in a paragraph', () => {
    fc.assert(
      fc.property(markdownish, (text) => {
        const html = md.render(escapeInline(text));
        const flat = flatten(text);
        if (flat === '') return html === '';
        assert.match(html, /^<p>[\s\S]*<\/p>\n$/, `one paragraph for ${JSON.stringify(text)}`);
        assert.equal(decodeHtml(html.slice(3, -5)), flat);
      }),
      { numRuns: 400 },
    );
  });

  it('any text stays inside its table cell', () => {
    fc.assert(
      fc.property(markdownish, markdownish, (a, b) => {
        const table = `| x | y |\n| --- | --- |\n| ${escapeInline(a) || '—'} | ${escapeInline(b) || '—'} |\n`;
        const tokens = md.parse(table, {});
        assert.equal(tokens.filter((t) => t.type === 'td_open').length, 2);
        const cells = tokens
          .filter((t) => t.type === 'inline')
          .slice(2)
          .map((t) => decodeHtml(md.renderer.renderInline(t.children ?? [], md.options, {})));
        assert.deepEqual(cells, [flatten(a) || '—', flatten(b) || '—']);
      }),
      { numRuns: 300 },
    );
  });
});
