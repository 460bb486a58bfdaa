// The sentences of a scenario's prompt that a visitor's words are about, found by meaning and put
// beside those words where the embedded model reads them. A 1.5B model given a prompt of thirty
// facts answers from the wrong one ("where would I leave the car" with the head chef's name) or
// says it does not know what the prompt says ("I don't know when we close on Saturdays. We are
// open ... Saturday 9:00 to 16:00"); the sentence that holds the answer, repeated next to the
// question, is what it then reads. Found by meaning, not words: the visitor's words are seldom
// the prompt's ("shut" for "closes", "leave the car" for "parking"), and a word match is led by
// the words every sentence has ("what", "time", "the").
import { llm } from '@livekit/agents';
import { languageOf } from '@svc/languages';

/** Embeds texts in a conversation's language: one unit-length vector per text, in order. */
export type SentenceEmbed = (
  texts: readonly string[],
  language: string,
) => Promise<readonly Float32Array[]>;

/** Most prompt sentences put beside one message of the visitor. */
export const RECALL_MOST = 2;

/**
 * Least cosine similarity between the visitor's words and a sentence put beside them, by model:
 * MiniLM (English) and USE (other languages) spread their similarities differently. Chosen on the
 * dev parts of the grounded and out-of-scope sets: MiniLM gives the sentence that answers a fact
 * question 0.35-0.75 and unrelated ones under 0.3; at 0.3, sentences on a neighbouring topic ("We
 * have high chairs" beside a question about a wheelchair) were read as the answer.
 */
export const RECALL_FLOOR = { english: 0.4, multilingual: 0.3 } as const;

/** A second sentence is put beside the first only when it is this close to it in similarity. */
export const RECALL_SPREAD = 0.1;

/** The sentences of a prompt, by the language's sentence breaks and its lines. */
export function promptSentences(prompt: string, language: string): string[] {
  let segmenter: Intl.Segmenter;
  try {
    segmenter = new Intl.Segmenter(language, { granularity: 'sentence' });
  } catch {
    segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
  }
  const sentences: string[] = [];
  for (const line of prompt.split(/\n+/))
    for (const { segment } of segmenter.segment(line)) {
      const sentence = segment.trim();
      // A sentence with no letter ("---", a bullet) says nothing to put beside a question.
      if (/\p{L}/u.test(sentence)) sentences.push(sentence);
    }
  return [...new Set(sentences)];
}

function cosine(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < a.length && index < b.length; index += 1)
    sum += (a[index] ?? 0) * (b[index] ?? 0);
  return sum;
}

/** The visitor's words as the model reads them with the prompt's sentences they are about. */
export function withRecalled(text: string, sentences: readonly string[]): string {
  if (sentences.length === 0) return text;
  return `${text}\n\n(What your instructions say about this: ${sentences.join(' ')})`;
}

/**
 * Finds, for each message of the visitor, the prompt's sentences it is about, and keeps them: a
 * message is read once, and reads the same every turn, so the model's evaluated context stays
 * valid from one turn to the next.
 */
export class InstructionRecall {
  readonly #sentences: string[];
  readonly #language: string;
  readonly #embed: SentenceEmbed;
  readonly #floor: number;
  #vectors: Promise<readonly Float32Array[]> | undefined;
  /** What each message of the visitor was found to be about. */
  readonly #recalled = new Map<string, Promise<string[]>>();
  readonly #settled = new Map<string, string[]>();

  readonly #asks: (text: string) => boolean;

  /**
   * @param options.tools The scenario's tool names: a sentence that names one tells the model how
   *   to act ("Cancel with cancel_booking"), which it reads in its prompt; beside a question it
   *   was read as a fact ("is there a charge if I cancel on the day?": "No, there is no charge").
   * @param options.asks Whether a message asks something: only a question is about what the
   *   prompt states; beside a booking's details a sentence of the prompt is noise.
   */
  constructor(
    prompt: string,
    language: string,
    embed: SentenceEmbed,
    options: { tools?: readonly string[]; asks?: (text: string) => boolean } = {},
  ) {
    const tools = (options.tools ?? []).map((name) => name.toLowerCase());
    this.#sentences = promptSentences(prompt, language).filter((sentence) => {
      const lower = sentence.toLowerCase();
      return !tools.some((name) => lower.includes(name));
    });
    this.#language = language;
    this.#embed = embed;
    this.#floor = languageOf(language) === 'en' ? RECALL_FLOOR.english : RECALL_FLOOR.multilingual;
    this.#asks = options.asks ?? (() => true);
  }

  /** The prompt's sentences a message is about, best first (none when it is about none). */
  recall(text: string): Promise<string[]> {
    const key = text.trim();
    let found = this.#recalled.get(key);
    if (!found) {
      found = this.#find(key).then(
        (sentences) => {
          this.#settled.set(key, sentences);
          return sentences;
        },
        // Without the embedder (not installed, the host gone) the model reads the words alone;
        // the next turn asks again.
        () => {
          this.#recalled.delete(key);
          return [];
        },
      );
      this.#recalled.set(key, found);
    }
    return found;
  }

  async #find(text: string): Promise<string[]> {
    if (this.#sentences.length === 0 || !/\p{L}/u.test(text) || !this.#asks(text)) return [];
    this.#vectors ??= this.#embed(this.#sentences, this.#language);
    let sentenceVectors: readonly Float32Array[];
    try {
      sentenceVectors = await this.#vectors;
    } catch (error) {
      this.#vectors = undefined;
      throw error;
    }
    const [asked] = await this.#embed([text], this.#language);
    if (!asked) return [];
    const ranked = this.#sentences
      .map((sentence, index) => {
        const vector = sentenceVectors[index];
        return { sentence, similarity: vector ? cosine(asked, vector) : 0 };
      })
      .sort((a, b) => b.similarity - a.similarity);
    const best = ranked[0]?.similarity ?? 0;
    return ranked
      .filter(
        ({ similarity }, index) =>
          similarity >= this.#floor && (index === 0 || similarity >= best - RECALL_SPREAD),
      )
      .slice(0, RECALL_MOST)
      .map(({ sentence }) => sentence);
  }

  /** Finds what every message of the visitor in a conversation is about. */
  async recallAll(chatCtx: llm.ChatContext): Promise<void> {
    await Promise.all(
      chatCtx.items.flatMap((item) =>
        item.type === 'message' && item.role === 'user' && item.textContent
          ? [this.recall(item.textContent)]
          : [],
      ),
    );
  }

  /**
   * The conversation as the model reads it: each message of the visitor with the prompt's
   * sentences it was found to be about (those found so far: {@link recallAll} first).
   */
  withSentences(chatCtx: llm.ChatContext): llm.ChatContext {
    let changed = false;
    const items = chatCtx.items.map((item) => {
      if (item.type !== 'message' || item.role !== 'user' || !item.textContent) return item;
      const sentences = this.#settled.get(item.textContent.trim());
      if (!sentences?.length) return item;
      changed = true;
      return llm.ChatMessage.create({
        role: 'user',
        content: withRecalled(item.textContent, sentences),
        id: item.id,
        createdAt: item.createdAt,
      });
    });
    return changed ? new llm.ChatContext(items) : chatCtx;
  }
}
