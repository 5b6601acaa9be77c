/** Markdown table and number formatting for the bench report. */

export function mdTable(header: string[], rows: string[][]): string {
  const esc = (cell: string) => cell.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const line = (cells: string[]) => `| ${cells.map(esc).join(' | ')} |`;
  return [line(header), `|${header.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}

export function verdict(pass: boolean): string {
  return pass ? 'PASS' : 'MISS';
}

export const fmtInt = (n: number): string => Math.round(n).toLocaleString('en-US');
export const fmtPct = (r: number): string => `${(r * 100).toFixed(1)} %`;
export const fmtMs = (ms: number, digits = 0): string => `${ms.toFixed(digits)} ms`;

export function fmtBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(2)} MiB`;
  return `${(bytes / 1024).toFixed(1)} KiB`;
}
