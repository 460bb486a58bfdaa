// The reply to the router's own knowledge search, when the answer is read from the passages rather
// than written by the model: what the visitor hears is the business's own words, so nothing in it
// can be invented, and it takes no model time. The embedded model, asked to answer only from the
// passages, said "yes, we offer that" to questions no passage answered (bench/knowledge), and took
// seconds a turn to do it.
import { lexiconFor, type Lexicon } from '@svc/languages/router';
import type { ReplyTemplates } from '@svc/languages/replies';
import { contentStems, sentencesOf } from './text.js';

/** A passage as the agent API's knowledge search answers it. */
export interface KnowledgePassage {
  /** The title of its document. */
  document: string;
  text: string;
}

/** A knowledge search's result, read from a tool output; `undefined` when it is not one. */
export interface KnowledgeFound {
  passages: KnowledgePassage[];
  /** Whether the first passage answers the question by itself, rather than only being near it. */
  confident: boolean;
}

/**
 * The longest passage read out whole, in characters (two or three spoken sentences, 15-20 s); a
 * longer one is cut to its sentences that share the most words with the question.
 */
export const SPOKEN_PASSAGE_CHARS = 320;

/** The most sentences read from a passage too long to read whole. */
const SPOKEN_SENTENCES = 2;

/** Reads a knowledge search result (the `result` of its `ToolResult`). */
export function knowledgeFound(result: unknown): KnowledgeFound | undefined {
  if (typeof result !== 'object' || result === null) return undefined;
  const { passages, confident } = result as { passages?: unknown; confident?: unknown };
  if (!Array.isArray(passages)) return undefined;
  const read = passages.flatMap((passage: unknown) => {
    if (typeof passage !== 'object' || passage === null) return [];
    const { document, text } = passage as { document?: unknown; text?: unknown };
    return typeof document === 'string' && typeof text === 'string' && text.trim()
      ? [{ document, text: text.trim() }]
      : [];
  });
  return { passages: read, confident: confident === true };
}

/** The stems of a text's words that say something; without a lexicon, its lower-case words. */
function stemsOf(text: string, lexicon: Lexicon | undefined): Set<string> {
  if (!lexicon) return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  return new Set(contentStems(text, lexicon));
}

/**
 * What of a passage is read out: the whole of a short one; of a long one, the sentences (at most
 * two, in the passage's order) that share the most words with the question (a second one only if
 * it shares at least half as many as the first), else its first.
 */
export function spokenPassage(text: string, question: string, language: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SPOKEN_PASSAGE_CHARS) return flat;
  const lexicon = lexiconFor(language);
  const asked = stemsOf(question, lexicon);
  const sentences = sentencesOf(flat, language);
  const scored = sentences.map((sentence, index) => {
    let shared = 0;
    for (const stem of stemsOf(sentence, lexicon)) if (asked.has(stem)) shared += 1;
    return { sentence, index, shared };
  });
  const best = Math.max(0, ...scored.map((entry) => entry.shared));
  // A sentence that shares a word or two in passing is not what was asked about.
  const chosen = scored
    .filter((entry) => entry.shared > 0 && entry.shared * 2 >= best)
    .sort((a, b) => b.shared - a.shared || a.index - b.index)
    .slice(0, SPOKEN_SENTENCES)
    .sort((a, b) => a.index - b.index)
    .map((entry) => entry.sentence);
  return (chosen.length > 0 ? chosen : sentences.slice(0, 1)).join(' ');
}

/**
 * The reply to a knowledge search: the first passage in the business's words when it answers the
 * question; when it is only near the question, the same with the agent's "I have nothing on exactly
 * that" first, so the visitor hears the closest the documents hold without taking it for an answer;
 * when nothing relevant was found, that the agent does not know.
 */
export function knowledgeReply(
  found: KnowledgeFound,
  question: string,
  language: string,
  templates: ReplyTemplates,
): string {
  const [first] = found.passages;
  if (!first) return templates.notKnown;
  const said = spokenPassage(first.text, question, language);
  return found.confident ? said : templates.knowledgeNear(first.document, said);
}
