// A document's text cut into passages small enough to embed and to quote to the model: at its
// headings first, then at paragraphs, then at sentences, each passage at most a bound long, and
// each after the first in a section starting with the last sentence of the one before it, so a
// fact that spans the cut is whole in one of them.

/** A passage: where it is in its document, the heading it sits under and its text. */
export interface Passage {
  position: number;
  heading: string | null;
  text: string;
}

/** The longest passage, in characters: a few sentences, about 100-150 tokens. */
export const MAX_PASSAGE_CHARS = 700;

/** Sentences of one passage carried into the next, to keep a fact that spans the cut whole. */
const OVERLAP_SENTENCES = 1;

/** The passages of a text with Markdown-style `#` headings (as `extractText` gives it). */
export function splitPassages(text: string, maxChars = MAX_PASSAGE_CHARS): Passage[] {
  const passages: Passage[] = [];
  for (const section of sections(text)) {
    const sentences = section.paragraphs.flatMap((paragraph) => sentencesOf(paragraph, maxChars));
    // `fresh` counts the sentences not carried over from the passage before.
    let current: string[] = [];
    let fresh = 0;
    for (const sentence of sentences) {
      if (fresh > 0 && charsOf([...current, sentence]) > maxChars) {
        passages.push({
          position: passages.length,
          heading: section.heading,
          text: current.join(' '),
        });
        current = current.slice(-OVERLAP_SENTENCES);
        if (charsOf([...current, sentence]) > maxChars) current = [];
        fresh = 0;
      }
      current.push(sentence);
      fresh += 1;
    }
    if (fresh > 0)
      passages.push({
        position: passages.length,
        heading: section.heading,
        text: current.join(' '),
      });
  }
  return passages;
}

interface Section {
  heading: string | null;
  paragraphs: string[];
}

/** The text's sections: each heading and the paragraphs under it (the first may have none). */
function sections(text: string): Section[] {
  const found: Section[] = [{ heading: null, paragraphs: [] }];
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block.split('\n');
    let paragraph: string[] = [];
    for (const line of lines) {
      const heading = /^#{1,6}\s+(.+)$/.exec(line.trim());
      if (heading) {
        if (paragraph.length) found.at(-1)?.paragraphs.push(paragraph.join(' '));
        paragraph = [];
        found.push({ heading: heading[1]?.trim() ?? null, paragraphs: [] });
      } else if (line.trim()) paragraph.push(line.trim());
    }
    if (paragraph.length) found.at(-1)?.paragraphs.push(paragraph.join(' '));
  }
  return found.filter((section) => section.paragraphs.length > 0);
}

/** The length of sentences joined by spaces. */
function charsOf(sentences: string[]): number {
  return sentences.reduce((sum, sentence) => sum + sentence.length, 0) + sentences.length - 1;
}

/** A paragraph's sentences, a sentence longer than the bound cut at word boundaries. */
function sentencesOf(paragraph: string, maxChars: number): string[] {
  return paragraph
    .split(/(?<=[.!?])\s+(?=\S)/)
    .map((sentence) => sentence.trim().replace(/\s+/g, ' '))
    .filter(Boolean)
    .flatMap((sentence) => {
      if (sentence.length <= maxChars) return [sentence];
      const pieces: string[] = [];
      let piece = '';
      for (const word of sentence.split(' ')) {
        if (piece && piece.length + word.length + 1 > maxChars) {
          pieces.push(piece);
          piece = '';
        }
        piece = piece ? `${piece} ${word}` : word.slice(0, maxChars);
      }
      if (piece) pieces.push(piece);
      return pieces;
    });
}
