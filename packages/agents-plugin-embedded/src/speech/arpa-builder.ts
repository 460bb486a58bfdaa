// Backoff n-gram language models in ARPA text, built in plain TypeScript from a small corpus.

/** Options of {@link buildArpa}. */
export interface ArpaOptions {
  /** Highest n-gram order: 2 (bigram) or 3 (trigram, the default). */
  order?: 2 | 3;
}

type Counts = Map<string, Map<string, number>>;

function bump(table: Counts, history: string, word: string): void {
  let row = table.get(history);
  if (!row) table.set(history, (row = new Map()));
  row.set(word, (row.get(word) ?? 0) + 1);
}

function rowTotal(row: Map<string, number>): number {
  let total = 0;
  for (const count of row.values()) total += count;
  return total;
}

const log10 = (p: number): string => Math.log10(p).toFixed(6);

/**
 * Builds a backoff n-gram model in ARPA text from tokenized sentences (`<s>` and `</s>` are
 * added around each).
 *
 * Smoothing is Witten-Bell, which suits a small corpus with no reliable counts-of-counts: a
 * history seen `c` times followed by `t` distinct words keeps `c / (c + t)` of its mass for the
 * words seen after it and backs off with `t / (c + t)` to the next lower order. Unigrams back
 * off to a uniform distribution over the vocabulary (which makes them add-one estimates), so
 * every word of the model can follow any other. Backoff weights are normalized so that each
 * history's distribution sums to one.
 */
export function buildArpa(
  sentences: readonly (readonly string[])[],
  options: ArpaOptions = {},
): string {
  const order = options.order ?? 3;
  const unigrams = new Map<string, number>();
  const bigrams: Counts = new Map();
  const trigrams: Counts = new Map();
  for (const sentence of sentences) {
    if (sentence.length === 0) continue;
    const tokens = ['<s>', ...sentence, '</s>'];
    for (let i = 1; i < tokens.length; i += 1) {
      const word = tokens[i] as string;
      unigrams.set(word, (unigrams.get(word) ?? 0) + 1);
      bump(bigrams, tokens[i - 1] as string, word);
      if (order >= 3 && i >= 2) bump(trigrams, `${tokens[i - 2]} ${tokens[i - 1]}`, word);
    }
  }
  if (unigrams.size === 0) throw new Error('cannot build a language model from no words');

  const vocabulary = [...unigrams.keys()].sort();
  const total = rowTotal(unigrams);
  const p1 = new Map<string, number>();
  for (const word of vocabulary) {
    p1.set(word, ((unigrams.get(word) ?? 0) + 1) / (total + vocabulary.length));
  }

  // Bigram level: discounted probabilities of seen pairs and each history's backoff weight.
  const p2 = new Map<string, number>();
  const bow1 = new Map<string, number>();
  for (const [history, row] of bigrams) {
    const count = rowTotal(row);
    const denominator = count + row.size;
    let lowerCovered = 0;
    for (const [word, c] of row) {
      p2.set(`${history} ${word}`, c / denominator);
      lowerCovered += p1.get(word) ?? 0;
    }
    bow1.set(history, row.size / denominator / Math.max(1e-12, 1 - lowerCovered));
  }
  const bigramProbability = (history: string, word: string): number =>
    p2.get(`${history} ${word}`) ?? (bow1.get(history) ?? 1) * (p1.get(word) ?? 0);

  // Trigram level, backing off to the full bigram distribution.
  const p3 = new Map<string, number>();
  const bow2 = new Map<string, number>();
  for (const [history, row] of trigrams) {
    const count = rowTotal(row);
    const denominator = count + row.size;
    const last = history.slice(history.indexOf(' ') + 1);
    let lowerCovered = 0;
    for (const [word, c] of row) {
      p3.set(`${history} ${word}`, c / denominator);
      lowerCovered += bigramProbability(last, word);
    }
    bow2.set(history, row.size / denominator / Math.max(1e-12, 1 - lowerCovered));
  }

  const lines = ['\\data\\', `ngram 1=${vocabulary.length + 1}`, `ngram 2=${p2.size}`];
  if (order >= 3) lines.push(`ngram 3=${p3.size}`);
  lines.push('', '\\1-grams:');
  // <s> is never predicted: by convention its probability is log10 0, written -99.
  lines.push(`-99.000000 <s> ${log10(bow1.get('<s>') ?? 1)}`);
  for (const word of vocabulary) {
    const backoff = bow1.get(word);
    lines.push(
      `${log10(p1.get(word) as number)} ${word}${backoff === undefined ? '' : ` ${log10(backoff)}`}`,
    );
  }
  lines.push('', '\\2-grams:');
  for (const [pair, p] of p2) {
    const backoff = bow2.get(pair);
    lines.push(`${log10(p)} ${pair}${backoff === undefined ? '' : ` ${log10(backoff)}`}`);
  }
  if (order >= 3) {
    lines.push('', '\\3-grams:');
    for (const [triple, p] of p3) lines.push(`${log10(p)} ${triple}`);
  }
  lines.push('', '\\end\\', '');
  return lines.join('\n');
}
