/**
 * test/fixtures/plan-corpus/NOTICES.md: the attribution for every text the
 * corpus carries (entries whose licence is permissive), generated from the
 * provenance files so the two cannot disagree (`npx tsx scripts/plan-corpus.ts --notices`).
 */
import path from 'node:path';
import { classifyLicense } from './corpus-license';
import { REPOSITORY_CORPUS_DIR, type CorpusEntry } from './plan-corpus';

export const NOTICES_FILE = path.join(REPOSITORY_CORPUS_DIR, 'NOTICES.md');

export function renderNotices(entries: readonly CorpusEntry[]): string {
  const shipped = entries.filter((e) => e.shipped);
  const out = [
    '# Notices',
    '',
    'The plan corpus carries the text of plans (and of the designs they name) only from repositories whose stated licence',
    'allows redistribution (MIT, BSD, Apache-2.0, ISC, CC0, MPL-2.0 and the like; test/support/corpus-license.ts reads the',
    'statement). Each text is the file at the given path and commit, unchanged; it remains under its licence and belongs',
    'to its authors. The licence is given as the repository states it; its full text and copyright line are in the',
    'repository at that commit (the link). Copyright lines are quoted below only where the licence statement recorded one.',
    '',
    `${shipped.length} entries from ${new Set(shipped.map((e) => e.provenance.repo)).size} repositories.`,
    '',
  ];
  for (const e of shipped) {
    const p = e.provenance;
    const reading = classifyLicense(p.license);
    const copyright = /copyright\b.*$/i.exec(p.license)?.[0];
    out.push(`## ${e.id}`, '');
    out.push(`- Repository: https://github.com/${p.repo} at commit ${p.commit}${p.planCommit ? ` (plan at ${p.planCommit})` : ''}`);
    out.push(`- Licence: ${p.license.trim()} (read as ${reading.reason})`);
    if (copyright) out.push(`- ${copyright.trim()}`);
    for (const t of p.texts) out.push(`- ${t.in}/${t.path}: https://github.com/${p.repo}/blob/${t.commit}/${t.path.split('/').map(encodeURIComponent).join('/')}`);
    out.push('');
  }
  return `${out.join('\n').trimEnd()}\n`;
}
