import assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { fixesFor, type RuleEnvironment } from '../../src/core/rules';
import { normalCode, placesOf } from '../../src/core/rules/symbols/anchor-snippets';
import { applyEdits, check, only } from '../support/rules-check';
import { ruleWorkspace, type RuleWorkspace } from '../support/rules-workspace';

const filler = (n: number, label: string): string[] => Array.from({ length: n }, (_, i) => `// ${label} ${i}`);

/** A made-up Go web server and a TypeScript tree view, with the code the plans quote at known lines. */
const routes = [
  'package web',
  'func (s *Server) routes(mux *http.ServeMux) {',
  ...filler(20, 'setup'),
  '\tmux.HandleFunc("POST /settings/match-remote", s.handleSetMatchRemote)', // line 23
  ...filler(14, 'more routes'),
  '\tmux.HandleFunc("GET /workflows/discover", s.handleDiscoverWorkflows)', // line 38
  '\tmux.HandleFunc("GET /workflows/{id}", s.handleWorkflow)', // line 39
  '}',
];
const links = [
  'package web',
  ...filler(30, 'page'),
  'func viewLink(url string) g.Node {', // line 32
  '\treturn h.A(', // 33
  '\t\th.Href(url),', // 34
  '\t\th.Target("_blank"),', // 35
  '\t\tg.Attr("rel", "noopener noreferrer"),', // 36
  '\t)',
  '}',
  'func plainLink(url string) g.Node { return h.A(h.Href(url)) }',
];
const builders = [
  'export class BuildersProvider {',
  '  refresh(): void {', // 2
  '    this.changeEmitter.fire();',
  '  }',
  ...filler(30, 'items'),
  '  private rows(): Item[] {', // 35
  '    const data = this.cache.getData();',
  '    if (!data) { return []; }', // 37
  '    return data.items;',
  '  }',
  '  private more(): Item[] {', // 40
  '    return [];',
  '  }',
  '}',
];

describe('stale-anchor: a snippet or route written beside an anchor', function () {
  this.timeout(20000);
  let env: RuleEnvironment;
  let workspace: RuleWorkspace;
  before(async () => {
    const files: Record<string, string> = { 'web/server.go': routes.join('\n'), 'web/pages.go': links.join('\n'), 'views/builders.ts': builders.join('\n') };
    workspace = await ruleWorkspace('vp-anchors-', files, { symbols: Object.keys(files) });
    ({ env } = workspace);
  });
  after(() => workspace.dispose());

  const stale = (lines: string[]) => {
    const { plan, findings } = check(['# Plan', '', 'Mirror `handleDiscoverWorkflows` for the page.', ...lines].join('\n'), env);
    return { plan, flagged: only(findings, 'stale-anchor') };
  };

  it('flags a route, a call and a statement the anchored lines do not hold, with the one line that holds it as the quick fix', () => {
    const { plan, flagged } = stale([
      '- Route: `web/server.go:23 GET /workflows/discover`,',
      '- Reuse the link: `h.Target("_blank")` + rel (`web/pages.go:10-14`).',
      '- Each provider returns early (e.g. `views/builders.ts:2-4`,',
      '  `other.ts:5` all do `if (!data) return [];`).',
      '- New-tab pattern: `web/pages.go:10`',
      '  (`h.Target("_blank")`).',
    ]);
    assert.deepEqual(
      flagged.map((f) => [f.range.startLine, (f.data as { newLine: number }).newLine, (f.data as { newText: string }).newText]),
      [
        [3, 38, '38'],
        [4, 35, '35-39'],
        [5, 37, '37-39'],
        [7, 35, '35'],
      ],
    );
    assert.match(flagged[0]?.message as string, /web\/server\.go:23 does not hold `GET \/workflows\/discover`; it is at line 38/);
    assert.match(applyEdits(plan, fixesFor(plan, flagged[1] as (typeof flagged)[1])[0]?.edits ?? []), /`web\/pages\.go:35-39`/);
  });

  it('stays silent when the anchored lines (give or take two) hold it, when it is nowhere, in several places, or generic', () => {
    const { flagged } = stale([
      '- `h.Target("_blank")` (`web/pages.go:33-34`): within two lines.',
      '- `web/server.go:38 GET /workflows/discover`: right.',
      '- `h.Target("_self")` (`web/pages.go:10`): nowhere (paraphrased or new).',
      '- `return [];` (`views/builders.ts:10`): generic, and in two places.',
      '- `h.Href(url)` (`web/pages.go:10`): in two places, both near.',
      '- `this.cache.getData()` (`views/builders.ts:20`): written once in the file, at line 36.',
      '- `GET /workflows/{id}` and `GET /workflows/discover` (`web/server.go:39`): the line holds one of them.',
      '- `refresh()` (`views/builders.ts:2`) and `h.A(` elsewhere.',
    ]);
    // Only the getData() line: once in the file, not on line 20.
    assert.deepEqual(
      flagged.map((f) => [f.range.startLine, (f.data as { newLine: number }).newLine]),
      [[8, 36]],
    );
  });

  it('flags an anchor that starts past the end of a file the plan neither creates nor adds to first, with its line count', () => {
    const { plan, flagged } = stale([
      '- The link section (`web/pages.go:782-914`) lists the links.',
      '- As in `builders.ts:120`, return early.',
      '- Keep `plainLink` (`web/pages.go:39`); the view spans `web/pages.go:38-60`.',
    ]);
    assert.deepEqual(
      flagged.map((f) => [f.range.startLine, f.message]),
      [
        [3, 'web/pages.go:782-914 starts past the end of the file: it has 39 lines.'],
        [4, 'builders.ts:120 starts past the end of the file: it has 43 lines.'],
      ],
    );
    // No line to move it to: no edit, only the usual way to turn the check off.
    assert.ok(fixesFor(plan, flagged[0] as (typeof flagged)[0]).every((f) => f.edits.length === 0));
  });

  it('stays silent on a line past the end when the plan creates the file or adds to it on an earlier line', () => {
    const { flagged } = stale([
      '1. Add a `pagedLink` function to `web/pages.go` after `plainLink`.',
      '2. Call it from `web/pages.go:45`.',
      '3. Create `web/feed.go` with the feed handlers.',
      '4. Register them at `web/server.go:200`, after `web/feed.go:12`.',
      '5. Insert the route table in `web/server.go`.',
    ]);
    // Line 6 anchors server.go:200 before line 7 adds to it: that one is past the end (40 lines); feed.go is created.
    assert.deepEqual(
      flagged.map((f) => [f.range.startLine, f.message]),
      [[6, 'web/server.go:200 starts past the end of the file: it has 40 lines.']],
    );
  });

  it('an anchor alone is past the end exactly when its first line is beyond the last line of the file (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 0, max: 20 }), (line, extra) => {
        const { flagged } = stale([`See \`web/pages.go:${line}${extra > 0 ? `-${line + extra}` : ''}\` for the links.`]);
        return flagged.length === (line > links.length ? 1 : 0);
      }),
      { numRuns: 60 },
    );
  });

  it('placesOf: a snippet is found over several lines and in any quote kind, once per place', () => {
    const code = ['if (ready) {', '  start(job);', '}', ...filler(10, 'x'), "if (ready) start(job) // 'done'", 'start("x")'];
    assert.deepEqual(placesOf(code, { text: 'if (ready) start(job)', kind: 'snippet', distance: 0 }), [0, 13]);
    assert.deepEqual(placesOf(code, { text: "start('x')", kind: 'snippet', distance: 0 }), [14]);
  });

  it('normalCode: blanks, braces and semicolons between tokens never change a match (property)', () => {
    const word = fc.stringMatching(/^[a-z]{1,6}$/);
    const punct = fc.constantFrom('(', ')', '.', '!', '=', '[', ']', ',', '"x"', "'x'");
    const tokens = fc.array(fc.oneof(word, punct), { minLength: 1, maxLength: 12 });
    const gap = fc.constantFrom('', ' ', '  ', ' { ', '; ', '\t');
    fc.assert(
      fc.property(tokens, fc.array(gap, { minLength: 12, maxLength: 12 }), (ts, gaps) => {
        // Two words need a blank between them to stay two words.
        const plain = ts.reduce((s, t, i) => s + (i > 0 && /\w$/.test(s) && /^\w/.test(t) ? ' ' : '') + t, '');
        const spaced = ts.reduce((s, t, i) => s + (i > 0 ? (gaps[i] === '' && /\w$/.test(s) && /^\w/.test(t) ? ' ' : (gaps[i] as string)) : '') + t, '');
        return normalCode(plain) === normalCode(spaced);
      }),
    );
  });
});
