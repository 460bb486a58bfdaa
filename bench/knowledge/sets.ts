// The knowledge sets (frozen: `sets/frozen.json` holds each file's sha256; a changed set is a new
// set). A question names the documents that answer it and words a right answer holds, or is not
// covered by any document.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** A question of a knowledge set. */
export interface KnowledgeQuestion {
  id: string;
  part: 'dev' | 'heldout';
  text: string;
  expect: { documents: string[]; answer_holds_any: string[] } | { not_covered: true };
}

/** A business, its documents and the questions asked of them. */
export interface KnowledgeSet {
  id: string;
  language: string;
  scenario: { name: string; prompt: string; first_message: string };
  documents: { title: string; format: 'text'; text: string }[];
  questions: KnowledgeQuestion[];
}

/** The ids of the sets. */
export const KNOWLEDGE_SET_IDS = [
  'clinic-kb-1',
  'support-desk-kb-1',
  'clinic-kb-2',
  'support-desk-kb-2',
] as const;

/**
 * The sets a run takes when it names none: the first ones, whose figures the README reports. The
 * `-2` sets are run only by name (`--sets`), so that no run shows their held-out questions by
 * default.
 */
export const DEFAULT_KNOWLEDGE_SET_IDS: readonly string[] = ['clinic-kb-1', 'support-desk-kb-1'];

const here = (path: string) => new URL(path, import.meta.url);

/** A set as committed; throws when its file is not the one `frozen.json` recorded. */
export function loadKnowledgeSet(id: string): KnowledgeSet {
  const raw = readFileSync(here(`./sets/${id}.json`));
  const frozen = JSON.parse(readFileSync(here('./sets/frozen.json'), 'utf8')) as Record<
    string,
    string
  >;
  const sum = createHash('sha256').update(raw).digest('hex');
  if (frozen[id] !== sum) throw new Error(`set ${id} differs from the frozen one (sha256 ${sum})`);
  return JSON.parse(raw.toString('utf8')) as KnowledgeSet;
}
