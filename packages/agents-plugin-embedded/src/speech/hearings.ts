// One utterance heard twice, with the scenario's prompt and without it, made one transcript. The
// prompt (the scenario's names and words) is what makes "North Peak Solo Tent" come out whole,
// but it also sways Whisper into writing its words into speech that holds none: a reader's
// "they have feathers and can fly" came out "feathers and comply" under the demo shop's prompt,
// right without it. The transcript keeps the prompted hearing only where the prompt changed it
// into the prompt's own words or spelling, and the bare hearing everywhere else.

/** A word as the two hearings are compared: lower case, letters and digits only. */
const plain = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** The words of a text as written (punctuation stays on them), and their compared forms. */
function wordsOf(text: string): { written: string[]; compared: string[] } {
  const written = text.split(/\s+/).filter((word) => plain(word) !== '');
  return { written, compared: written.map(plain) };
}

/** The pairs of positions where the two lists hold the same word, longest common subsequence. */
function commonWords(left: readonly string[], right: readonly string[]): [number, number][] {
  const rows = left.length + 1;
  const columns = right.length + 1;
  const longest = new Uint16Array(rows * columns);
  for (let i = left.length - 1; i >= 0; i -= 1)
    for (let j = right.length - 1; j >= 0; j -= 1)
      longest[i * columns + j] =
        left[i] === right[j]
          ? (longest[(i + 1) * columns + j + 1] ?? 0) + 1
          : Math.max(longest[(i + 1) * columns + j] ?? 0, longest[i * columns + j + 1] ?? 0);
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < left.length && j < right.length;) {
    if (left[i] === right[j]) {
      pairs.push([i, j]);
      i += 1;
      j += 1;
    } else if ((longest[(i + 1) * columns + j] ?? 0) >= (longest[i * columns + j + 1] ?? 0)) i += 1;
    else j += 1;
  }
  return pairs;
}

/**
 * The transcript of an utterance heard under `prompt` (`prompted`) and without it (`bare`): the
 * words both hearings agree on, and where they differ the prompted words when they bring a word of
 * the prompt that the bare ones lack ("Stone Creek Hiking Pack" for "stone creek hiking back"),
 * or spell the same letters as the prompt writes them ("headlamp" for "head lamp"); the bare words
 * otherwise. Either hearing empty: the other.
 */
export function mergeHearings(prompted: string, bare: string, prompt: string): string {
  const heard = wordsOf(prompted);
  const plainly = wordsOf(bare);
  if (heard.written.length === 0) return bare.trim();
  if (plainly.written.length === 0) return prompted.trim();
  const promptWords = new Set(wordsOf(prompt).compared);
  const merged: string[] = [];
  // Each stretch where the hearings differ, between two words they agree on.
  const settle = (from: [number, number], to: [number, number]) => {
    const mine = heard.compared.slice(from[0], to[0]);
    const theirs = plainly.compared.slice(from[1], to[1]);
    const bareHas = new Set(theirs);
    const promptChanged =
      mine.some((word) => promptWords.has(word) && !bareHas.has(word)) ||
      (mine.length > 0 && mine.join('') === theirs.join(''));
    merged.push(
      ...(promptChanged
        ? heard.written.slice(from[0], to[0])
        : plainly.written.slice(from[1], to[1])),
    );
  };
  let at: [number, number] = [0, 0];
  for (const [i, j] of commonWords(heard.compared, plainly.compared)) {
    settle(at, [i, j]);
    merged.push(heard.written[i] ?? '');
    at = [i + 1, j + 1];
  }
  settle(at, [heard.written.length, plainly.written.length]);
  return merged.join(' ');
}
