/**
 * Whether the plan corpus may carry a plan's text: the licence its
 * repository states (provenance.json "license", free text written when the
 * plan was collected) read as permissive (the text may be redistributed with
 * attribution: MIT, BSD, Apache, ISC, CC0, CC-BY, MPL-2.0, Unlicense, Zlib,
 * WTFPL, PSF…) or not (no licence, unknown, copyleft, non-commercial or
 * share-alike, source-available, free text we cannot read as a licence).
 *
 * The stated text has the shape `<licence> (<where it was read>)`. The
 * licence part must be nothing but known licence names joined by OR/AND
 * (noise words such as "the", "licensed under", "version" allowed): any other
 * word makes it free text, and free text is not permissive. An OR expression
 * is permissive when one side is, an AND expression when every side is. A
 * note saying the licence file came only after the pinned commit, with no
 * licence stated at the commit, makes it not permissive.
 */

export type LicenseClass = 'permissive' | 'not-permissive';

export interface LicenseReading {
  class: LicenseClass;
  /** Why, in a few words: the licence ids read, or what made it not permissive. */
  reason: string;
}

type Kind = 'permissive' | 'copyleft' | 'restricted';

/** Licence names as repositories write them, longest first within a family; each maps to an id and a kind. */
const NAMES: readonly [RegExp, string, Kind][] = [
  [/\bmit[- ]no[- ]attribution\b|\bmit-0\b/, 'MIT-0', 'permissive'],
  [/\bmit\b(?: licen[cs]e)?/, 'MIT', 'permissive'],
  [/\b0bsd\b|\bzero-clause bsd\b/, '0BSD', 'permissive'],
  [/\bbsd[- ]?([234])[- ]clause\b(?: licen[cs]e)?|\bbsd\b(?: licen[cs]e)?/, 'BSD', 'permissive'],
  [/\bapache(?: licen[cs]e)?(?:,? version)?(?:[- ][12](?:\.[01])?)?\b/, 'Apache', 'permissive'],
  [/\bisc\b(?: licen[cs]e)?/, 'ISC', 'permissive'],
  [/\bcc0(?:-1\.0)?\b|\bcreative commons zero\b/, 'CC0-1.0', 'permissive'],
  [/\bcc-by-(?:sa|nc|nd)[\w.-]*|\bcreative commons attribution[- ](?:share|non|no)[\w -]*/, 'CC-BY-SA/NC/ND', 'restricted'],
  [/\bcc-by(?:-[\d.]+)?\b|\bcreative commons attribution(?: [\d.]+)?/, 'CC-BY', 'permissive'],
  [/\bmpl-2\.0\b|\bmozilla public licen[cs]e,?(?: version)? 2\.0\b/, 'MPL-2.0', 'permissive'],
  [/\b(?:the )?unlicense\b/, 'Unlicense', 'permissive'],
  [/\bzlib\b(?: licen[cs]e)?/, 'Zlib', 'permissive'],
  [/\bwtfpl\b/, 'WTFPL', 'permissive'],
  [/\bpsf(?:-2\.0)?\b|\bpython software foundation licen[cs]e\b/, 'PSF-2.0', 'permissive'],
  [/\bboost software licen[cs]e\b|\bbsl-1\.0\b/, 'BSL-1.0', 'permissive'],
  [/\b(?:gnu )?(?:affero general public licen[cs]e|agpl)(?:[- ]?v?[\d.]+)?(?:-only|-or-later)?/, 'AGPL', 'copyleft'],
  [/\b(?:gnu )?(?:lesser general public licen[cs]e|lgpl)(?:[- ]?v?[\d.]+)?(?:-only|-or-later)?/, 'LGPL', 'copyleft'],
  [/\b(?:gnu )?(?:general public licen[cs]e|gpl)(?:[- ]?v?[\d.]+)?(?:-only|-or-later)?/, 'GPL', 'copyleft'],
  [/\beupl(?:-[\d.]+)?\b|\bepl(?:-[\d.]+)?\b|\bcddl(?:-[\d.]+)?\b|\bosl-[\d.]+\b/, 'weak copyleft', 'copyleft'],
  [/\bbusiness source licen[cs]e\b|\bbusl(?:-[\d.]+)?\b/, 'BUSL', 'restricted'],
  [/\belastic licen[cs]e\b|\belv2\b/, 'Elastic', 'restricted'],
  [/\bproprietary\b/, 'proprietary', 'restricted'],
];

/** Words a licence statement may carry besides the names: articles, "licensed under", versions, joiners. */
const NOISE = /\b(?:the|licensed|under|licen[cs]e|version|v|or|and|with|dual|dual-licensed|spdx|identifier|license-identifier)\b|[\s#:;,.()"'/*_`-]|\d/g;

export function classifyLicense(stated: string): LicenseReading {
  const text = stated.trim();
  const { statement, note } = splitNote(text);
  const lower = statement
    .toLowerCase()
    .replace(/\s+copyright\b.*$/s, '') // "MIT License  Copyright (c) 2025 …": the holder is not part of the licence
    .replace(/\(the "licen[cs]e"\)/g, '');
  if (lower.trim() === '') return { class: 'not-permissive', reason: 'no licence stated' };
  if (/^\s*(?:none|no licen[cs]e|unlicensed|not stated|n\/a)\b/.test(lower)) return { class: 'not-permissive', reason: 'no licence stated' };
  if (/^\s*unknown\b/.test(lower)) return { class: 'not-permissive', reason: 'unknown' };
  const found: { id: string; kind: Kind }[] = [];
  let residue = lower;
  for (const [pattern, id, kind] of NAMES) {
    const global = new RegExp(pattern.source, 'g');
    if (global.test(residue)) {
      found.push({ id, kind });
      residue = residue.replace(new RegExp(pattern.source, 'g'), ' ');
    }
  }
  if (residue.replace(NOISE, '') !== '') return { class: 'not-permissive', reason: `free text: ${JSON.stringify(text.slice(0, 60))}` };
  if (found.length === 0) return { class: 'not-permissive', reason: 'no licence named' };
  if (note !== null && addedAfterCommit(note)) return { class: 'not-permissive', reason: 'no licence at the pinned commit (added later)' };
  const ids = found.map((f) => f.id).join(', ');
  const joinedByAnd = /\band\b/.test(lower) && !/\bor\b/.test(lower);
  const permissive = joinedByAnd ? found.every((f) => f.kind === 'permissive') : found.some((f) => f.kind === 'permissive');
  if (found.length > 1 && !joinedByAnd && !/\bor\b/.test(lower)) {
    // Two licences named without OR/AND ("GPL … MIT"): only permissive if every one is.
    return found.every((f) => f.kind === 'permissive') ? { class: 'permissive', reason: ids } : { class: 'not-permissive', reason: `mixed: ${ids}` };
  }
  return permissive ? { class: 'permissive', reason: ids } : { class: 'not-permissive', reason: found.map((f) => `${f.id} (${f.kind})`).join(', ') };
}

/** "MIT (LICENSE; package.json says …)" → statement "MIT", note "LICENSE; package.json says …": the last balanced parenthesis that ends the text. */
function splitNote(text: string): { statement: string; note: string | null } {
  if (!text.endsWith(')')) return { statement: text, note: null };
  let depth = 0;
  for (let i = text.length - 1; i >= 0; i--) {
    if (text[i] === ')') depth++;
    else if (text[i] === '(') depth--;
    if (depth === 0) {
      const statement = text.slice(0, i).trim();
      // "# License (BSD-3-Clause)": a bare "License" before the parenthesis names nothing, so the parenthesis is the licence.
      if (/^#*\s*licen[cs]e$/i.test(statement)) return { statement: text.slice(i + 1, -1), note: null };
      return { statement, note: text.slice(i + 1, -1) };
    }
  }
  return { statement: text, note: null };
}

/** The note says the licence file came after the pinned commit and names no licence statement at it. */
function addedAfterCommit(note: string): boolean {
  return /\badded (?:later|in a later commit|to the repository after this commit|after this commit)\b/i.test(note) && !/\bat this commit\b/i.test(note);
}
