/** The editor section of the bench reads both lsp-bench tables: the longest slice per edit, and the whole work per edit. */
import assert from 'node:assert/strict';
import { parseLspTable } from '../../bench/editor-figures';

describe('bench: language-server figures', () => {
  it('joins the work table (all slices, CPU, longest slice CPU) to the rows of the first table', () => {
    const rows = parseLspTable(
      [
        '  lines  edits │ server ms: median     p95     max │ LSP ms: median     p95     max │  heap MB',
        '    200    300 │              1.80   10.52   80.37 │           2.33    3.78    9.25 │     28.2',
        ' 20,000     60 │             16.76   30.20   44.11 │         330.30  886.83 1090.62 │     96.4',
        '',
        '  lines  edits │ work ms: median     p95     max │ work CPU ms: median     p95     max │ longest slice CPU ms: median     p95     max',
        '    200    300 │            2.10   11.00   81.00 │                2.00   10.00   70.00 │                         1.00    5.00   40.00',
        ' 20,000     60 │           60.00   75.50   99.90 │               58.00   70.00   90.00 │                        15.00   28.00   41.00',
      ].join('\n'),
    );
    assert.equal(rows.length, 2);
    assert.deepEqual(rows[1], {
      lines: 20_000,
      edits: 60,
      server: { median: 16.76, p95: 30.2, max: 44.11 },
      lsp: { median: 330.3, p95: 886.83, max: 1090.62 },
      heapMb: 96.4,
      work: { median: 60, p95: 75.5, max: 99.9 },
      workCpu: { median: 58, p95: 70, max: 90 },
      sliceCpu: { median: 15, p95: 28, max: 41 },
    });
  });
});
