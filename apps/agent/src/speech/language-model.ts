import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where Debian's pocketsphinx-en-us package puts the English model. */
export const DEBIAN_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

/**
 * What people say to any assistant, whatever its scenario: kept in every domain model so that
 * "yes", "thanks, goodbye" or "how much is it" are still heard.
 */
export const CONVERSATION_PHRASES = [
  'yes',
  'no',
  'yes please',
  'no thanks',
  'thank you',
  'thanks',
  'okay',
  'sure',
  'great',
  'perfect',
  'hello',
  'hi',
  'hi there',
  'good morning',
  'goodbye',
  'bye',
  'that is all',
  "that's all thanks",
  "that's all goodbye",
  'i am done',
  'nothing else',
  'can you help me',
  'i need help',
  'i am looking for',
  "i'm looking for a",
  'i want',
  'i would like',
  'do you have',
  'show me',
  'show me the',
  'show me more',
  'what about',
  'what is',
  'how much is it',
  'how much does it cost',
  'is it waterproof',
  'is it in stock',
  'which one is better',
  'compare them',
  'compare the two',
  'tell me more',
  'more details',
  'add it to my cart',
  'add that to my cart',
  'put it in my cart',
  'remove it',
  'remove it from my cart',
  'what is in my cart',
  'show my cart',
  'empty my cart',
  'the first one',
  'the second one',
  'the third one',
  'the cheaper one',
  'the other one',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'twenty',
  'fifty',
  'hundred',
  'dollars',
  'under one hundred dollars',
  'something cheaper',
  'something lighter',
];

/** The words of a phrase, as the dictionary spells them. */
export function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[_-]+/g, ' ')
      .match(/[a-z]+(?:'[a-z]+)?/g) ?? []
  );
}

/** Reads a CMU dictionary into word -> pronunciation lines (alternates `word(2)` kept). */
export function readDictionary(path: string): Map<string, string[]> {
  const entries = new Map<string, string[]>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const space = line.indexOf(' ');
    if (space <= 0) continue;
    const word = line.slice(0, space).replace(/\(\d+\)$/, '');
    const list = entries.get(word) ?? [];
    list.push(line);
    entries.set(word, list);
  }
  return entries;
}

/**
 * A trigram ARPA model with absolute discounting (D = 0.5) and backoff. Unigrams are add-one
 * smoothed over the vocabulary, so every word stays possible anywhere.
 */
export function buildArpa(sentences: string[][]): string {
  const D = 0.5;
  const uni = new Map<string, number>();
  const bi = new Map<string, Map<string, number>>();
  const tri = new Map<string, Map<string, number>>();
  const bump = (table: Map<string, Map<string, number>>, context: string, word: string) => {
    const row = table.get(context) ?? new Map<string, number>();
    row.set(word, (row.get(word) ?? 0) + 1);
    table.set(context, row);
  };
  for (const sentence of sentences) {
    const tokens = ['<s>', ...sentence, '</s>'];
    tokens.forEach((token, i) => {
      if (token !== '<s>') uni.set(token, (uni.get(token) ?? 0) + 1);
      if (i >= 1) bump(bi, tokens[i - 1] as string, token);
      if (i >= 2) bump(tri, `${tokens[i - 2]} ${tokens[i - 1]}`, token);
    });
  }
  const vocab = [...uni.keys()].sort();
  const total = [...uni.values()].reduce((a, b) => a + b, 0);
  const pUni = new Map(vocab.map((w) => [w, ((uni.get(w) ?? 0) + 1) / (total + vocab.length)]));
  const sum = (row: Map<string, number>) => [...row.values()].reduce((a, b) => a + b, 0);
  const pBi = new Map<string, number>();
  const boBi = new Map<string, number>();
  for (const [context, row] of bi) {
    const count = sum(row);
    let covered = 0;
    for (const [word, c] of row) {
      pBi.set(`${context} ${word}`, (c - D) / count);
      covered += pUni.get(word) ?? 0;
    }
    boBi.set(context, (D * row.size) / count / Math.max(1e-9, 1 - covered));
  }
  const pTri = new Map<string, number>();
  const boTri = new Map<string, number>();
  const biProb = (w1: string, w2: string) =>
    pBi.get(`${w1} ${w2}`) ?? (boBi.get(w1) ?? 1) * (pUni.get(w2) ?? 0);
  for (const [context, row] of tri) {
    const count = sum(row);
    const last = context.split(' ')[1] as string;
    let covered = 0;
    for (const [word, c] of row) {
      pTri.set(`${context} ${word}`, (c - D) / count);
      covered += biProb(last, word);
    }
    boTri.set(context, (D * row.size) / count / Math.max(1e-9, 1 - covered));
  }
  const log10 = (p: number) => Math.log10(Math.max(p, 1e-99)).toFixed(4);
  const lines = [
    '\\data\\',
    `ngram 1=${vocab.length + 1}`,
    `ngram 2=${pBi.size}`,
    `ngram 3=${pTri.size}`,
    '',
    '\\1-grams:',
  ];
  lines.push(`-99.0000 <s> ${log10(boBi.get('<s>') ?? 1)}`);
  for (const w of vocab)
    lines.push(
      `${log10(pUni.get(w) as number)} ${w}${boBi.has(w) ? ` ${log10(boBi.get(w) as number)}` : ''}`,
    );
  lines.push('', '\\2-grams:');
  for (const [pair, p] of pBi)
    lines.push(
      `${log10(p)} ${pair}${boTri.has(pair) ? ` ${log10(boTri.get(pair) as number)}` : ''}`,
    );
  lines.push('', '\\3-grams:');
  for (const [triple, p] of pTri) lines.push(`${log10(p)} ${triple}`);
  lines.push('', '\\end\\', '');
  return lines.join('\n');
}

/** A domain language model on disk, with its trimmed dictionary. */
export interface DomainModel {
  lm: string;
  dict: string;
  /** Words of the phrases the dictionary does not know (left out of the model). */
  unknown: string[];
  vocabulary: number;
}

/** The cache folder (`SVC_CACHE_DIR`, else `$XDG_CACHE_HOME/svc`, else `~/.cache/svc`). */
export function cacheDir(): string {
  return (
    process.env.SVC_CACHE_DIR ||
    join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'svc')
  );
}

/**
 * Builds (or reuses, keyed by a hash of the phrases) a trigram model of the scenario's phrases plus
 * {@link CONVERSATION_PHRASES}, and a dictionary trimmed to its words: loading the full dictionary
 * costs seconds per process, the trimmed one milliseconds. Words the dictionary lacks are dropped.
 */
export function domainModel(
  phrases: string[],
  options: { modelDir?: string; cache?: string } = {},
): DomainModel {
  const modelDir = options.modelDir ?? DEBIAN_MODEL_DIR;
  const all = [...phrases, ...CONVERSATION_PHRASES];
  const key = createHash('sha256').update(all.join('\n')).digest('hex').slice(0, 16);
  const folder = join(options.cache ?? cacheDir(), 'speech', `domain-${key}`);
  const lm = join(folder, 'domain.lm');
  const dict = join(folder, 'domain.dict');
  const meta = join(folder, 'meta.json');
  if (existsSync(meta))
    return {
      lm,
      dict,
      ...(JSON.parse(readFileSync(meta, 'utf8')) as Pick<DomainModel, 'unknown' | 'vocabulary'>),
    };
  const dictionary = readDictionary(join(modelDir, 'cmudict-en-us.dict'));
  const unknown = new Set<string>();
  const sentences: string[][] = [];
  for (const phrase of all) {
    // A phrase is split where a word is unknown, so the model never links across the gap.
    let current: string[] = [];
    for (const word of words(phrase)) {
      if (dictionary.has(word)) current.push(word);
      else {
        unknown.add(word);
        if (current.length) sentences.push(current);
        current = [];
      }
    }
    if (current.length) sentences.push(current);
  }
  const vocabulary = new Set(sentences.flat());
  mkdirSync(folder, { recursive: true });
  const write = (path: string, text: string) => {
    writeFileSync(`${path}.tmp`, text);
    renameSync(`${path}.tmp`, path);
  };
  write(lm, buildArpa(sentences));
  write(
    dict,
    `${[...vocabulary]
      .sort()
      .flatMap((w) => dictionary.get(w) ?? [])
      .join('\n')}\n`,
  );
  const info = { unknown: [...unknown].sort(), vocabulary: vocabulary.size };
  write(meta, JSON.stringify(info));
  return { lm, dict, ...info };
}
