// Domain language models for the embedded recognizer (pocketsphinx).
//
// The open US-English model (en-us.lm.bin, 130k words) mishears most of what visitors say to a
// shop assistant, and its full dictionary costs seconds to load. A small trigram model trained on
// what this scenario's visitors are likely to say (its prompt, tool names, product names, filter
// values), mixed with everyday conversational phrases, cuts the word error several times over and
// loads in milliseconds. This module builds that model (./arpa-builder.ts writes its ARPA text),
// trims the pronunciation dictionary to its words (./lexicon.ts), and caches both on disk.

import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cacheDir } from '../cache-dir.js';
import { buildArpa } from './arpa-builder.js';
import { CONVERSATIONAL_PHRASES } from './conversational-phrases.js';
import { Lexicon, type PronunciationSource } from './lexicon.js';
import { tokenize } from './spoken-words.js';

/** Where Debian's `pocketsphinx-en-us` package installs the US-English models. */
export const DEBIAN_EN_US_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

/** Bumped whenever the generated files would change for the same input. */
const GENERATOR_VERSION = 1;

/** Options of {@link prepareLanguageModel}. */
export interface LanguageModelOptions {
  /** Folder of the US-English model (default: Debian's `pocketsphinx-en-us` install). */
  modelDir?: string;
  /** The full pronunciation dictionary (default `cmudict-en-us.dict` in `modelDir`). */
  dictionary?: string;
  /** The open language model used without phrases (default `en-us.lm.bin` in `modelDir`). */
  openLanguageModel?: string;
  /** Where built models are kept (default: `$SVC_CACHE_DIR`, else `$XDG_CACHE_HOME/svc`, else `~/.cache/svc`; a `speech` folder inside). */
  cacheDir?: string;
  /** Mix {@link CONVERSATIONAL_PHRASES} into the domain model (default true). */
  conversational?: boolean;
  /** N-gram order of the domain model (default 3). */
  order?: 2 | 3;
}

/** A language model and its dictionary, ready for the recognizer. */
export interface PreparedLanguageModel {
  /** `domain`: built from phrases; `open`: the installed general model. */
  kind: 'domain' | 'open';
  /** Path of the language model file. */
  lm: string;
  /** Path of the pronunciation dictionary. */
  dict: string;
  /** Number of words the model knows. */
  vocabulary: number;
  /** Words not in the dictionary that got a pronunciation another way (domain models only). */
  derived: Readonly<Record<string, Exclude<PronunciationSource, 'dictionary'>>>;
  /** Words of the phrases left out of the model: not in the dictionary, no way to say them. */
  dropped: readonly string[];
  /** Whether the files were already in the cache. */
  cached: boolean;
}

interface ModelMeta {
  vocabulary: number;
  derived: Record<string, Exclude<PronunciationSource, 'dictionary'>>;
  dropped: string[];
}

async function writeAtomically(path: string, text: string): Promise<void> {
  // Another process may be building the same model: each writes its own temporary file, and
  // rename replaces the target in one step, so a reader never sees half a file.
  const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, path);
}

async function readMeta(path: string): Promise<ModelMeta | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as ModelMeta;
  } catch {
    return undefined;
  }
}

/** Builds in progress in this process, so concurrent streams of one scenario build once. */
const building = new Map<string, Promise<PreparedLanguageModel>>();

/**
 * The language model for a scenario. With phrases, a domain model: their sentences plus (unless
 * disabled) {@link CONVERSATIONAL_PHRASES}, as a trigram ARPA file, with the dictionary trimmed
 * to its words (alternate pronunciations kept). Both are written to
 * `<cacheDir>/speech/lm-<hash>/` and reused while the phrases, options and dictionary file stay
 * the same. Words the dictionary lacks are glued from dictionary words or spelled as acronyms
 * when possible, else dropped: the phrase is cut there, so the model never links the words on
 * either side of the gap. Without phrases, the installed open model and full dictionary.
 */
export async function prepareLanguageModel(
  phrases: readonly string[],
  options: LanguageModelOptions = {},
): Promise<PreparedLanguageModel> {
  const modelDir = options.modelDir ?? DEBIAN_EN_US_MODEL_DIR;
  const dictionary = options.dictionary ?? join(modelDir, 'cmudict-en-us.dict');
  const texts = phrases.map((phrase) => phrase.trim()).filter(Boolean);
  if (texts.length === 0) {
    return {
      kind: 'open',
      lm: options.openLanguageModel ?? join(modelDir, 'en-us.lm.bin'),
      dict: dictionary,
      vocabulary: Number.NaN,
      derived: {},
      dropped: [],
      cached: true,
    };
  }
  const conversational = options.conversational ?? true;
  const order = options.order ?? 3;
  const corpus = conversational ? [...texts, ...CONVERSATIONAL_PHRASES] : texts;
  // The dictionary's size and date stand for its content: hashing 3 MB on every start would cost
  // more than the cache saves.
  const info = await stat(dictionary);
  const key = createHash('sha256')
    .update(
      JSON.stringify({
        version: GENERATOR_VERSION,
        order,
        dictionary: [dictionary, info.size, info.mtimeMs],
        corpus,
      }),
    )
    .digest('hex')
    .slice(0, 20);
  const pending = building.get(key);
  if (pending) return pending;
  const task = build(key, corpus, dictionary, order, options.cacheDir ?? cacheDir());
  building.set(key, task);
  try {
    return await task;
  } finally {
    building.delete(key);
  }
}

async function build(
  key: string,
  corpus: readonly string[],
  dictionary: string,
  order: 2 | 3,
  cache: string,
): Promise<PreparedLanguageModel> {
  const folder = join(cache, 'speech', `lm-${key}`);
  const lm = join(folder, 'domain.lm');
  const dict = join(folder, 'domain.dict');
  const metaPath = join(folder, 'meta.json');
  const meta = await readMeta(metaPath);
  if (meta) return { kind: 'domain', lm, dict, ...meta, cached: true };

  const lexicon = await Lexicon.load(dictionary);
  const entries = new Map<string, string[]>();
  const derived: ModelMeta['derived'] = {};
  const dropped = new Set<string>();
  const sentences: string[][] = [];
  for (const text of corpus) {
    for (const tokens of tokenize(text)) {
      let current: string[] = [];
      for (const token of tokens) {
        const resolved = entries.has(token.word) ? true : lexicon.resolve(token);
        if (resolved) {
          if (resolved !== true) {
            entries.set(token.word, resolved.pronunciations);
            if (resolved.source !== 'dictionary') derived[token.word] = resolved.source;
          }
          current.push(token.word);
        } else {
          dropped.add(token.word);
          if (current.length) sentences.push(current);
          current = [];
        }
      }
      if (current.length) sentences.push(current);
    }
  }
  if (sentences.length === 0) {
    throw new Error(
      `none of the words of the phrases are in ${dictionary}; cannot build a language model`,
    );
  }
  const dictLines: string[] = [];
  for (const word of [...entries.keys()].sort()) {
    (entries.get(word) as string[]).forEach((phones, index) => {
      dictLines.push(`${index === 0 ? word : `${word}(${index + 1})`} ${phones}`);
    });
  }
  const result: ModelMeta = {
    vocabulary: entries.size,
    derived,
    dropped: [...dropped].sort(),
  };
  await mkdir(folder, { recursive: true });
  await writeAtomically(lm, buildArpa(sentences, { order }));
  await writeAtomically(dict, `${dictLines.join('\n')}\n`);
  await writeAtomically(
    join(folder, 'corpus.txt'),
    `${sentences.map((s) => s.join(' ')).join('\n')}\n`,
  );
  // Written last: its presence means the model is complete.
  await writeAtomically(metaPath, JSON.stringify(result));
  return { kind: 'domain', lm, dict, ...result, cached: false };
}
