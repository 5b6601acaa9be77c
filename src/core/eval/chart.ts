/**
 * One small hand-written SVG: recall (y) against cost per plan run (x), one
 * labelled point per configuration. Self-contained (no script, no external
 * reference), so it renders in a browser, an editor preview or a CI artifact.
 */
import type { ConfigFigures } from './metrics';
import { formatUsd } from '../money';

const W = 560;
const H = 360;
const M = { left: 64, right: 24, top: 40, bottom: 56 };
const COLORS: Record<ConfigFigures['config'], string> = { static: '#6e7781', 'single-pass': '#bf8700', loop: '#0969da' };

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A "nice" axis maximum ≥ value: 1, 2 or 5 × a power of ten. */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((m) => m * p).find((m) => m >= value) ?? 10 * p;
}

export function renderChart(figures: readonly ConfigFigures[], title: string): string {
  const xMax = niceMax(Math.max(...figures.map((f) => f.costPerPlanRun)) * 1.1);
  const x = (usd: number) => M.left + (usd / xMax) * (W - M.left - M.right);
  const y = (recall: number) => H - M.bottom - recall * (H - M.top - M.bottom);
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="system-ui, sans-serif" font-size="12">`);
  parts.push(`<rect width="${W}" height="${H}" fill="#ffffff"/>`);
  parts.push(`<text x="${W / 2}" y="22" text-anchor="middle" font-size="14" font-weight="600">${esc(title)}</text>`);
  for (let i = 0; i <= 4; i++) {
    const r = i / 4;
    parts.push(`<line x1="${M.left}" x2="${W - M.right}" y1="${y(r)}" y2="${y(r)}" stroke="#d0d7de" stroke-width="1"/>`);
    parts.push(`<text x="${M.left - 8}" y="${y(r) + 4}" text-anchor="end">${Math.round(r * 100)} %</text>`);
    const usd = (xMax * i) / 4;
    parts.push(`<text x="${x(usd)}" y="${H - M.bottom + 18}" text-anchor="middle">$${usd < 1 ? usd.toFixed(usd === 0 ? 0 : 3) : usd.toFixed(2)}</text>`);
  }
  parts.push(`<line x1="${M.left}" x2="${M.left}" y1="${M.top}" y2="${H - M.bottom}" stroke="#57606a"/>`);
  parts.push(`<line x1="${M.left}" x2="${W - M.right}" y1="${H - M.bottom}" y2="${H - M.bottom}" stroke="#57606a"/>`);
  parts.push(`<text x="${(M.left + W - M.right) / 2}" y="${H - 14}" text-anchor="middle">cost per plan run (USD)</text>`);
  parts.push(`<text transform="translate(18 ${(M.top + H - M.bottom) / 2}) rotate(-90)" text-anchor="middle">recall</text>`);
  for (const f of figures) {
    if (f.recall === null) continue;
    const cx = x(f.costPerPlanRun);
    const cy = y(f.recall);
    const label = `${f.config}: ${(f.recall * 100).toFixed(1)} % at ${formatUsd(f.costPerPlanRun)}`;
    const anchor = cx > W - 200 ? 'end' : 'start';
    parts.push(`<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="6" fill="${COLORS[f.config]}"><title>${esc(label)}</title></circle>`);
    parts.push(`<text x="${(anchor === 'end' ? cx - 10 : cx + 10).toFixed(1)}" y="${(cy - 8).toFixed(1)}" text-anchor="${anchor}" fill="${COLORS[f.config]}">${esc(label)}</text>`);
  }
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
