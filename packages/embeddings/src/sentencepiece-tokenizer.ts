// A SentencePiece unigram tokenizer read from the `.model` file itself (a protobuf ModelProto), so
// no Python and no native library is needed to turn text into the ids a model was trained on.
// Encoding only, and only what encoding reads: the pieces with their scores and types, and the
// normalizer's rules. It follows SentencePiece's C++ (`normalizer.cc`, `unigram_model.cc`'s
// `EncodeOptimized`) step by step, float32 sums included, so the ids are the library's ids.

/** The word-boundary marker SentencePiece writes in place of a space. */
const SPACE_MARKER = '\u2581';

/** A piece's role, as `sentencepiece_model.proto` numbers it. */
const PIECE_TYPE = {
  normal: 1,
  unknown: 2,
  control: 3,
  userDefined: 4,
  unused: 5,
  byte: 6,
} as const;

/** SentencePiece's penalty under the lowest piece score for a character no piece covers. */
const UNKNOWN_PENALTY = 10;

/**
 * The smallest positive float32 (C's `FLT_MIN`): SentencePiece starts its highest piece score
 * there, not at the lowest float, so with all scores negative a user-defined piece scores about
 * -0.1. Kept, since it decides when such a piece wins.
 */
const FLT_MIN = 1.1754943508222875e-38;

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder();

/** One entry of the vocabulary. */
export interface SentencePiece {
  piece: string;
  score: number;
  /** 1 normal, 2 unknown, 3 control, 4 user-defined, 5 unused, 6 byte. */
  type: number;
}

/** What a SentencePiece `.model` file holds that encoding reads. */
export interface SentencePieceModel {
  pieces: SentencePiece[];
  normalizer: {
    /** The rule set's name, such as `nmt_nfkc` (the rules themselves are the charsmap). */
    name: string;
    /** The compiled rules: a double-array trie of inputs and the strings they become. */
    precompiledCharsmap: Uint8Array;
    addDummyPrefix: boolean;
    removeExtraWhitespaces: boolean;
    escapeWhitespaces: boolean;
  };
}

/** Encodes text into a SentencePiece unigram model's ids. */
export interface SentencePieceTokenizer {
  /** The ids of `text`'s pieces, without `<s>` or `</s>` (as `encode` in Python gives them). */
  encode(text: string): number[];
  /** The pieces of `text` as the vocabulary writes them (for reading). */
  pieces(text: string): string[];
  /** The id of `piece` (a control piece such as `<s>` included), or undefined. */
  idOf(piece: string): number | undefined;
}

/** Reads a SentencePiece `.model` file: the fields encoding reads, with the proto's defaults. */
export function readSentencePieceModel(file: Uint8Array): SentencePieceModel {
  const pieces: SentencePiece[] = [];
  const normalizer: SentencePieceModel['normalizer'] = {
    name: '',
    precompiledCharsmap: new Uint8Array(0),
    addDummyPrefix: true,
    removeExtraWhitespaces: true,
    escapeWhitespaces: true,
  };
  for (const field of readFields(file)) {
    if (field.number === 1 && field.bytes) {
      // Proto defaults: a piece without a type is NORMAL, without a score scores 0.
      const piece: SentencePiece = { piece: '', score: 0, type: PIECE_TYPE.normal };
      for (const inner of readFields(field.bytes)) {
        if (inner.number === 1 && inner.bytes) piece.piece = decodeUtf8(inner.bytes);
        else if (inner.number === 2 && inner.fixed32 !== undefined) piece.score = inner.fixed32;
        else if (inner.number === 3 && inner.varint !== undefined) piece.type = inner.varint;
      }
      pieces.push(piece);
    } else if (field.number === 2 && field.bytes) {
      for (const inner of readFields(field.bytes)) {
        // model_type 1 is UNIGRAM (the default); BPE, WORD and CHAR encode otherwise.
        if (inner.number === 3 && inner.varint !== undefined && inner.varint !== 1)
          throw new Error(`unsupported SentencePiece model type ${inner.varint}`);
        if (inner.number === 24 && inner.varint)
          throw new Error('unsupported SentencePiece option treat_whitespace_as_suffix');
        if (inner.number === 35 && inner.varint)
          throw new Error('unsupported SentencePiece option byte_fallback');
      }
    } else if (field.number === 3 && field.bytes) {
      for (const inner of readFields(field.bytes)) {
        if (inner.number === 1 && inner.bytes) normalizer.name = decodeUtf8(inner.bytes);
        else if (inner.number === 2 && inner.bytes) normalizer.precompiledCharsmap = inner.bytes;
        else if (inner.number === 3 && inner.varint !== undefined)
          normalizer.addDummyPrefix = inner.varint !== 0;
        else if (inner.number === 4 && inner.varint !== undefined)
          normalizer.removeExtraWhitespaces = inner.varint !== 0;
        else if (inner.number === 5 && inner.varint !== undefined)
          normalizer.escapeWhitespaces = inner.varint !== 0;
      }
    }
  }
  return { pieces, normalizer };
}

/** Builds a tokenizer from a read `.model` file. */
export function createSentencePieceTokenizer(model: SentencePieceModel): SentencePieceTokenizer {
  const scored = new Map<string, { id: number; score: number }>();
  const ids = new Map<string, number>();
  const userDefined: string[] = [];
  let unknownId: number | undefined;
  let lowest = Infinity;
  let highest = FLT_MIN;
  model.pieces.forEach(({ piece, type, score }, id) => {
    if (!ids.has(piece)) ids.set(piece, id);
    if (type === PIECE_TYPE.unknown) unknownId = id;
    if (type === PIECE_TYPE.normal) {
      lowest = Math.min(lowest, score);
      highest = Math.max(highest, score);
    }
    if (type === PIECE_TYPE.userDefined) userDefined.push(piece);
  });
  if (unknownId === undefined) throw new Error('the SentencePiece model has no unknown piece');
  const unknown = unknownId;
  const unknownScore = Math.fround(lowest - UNKNOWN_PENALTY);
  let longestPiece = 1;
  model.pieces.forEach(({ piece, type, score }, id) => {
    // Unused pieces are in SentencePiece's trie but skipped when matched: the same as absent.
    if (type !== PIECE_TYPE.normal && type !== PIECE_TYPE.userDefined) return;
    longestPiece = Math.max(longestPiece, [...piece].length);
    if (type === PIECE_TYPE.normal) scored.set(piece, { id, score });
    else {
      // A user-defined piece gets the score SentencePiece gives it so that it wins (its length
      // there is in UTF-8 bytes).
      const bytes = utf8Encoder.encode(piece).length;
      scored.set(piece, { id, score: Math.fround(Math.fround(bytes * highest) - 0.1) });
    }
  });
  const normalize = createNormalizer(model.normalizer, userDefined);

  /**
   * The best segmentation by total score, over the whole text at once: a cache per word would
   * start each word's float32 sums from zero instead of from the text's running total, which can
   * flip a near tie, and the search costs microseconds next to the model's milliseconds.
   */
  function segment(text: string): { piece: string; id: number }[] {
    const characters = [...text];
    const size = characters.length;
    // The best path ending at each character boundary: its score, where its last piece starts.
    const scores = new Float64Array(size + 1);
    const starts = new Int32Array(size + 1).fill(-1);
    const pieceIds = new Int32Array(size + 1);
    const offer = (end: number, start: number, id: number, score: number) => {
      const total = Math.fround(score + (scores[start] ?? 0));
      // Strictly greater: on a tie the first offer stays, as in SentencePiece.
      if (starts[end] === -1 || total > (scores[end] ?? 0)) {
        scores[end] = total;
        starts[end] = start;
        pieceIds[end] = id;
      }
    };
    for (let start = 0; start < size; start += 1) {
      let candidate = '';
      let hasSingle = false;
      for (let end = start + 1; end <= Math.min(size, start + longestPiece); end += 1) {
        candidate += characters[end - 1] ?? '';
        const entry = scored.get(candidate);
        if (!entry) continue;
        offer(end, start, entry.id, entry.score);
        if (end === start + 1) hasSingle = true;
      }
      if (!hasSingle) offer(start + 1, start, unknown, unknownScore);
    }
    const result: { piece: string; id: number }[] = [];
    for (let end = size; end > 0;) {
      const start = starts[end] ?? 0;
      const id = pieceIds[end] ?? unknown;
      const piece = characters.slice(start, end).join('');
      const previous = result.at(-1);
      // Unknown characters in a row become one unknown piece: SentencePiece's encoder merges them.
      if (id === unknown && previous?.id === unknown) previous.piece = piece + previous.piece;
      else result.push({ piece, id });
      end = start;
    }
    return result.reverse();
  }

  return {
    encode: (text) => segment(normalize(text)).map(({ id }) => id),
    pieces: (text) => segment(normalize(text)).map(({ piece }) => piece),
    idOf: (piece) => ids.get(piece),
  };
}

/**
 * SentencePiece's normalizer: each input is replaced by the longest rule of the compiled charsmap
 * that matches there (for `nmt_nfkc`, NFKC plus NMT's clean-up: zero-width characters dropped,
 * every kind of space made a plain one; which, the rules say, not this code), spaces are trimmed and collapsed, a space is put first, and every space
 * becomes `▁`. The rules match UTF-8 bytes, so the text is walked as bytes.
 */
function createNormalizer(
  spec: SentencePieceModel['normalizer'],
  userDefined: string[],
): (text: string) => string {
  const charsmap = readCharsmap(spec.precompiledCharsmap);
  const protectedPieces = userDefined.map((piece) => utf8Encoder.encode(piece));
  const space = 0x20;
  const marker = utf8Encoder.encode(SPACE_MARKER);
  const replacement = utf8Encoder.encode('\ufffd');

  /** What the input at `at` becomes, and how many bytes of it that consumes. */
  function prefix(input: Uint8Array, at: number): { output: Uint8Array; consumed: number } {
    // A user-defined piece passes through unnormalized, so the text can name it exactly.
    let longestProtected = 0;
    for (const piece of protectedPieces)
      if (piece.length > longestProtected && startsWith(input, at, piece))
        longestProtected = piece.length;
    if (longestProtected > 0)
      return { output: input.subarray(at, at + longestProtected), consumed: longestProtected };
    const rule = charsmap?.longestMatch(input, at);
    if (rule) return rule;
    const length = utf8Length(input, at);
    if (length === 0) return { output: replacement, consumed: 1 };
    return { output: input.subarray(at, at + length), consumed: length };
  }

  return (text) => {
    const input = utf8Encoder.encode(text);
    let at = 0;
    if (spec.removeExtraWhitespaces) {
      for (;;) {
        if (at >= input.length) break;
        const { output, consumed } = prefix(input, at);
        if (output.length !== 1 || output[0] !== space) break;
        at += consumed;
      }
    }
    if (at >= input.length) return '';
    const bytes: number[] = [];
    const pushSpace = () => {
      if (spec.escapeWhitespaces) bytes.push(...marker);
      else bytes.push(space);
    };
    if (spec.addDummyPrefix) pushSpace();
    let previousWasSpace = spec.removeExtraWhitespaces;
    while (at < input.length) {
      const { output, consumed } = prefix(input, at);
      let from = 0;
      if (previousWasSpace) while (from < output.length && output[from] === space) from += 1;
      if (from < output.length) {
        for (let index = from; index < output.length; index += 1) {
          const byte = output[index] ?? 0;
          if (byte === space) pushSpace();
          else bytes.push(byte);
        }
        previousWasSpace = output[output.length - 1] === space;
      }
      if (!spec.removeExtraWhitespaces) previousWasSpace = false;
      at += consumed;
    }
    let normalized = decodeUtf8(Uint8Array.from(bytes));
    if (spec.removeExtraWhitespaces) {
      const trailing = spec.escapeWhitespaces ? SPACE_MARKER : ' ';
      while (normalized.endsWith(trailing)) normalized = normalized.slice(0, -trailing.length);
    }
    return normalized;
  };
}

/**
 * The compiled charsmap: a 32-bit length, a Darts-clone double-array trie over UTF-8 inputs, then
 * the NUL-terminated strings they become (a trie value is an offset into those). Undefined when
 * the model has no rules (SentencePiece then leaves the text as it is).
 */
function readCharsmap(blob: Uint8Array):
  | {
      longestMatch(input: Uint8Array, at: number): { output: Uint8Array; consumed: number } | null;
    }
  | undefined {
  if (blob.length < 4) return undefined;
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  const trieSize = view.getUint32(0, true);
  const units = new Uint32Array(trieSize / 4);
  for (let index = 0; index < units.length; index += 1)
    units[index] = view.getUint32(4 + index * 4, true);
  const strings = blob.subarray(4 + trieSize);
  const offsetOf = (unit: number) => (unit >>> 10) << ((unit & (1 << 9)) >>> 6);
  const labelOf = (unit: number) => unit & (0x80000000 | 0xff);
  const hasLeaf = (unit: number) => ((unit >>> 8) & 1) === 1;
  const valueOf = (unit: number) => unit & 0x7fffffff;
  return {
    longestMatch(input, at) {
      let node = offsetOf(units[0] ?? 0);
      let best: { value: number; length: number } | null = null;
      for (let index = at; index < input.length; index += 1) {
        const byte = input[index] ?? 0;
        node ^= byte;
        const unit = units[node] ?? 0;
        if (labelOf(unit) >>> 0 !== byte) break;
        node ^= offsetOf(unit);
        if (hasLeaf(unit)) best = { value: valueOf(units[node] ?? 0), length: index - at + 1 };
      }
      if (!best) return null;
      const end = strings.indexOf(0, best.value);
      return {
        output: strings.subarray(best.value, end < 0 ? strings.length : end),
        consumed: best.length,
      };
    },
  };
}

/** Whether `input` holds `piece` at `at`. */
function startsWith(input: Uint8Array, at: number, piece: Uint8Array): boolean {
  if (at + piece.length > input.length) return false;
  for (let index = 0; index < piece.length; index += 1)
    if (input[at + index] !== piece[index]) return false;
  return true;
}

/** The length of the valid UTF-8 character at `at`, or 0 when the bytes there are not one. */
function utf8Length(input: Uint8Array, at: number): number {
  const first = input[at] ?? 0;
  const length = first < 0x80 ? 1 : first >= 0xf0 ? 4 : first >= 0xe0 ? 3 : first >= 0xc2 ? 2 : 0;
  if (length === 0 || at + length > input.length) return 0;
  for (let index = 1; index < length; index += 1)
    if (((input[at + index] ?? 0) & 0xc0) !== 0x80) return 0;
  return length;
}

/** Room for one little-endian float, so that reading a score makes no view of its message. */
const floatBytes = new Uint8Array(4);
const floatView = new DataView(floatBytes.buffer);

/** A field of a protobuf message: its number and, by wire type, its value. */
interface ProtoField {
  number: number;
  varint?: number;
  fixed32?: number;
  bytes?: Uint8Array;
}

/** The fields of a protobuf message, in order (64-bit fixed values are skipped: none is read). */
function readFields(message: Uint8Array): ProtoField[] {
  const fields: ProtoField[] = [];
  let at = 0;
  const varint = (): number => {
    // Numbers past 2^53 lose precision here; nothing read from a `.model` is that large.
    let value = 0;
    let scale = 1;
    for (;;) {
      if (at >= message.length) throw new Error('truncated protobuf varint');
      const byte = message[at] ?? 0;
      at += 1;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 128;
    }
  };
  while (at < message.length) {
    const key = varint();
    const number = Math.floor(key / 8);
    const wireType = key % 8;
    if (wireType === 0) fields.push({ number, varint: varint() });
    else if (wireType === 1) at += 8;
    else if (wireType === 2) {
      const length = varint();
      if (at + length > message.length) throw new Error('truncated protobuf field');
      fields.push({ number, bytes: message.subarray(at, at + length) });
      at += length;
    } else if (wireType === 5) {
      if (at + 4 > message.length) throw new Error('truncated protobuf field');
      for (let index = 0; index < 4; index += 1) floatBytes[index] = message[at + index] ?? 0;
      fields.push({ number, fixed32: floatView.getFloat32(0, true) });
      at += 4;
    } else throw new Error(`unsupported protobuf wire type ${wireType}`);
  }
  return fields;
}

/** UTF-8 bytes as text. */
function decodeUtf8(bytes: Uint8Array): string {
  // Most pieces are a few ASCII letters, for which a decoder call costs more than the letters:
  // reading 128,000 of them took 0.6 s through the decoder alone.
  if (bytes.length <= 16 && bytes.every((byte) => byte < 0x80))
    return String.fromCharCode(...bytes);
  return utf8Decoder.decode(bytes);
}
