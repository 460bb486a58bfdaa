// The Llama 2 tokenizer wordllama's table is indexed by, read from its Hugging Face `tokenizer.json`
// (a byte-pair model over characters with a byte fallback). Only encoding is needed: an embedding
// looks up each token's row, it never turns ids back into text.

/** The word-boundary marker SentencePiece writes in place of a space. */
const SPACE_MARKER = '\u2581';

/** The parts of a Hugging Face `tokenizer.json` a byte-pair model is built from. */
export interface TokenizerDefinition {
  model: {
    type: string;
    vocab: Record<string, number>;
    /** Pairs in priority order, each written `left right` (older files) or `[left, right]`. */
    merges: (string | [string, string])[];
    unk_token?: string | null;
    byte_fallback?: boolean;
  };
}

/** Encodes text into token ids as the Llama 2 tokenizer does, without special tokens. */
export interface Tokenizer {
  /** The ids of `text`'s tokens, in order. */
  encode(text: string): number[];
}

/** How many words' tokens are remembered: passages repeat most of their words. */
const WORD_CACHE_SIZE = 50_000;

/**
 * Builds a tokenizer from a `tokenizer.json` of a byte-pair model.
 *
 * Text is split into words at each space marker before merging: a merge that would join the end
 * of one word to the marker of the next does not exist in the Llama vocabulary for single spaces,
 * and per-word merging lets a word's tokens be cached.
 */
export function createTokenizer(definition: TokenizerDefinition): Tokenizer {
  const { model } = definition;
  if (model.type !== 'BPE') throw new Error(`unsupported tokenizer model ${model.type}`);
  const vocab = new Map(Object.entries(model.vocab));
  const ranks = new Map<string, number>();
  model.merges.forEach((merge, rank) => {
    const [left, right] = typeof merge === 'string' ? splitMerge(merge) : merge;
    ranks.set(`${left} ${right}`, rank);
  });
  const unknown = model.unk_token == null ? undefined : vocab.get(model.unk_token);
  const byteIds = Array.from({ length: 256 }, (_, byte) =>
    vocab.get(`<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`),
  );
  const cache = new Map<string, number[]>();

  function encodeSymbol(symbol: string, into: number[]): void {
    const id = vocab.get(symbol);
    if (id !== undefined) {
      into.push(id);
      return;
    }
    if (model.byte_fallback) {
      for (const byte of Buffer.from(symbol, 'utf8')) {
        const byteId = byteIds[byte];
        if (byteId !== undefined) into.push(byteId);
        else if (unknown !== undefined) into.push(unknown);
      }
    } else if (unknown !== undefined) into.push(unknown);
  }

  function encodeWord(word: string): number[] {
    const cached = cache.get(word);
    if (cached) return cached;
    const symbols = Array.from(word);
    for (;;) {
      let best = -1;
      let bestRank = Infinity;
      for (let index = 0; index < symbols.length - 1; index += 1) {
        const rank = ranks.get(`${symbols[index]} ${symbols[index + 1]}`);
        if (rank !== undefined && rank < bestRank) {
          bestRank = rank;
          best = index;
        }
      }
      if (best < 0) break;
      symbols.splice(best, 2, `${symbols[best]}${symbols[best + 1]}`);
    }
    const ids: number[] = [];
    for (const symbol of symbols) encodeSymbol(symbol, ids);
    if (cache.size >= WORD_CACHE_SIZE) cache.clear();
    cache.set(word, ids);
    return ids;
  }

  return {
    encode(text) {
      if (text.length === 0) return [];
      const normalised = SPACE_MARKER + text.replaceAll(' ', SPACE_MARKER);
      const ids: number[] = [];
      for (const word of normalised.split(/(?=\u2581)/u)) ids.push(...encodeWord(word));
      return ids;
    },
  };
}

/** `left right` split at its one separating space (neither side holds a plain space). */
function splitMerge(merge: string): [string, string] {
  const at = merge.indexOf(' ', 1);
  return [merge.slice(0, at), merge.slice(at + 1)];
}
