// The BERT WordPiece tokenizer (uncased) that MiniLM's ids come from, read from its Hugging Face
// `tokenizer.json`: the text is cleaned, lower-cased and stripped of accents, split at spaces and
// around every punctuation mark and CJK character, and each word is cut greedily into the longest
// pieces the vocabulary holds, pieces after the first written with `##`.

/** The parts of a Hugging Face `tokenizer.json` a WordPiece model is built from. */
export interface WordPieceDefinition {
  model: {
    type: string;
    vocab: Record<string, number>;
    unk_token?: string;
    continuing_subword_prefix?: string;
    max_input_chars_per_word?: number;
  };
}

/** Encodes text into the ids a BERT model reads: `[CLS]`, the pieces, `[SEP]`. */
export interface WordPieceTokenizer {
  /** The ids of `text`, framed by `[CLS]` and `[SEP]`, at most `maxTokens` in all. */
  encode(text: string): number[];
  /** The pieces of `text` as the vocabulary writes them, without the frame (for reading). */
  pieces(text: string): string[];
}

/**
 * The most tokens a text becomes, the frame included: the length sentence-transformers gives
 * all-MiniLM-L6-v2 (its training cut texts at 128 and it reads up to 256 well; a passage is about
 * 200 words at most, see `MAX_PASSAGE_CHARS` in the API).
 */
export const WORDPIECE_MAX_TOKENS = 256;

/** Words remembered with their pieces: passages repeat most of their words. */
const WORD_CACHE_SIZE = 50_000;

/** Builds a tokenizer from a `tokenizer.json` of a WordPiece model. */
export function createWordPieceTokenizer(
  definition: WordPieceDefinition,
  maxTokens: number = WORDPIECE_MAX_TOKENS,
): WordPieceTokenizer {
  const { model } = definition;
  if (model.type !== 'WordPiece') throw new Error(`unsupported tokenizer model ${model.type}`);
  const vocab = new Map(Object.entries(model.vocab));
  const idOf = (token: string): number => {
    const id = vocab.get(token);
    if (id === undefined) throw new Error(`the vocabulary has no ${token}`);
    return id;
  };
  const unknown = model.unk_token ?? '[UNK]';
  const unknownId = idOf(unknown);
  const start = idOf('[CLS]');
  const end = idOf('[SEP]');
  const prefix = model.continuing_subword_prefix ?? '##';
  const maxWordChars = model.max_input_chars_per_word ?? 100;
  const cache = new Map<string, string[]>();

  /** Greedy longest-match-first, as BERT does: a word with any part unknown is one `[UNK]`. */
  function piecesOfWord(word: string): string[] {
    const cached = cache.get(word);
    if (cached) return cached;
    const characters = [...word];
    let pieces: string[] = [];
    if (characters.length > maxWordChars) pieces = [unknown];
    else {
      let from = 0;
      while (from < characters.length) {
        let to = characters.length;
        let piece: string | undefined;
        while (to > from) {
          const candidate = (from > 0 ? prefix : '') + characters.slice(from, to).join('');
          if (vocab.has(candidate)) {
            piece = candidate;
            break;
          }
          to -= 1;
        }
        if (piece === undefined) {
          pieces = [unknown];
          break;
        }
        pieces.push(piece);
        from = to;
      }
    }
    if (cache.size >= WORD_CACHE_SIZE) cache.clear();
    cache.set(word, pieces);
    return pieces;
  }

  function pieces(text: string): string[] {
    return splitWords(normalize(text)).flatMap(piecesOfWord);
  }

  return {
    pieces,
    encode(text) {
      const ids = pieces(text)
        .slice(0, Math.max(0, maxTokens - 2))
        .map((piece) => vocab.get(piece) ?? unknownId);
      return [start, ...ids, end];
    },
  };
}

/**
 * BERT's normalizer, uncased: control characters dropped, every kind of space made a space, CJK
 * characters set apart, lower case, accents removed (decomposed, then the marks dropped).
 */
function normalize(text: string): string {
  let cleaned = '';
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (code === 0 || code === 0xfffd) continue;
    if (/\s/u.test(character)) cleaned += ' ';
    else if (/\p{Cc}|\p{Cf}/u.test(character)) continue;
    else if (isCjk(code)) cleaned += ` ${character} `;
    else cleaned += character;
  }
  return cleaned
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '');
}

/** The words of normalized text: split at spaces, each punctuation mark a word of its own. */
function splitWords(text: string): string[] {
  return (
    text.match(
      /[^\s\p{P}\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]+|[\p{P}\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]/gu,
    ) ?? []
  );
}

/** The CJK ideograph blocks BERT sets apart (not Hangul, kana: they are written with spaces). */
function isCjk(code: number): boolean {
  return (
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x20000 && code <= 0x2a6df) ||
    (code >= 0x2a700 && code <= 0x2b73f) ||
    (code >= 0x2b740 && code <= 0x2b81f) ||
    (code >= 0x2b820 && code <= 0x2ceaf) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0x2f800 && code <= 0x2fa1f)
  );
}
