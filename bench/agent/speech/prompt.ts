// The recognizer's prompt, measured alone: shop requests that are not in the spoken evaluation,
// spoken by the evaluation's recorded voices (Pico, MBROLA), given to the multilingual Whisper
// sidecar as 16 kHz audio with 0.2 s of silence after, one at a time on an otherwise idle
// machine, with the prompt the agent builds for the demo shop in each language and without one,
// and with that prompt again with the beam's first hypothesis kept (the agent ranks the beam's
// hypotheses by the language's word forms and the shop's words).
// Two sets of requests: what visitors ask in a shop (kinds, colours, the cart) and requests that
// name a brand. Prints word error and decode time (p50) per language, set and prompt.
// Run: npm run bench:agent -- prompt
//   PROMPT_LANGUAGES=fr,de picks languages (default fr, es, de);
//   PROMPT_FILE=prompts.json adds a prompt per language to compare ({"fr": "...", ...}).

import { readFileSync } from 'node:fs';
import { demoRuntime, whisperPrompt } from '@svc/agent/testing';
import {
  normalizeWords,
  WhisperSidecar,
  wordErrors,
  MULTILINGUAL_WHISPER_MODEL,
} from '@svc/agents-plugin-embedded';
import { demoCollectionIn, demoProductsIn } from '@svc/api/testing';
import { ensureRecordedVoices } from '../eval/recorded-voices.js';
import { RECORDED_VOICES_IN, synthesize } from '../eval/voices.js';

type Language = 'fr' | 'es' | 'de';

/** What visitors ask in a shop, written apart from the evaluation's conversations. */
const SHOP_REQUESTS: Record<Language, readonly string[]> = {
  fr: [
    'je voudrais voir vos sacs à dos',
    'est-ce que vous avez une lampe frontale rouge ?',
    'quelles vestes de pluie avez-vous ?',
    'je cherche une tente pour deux personnes',
    'montrez-moi les chaussures de marche grises',
    'combien coûte le réchaud ?',
    'mettez deux paires de chaussettes en laine dans le panier',
    'enlevez la bouteille isotherme de mon panier',
    "qu'est-ce qu'il y a dans mon panier ?",
    'comparez la première et la dernière',
    'avez-vous des matelas légers ?',
    'je veux une cafetière à piston',
    "la moins lourde, s'il vous plaît",
    'bonsoir, je cherche un cadeau pour un randonneur',
    'parfait, merci beaucoup, bonne journée',
  ],
  es: [
    'quiero ver sus mochilas',
    '¿tienen alguna linterna frontal roja?',
    '¿qué chaquetas impermeables tienen?',
    'busco una tienda para dos personas',
    'enséñame las zapatillas grises',
    '¿cuánto cuesta el hornillo?',
    'pon dos pares de calcetines de lana en el carrito',
    'quita la botella térmica de mi carrito',
    '¿qué hay en mi carrito?',
    'compara la primera y la última',
    '¿tienen esterillas ligeras?',
    'quiero una cafetera de émbolo',
    'la más ligera, por favor',
    'buenas tardes, busco un regalo para un excursionista',
    'perfecto, muchas gracias, hasta luego',
  ],
  de: [
    'ich möchte Ihre Rucksäcke sehen',
    'haben Sie eine rote Stirnlampe?',
    'welche Regenjacken haben Sie?',
    'ich suche ein Zelt für zwei Personen',
    'zeigen Sie mir die grauen Wanderschuhe',
    'was kostet der Kocher?',
    'legen Sie zwei Paar Wollsocken in den Warenkorb',
    'nehmen Sie die Thermoflasche aus meinem Warenkorb',
    'was ist in meinem Warenkorb?',
    'vergleichen Sie die erste und die letzte',
    'haben Sie leichte Isomatten?',
    'ich hätte gern eine Kaffeepresse',
    'die leichteste, bitte',
    'guten Abend, ich suche ein Geschenk für einen Wanderer',
    'perfekt, vielen Dank, schönen Tag noch',
  ],
};

/** Requests that name one of the demo's brands. */
const BRAND_REQUESTS: Record<Language, readonly string[]> = {
  fr: [
    'avez-vous des tentes North Peak ?',
    'montrez-moi celle de Summit',
    'je voudrais la veste Blue Ridge',
    "qu'est-ce que vous avez chez Pine Hollow ?",
    'la Stone Creek est plus légère ?',
    'et la Red Cedar ?',
  ],
  es: [
    '¿tienen tiendas North Peak?',
    'enséñame la de Summit',
    'quiero la chaqueta Blue Ridge',
    '¿qué tienen de Pine Hollow?',
    '¿la Stone Creek es más ligera?',
    '¿y la Red Cedar?',
  ],
  de: [
    'haben Sie Zelte von North Peak?',
    'zeig mir die von Summit',
    'ich möchte die Jacke von Blue Ridge',
    'was haben Sie von Pine Hollow?',
    'ist die Stone Creek leichter?',
    'und die Red Cedar?',
  ],
};

const RATE = 16_000;

/** The agent's recognizer prompt for the demo shop published in `language`. */
export function shopPrompt(language: Language | 'en'): string {
  return language === 'en' ? whisperPrompt(demoRuntime('audio'), 'en') : builtPrompt(language);
}

/** The agent's prompt for the demo shop published in `language` (its catalogue's texts). */
export function builtPrompt(language: Language): string {
  const runtime = demoRuntime('audio');
  const [collection] = runtime.collections;
  if (!collection) throw new Error('the demo runtime has no collection');
  const localized = demoCollectionIn(language);
  return whisperPrompt(
    {
      ...runtime,
      collections: [
        {
          ...collection,
          name: localized.name,
          description: localized.description,
          filter_fields: localized.filter_fields,
        },
      ],
      item_names: demoProductsIn(language).map((product) => product.name),
    },
    language,
  );
}

interface Tally {
  errors: number;
  words: number;
  ms: number[];
}

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** Runs the comparison and returns the report's lines. */
export async function runPromptBench(log: (line: string) => void): Promise<string> {
  const languages = (process.env.PROMPT_LANGUAGES ?? 'fr,es,de')
    .split(',')
    .filter((language): language is Language => language in SHOP_REQUESTS);
  const extra = process.env.PROMPT_FILE
    ? (JSON.parse(readFileSync(process.env.PROMPT_FILE, 'utf8')) as Partial<
        Record<Language, string>
      >)
    : {};
  ensureRecordedVoices(log);
  const lines = [
    '== recognizer prompt (multilingual Whisper base, the sidecar alone, recorded voices)',
    '',
    '| language | requests | prompt | word error | decode p50 |',
    '|---|---|---|---|---|',
  ];
  const sidecar = new WhisperSidecar({ model: MULTILINGUAL_WHISPER_MODEL });
  const unranked = new WhisperSidecar({ model: MULTILINGUAL_WHISPER_MODEL, rank: false });
  await Promise.all([sidecar.start(), unranked.start()]);
  try {
    for (const language of languages) {
      const prompts: [string, string | undefined, WhisperSidecar][] = [
        ['built', builtPrompt(language), sidecar],
        ["built, the beam's first", builtPrompt(language), unranked],
        ['none', undefined, sidecar],
        ...(extra[language]
          ? [['file', extra[language], sidecar] as [string, string, WhisperSidecar]]
          : []),
      ];
      for (const [set, requests] of [
        ['shop', SHOP_REQUESTS[language]],
        ['brands', BRAND_REQUESTS[language]],
      ] as const) {
        const tallies = new Map<string, Tally>(
          prompts.map(([name]) => [name, { errors: 0, words: 0, ms: [] }]),
        );
        for (const voice of RECORDED_VOICES_IN[language]) {
          for (const text of requests) {
            const speech = await synthesize(voice, text, RATE);
            const pcm = new Int16Array(speech.length + RATE / 5);
            pcm.set(speech);
            for (const [name, prompt, recognizer] of prompts) {
              const heard = await recognizer.transcribe({ pcm, prompt, language });
              const tally = tallies.get(name) as Tally;
              tally.errors += wordErrors(text, heard.text).errors;
              tally.words += normalizeWords(text).length;
              tally.ms.push(heard.ms);
            }
          }
        }
        for (const [name, tally] of tallies) {
          const line = `| ${language} | ${set} (${requests.length} x ${RECORDED_VOICES_IN[language].length} voices) | ${name} | ${((100 * tally.errors) / tally.words).toFixed(1)}% | ${median(tally.ms).toFixed(0)} ms |`;
          lines.push(line);
          log(line);
        }
      }
    }
  } finally {
    sidecar.close();
    unranked.close();
  }
  return lines.join('\n');
}
