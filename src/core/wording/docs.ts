/**
 * Documentation work: the words of a step whose work is writing or updating documents ("Update the docs", "Write
 * README", "Document the flag"). Plain data, by language; read by step-work.ts (see README.md).
 */
import type { Wording } from './words';

/** Verbs that open a docs step, before (a few words on) the document: "Update the API docs", "Add release notes". */
export const DOCS_VERB: Wording = {
  en: ['write', 'update', 'add', 'refresh', 'revise', 'amend', 'extend'],
};

/** The documents such a verb names: "docs", "README", "CHANGELOG", "user guide", "release notes". */
export const DOCS_NOUN: Wording = {
  en: ['doc', 'docs', 'documentation', 'readme', 'changelog', 'user guide', 'guide', 'release notes'],
};

/** A verb that is documentation work by itself, opening the title: "Document the flag". */
export const DOCUMENT_VERB: Wording = {
  en: ['document'],
};

/** Verbs that open a step writing one named document file: "Create `docs/setup.md`", "Rewrite README.md". */
export const DOC_FILE_VERB: Wording = {
  en: ['create', 'write', 'rewrite', 'replace'],
};
