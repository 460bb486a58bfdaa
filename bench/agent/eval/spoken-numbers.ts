// Numbers as French, Spanish and German speakers say them, for scoring what a recognizer heard:
// Whisper writes "100 euros" where the visitor said "cent euros", which is no word error. The
// English scorer spells digits itself (`normalizeWords`); these spell them in the language first.

/** A language the scorer spells numbers in. */
export type NumberLanguage = 'fr' | 'es' | 'de';

const FR_ONES = [
  'zéro',
  'un',
  'deux',
  'trois',
  'quatre',
  'cinq',
  'six',
  'sept',
  'huit',
  'neuf',
  'dix',
  'onze',
  'douze',
  'treize',
  'quatorze',
  'quinze',
  'seize',
  'dix-sept',
  'dix-huit',
  'dix-neuf',
];
const FR_TENS = ['', '', 'vingt', 'trente', 'quarante', 'cinquante', 'soixante'];

function french(value: number): string {
  if (value < 20) return FR_ONES[value] as string;
  if (value < 70) {
    const ten = Math.floor(value / 10);
    const one = value % 10;
    return `${FR_TENS[ten]}${one === 0 ? '' : one === 1 ? ' et un' : `-${FR_ONES[one]}`}`;
  }
  if (value < 80) return value === 71 ? 'soixante et onze' : `soixante-${french(value - 60)}`;
  if (value < 100) return value === 80 ? 'quatre-vingts' : `quatre-vingt-${french(value - 80)}`;
  if (value < 1000) {
    const hundreds = Math.floor(value / 100);
    const rest = value % 100;
    const head = hundreds === 1 ? 'cent' : `${FR_ONES[hundreds]} cent${rest === 0 ? 's' : ''}`;
    return rest === 0 ? head : `${head} ${french(rest)}`;
  }
  const thousands = Math.floor(value / 1000);
  const rest = value % 1000;
  const head = thousands === 1 ? 'mille' : `${french(thousands)} mille`;
  return rest === 0 ? head : `${head} ${french(rest)}`;
}

const ES_ONES = [
  'cero',
  'uno',
  'dos',
  'tres',
  'cuatro',
  'cinco',
  'seis',
  'siete',
  'ocho',
  'nueve',
  'diez',
  'once',
  'doce',
  'trece',
  'catorce',
  'quince',
  'dieciséis',
  'diecisiete',
  'dieciocho',
  'diecinueve',
  'veinte',
  'veintiuno',
  'veintidós',
  'veintitrés',
  'veinticuatro',
  'veinticinco',
  'veintiséis',
  'veintisiete',
  'veintiocho',
  'veintinueve',
];
const ES_TENS = ['', '', '', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta'];
const ES_HUNDREDS = [
  '',
  'ciento',
  'doscientos',
  'trescientos',
  'cuatrocientos',
  'quinientos',
  'seiscientos',
  'setecientos',
  'ochocientos',
  'novecientos',
];

function spanish(value: number): string {
  if (value < 30) return ES_ONES[value] as string;
  if (value < 100) {
    const one = value % 10;
    const ten = value < 90 ? ES_TENS[Math.floor(value / 10)] : 'noventa';
    return one === 0 ? (ten as string) : `${ten} y ${ES_ONES[one]}`;
  }
  if (value === 100) return 'cien';
  if (value < 1000) {
    const rest = value % 100;
    const head = ES_HUNDREDS[Math.floor(value / 100)] as string;
    return rest === 0 ? head : `${head} ${spanish(rest)}`;
  }
  const thousands = Math.floor(value / 1000);
  const rest = value % 1000;
  const head = thousands === 1 ? 'mil' : `${spanish(thousands)} mil`;
  return rest === 0 ? head : `${head} ${spanish(rest)}`;
}

const DE_ONES = [
  'null',
  'eins',
  'zwei',
  'drei',
  'vier',
  'fünf',
  'sechs',
  'sieben',
  'acht',
  'neun',
  'zehn',
  'elf',
  'zwölf',
  'dreizehn',
  'vierzehn',
  'fünfzehn',
  'sechzehn',
  'siebzehn',
  'achtzehn',
  'neunzehn',
];
const DE_TENS = ['', '', 'zwanzig', 'dreißig', 'vierzig', 'fünfzig', 'sechzig', 'siebzig'];

function german(value: number): string {
  if (value < 20) return DE_ONES[value] as string;
  if (value < 100) {
    const ten = value < 80 ? DE_TENS[Math.floor(value / 10)] : value < 90 ? 'achtzig' : 'neunzig';
    const one = value % 10;
    if (one === 0) return ten as string;
    return `${one === 1 ? 'ein' : DE_ONES[one]}und${ten}`;
  }
  if (value < 1000) {
    const hundreds = Math.floor(value / 100);
    const rest = value % 100;
    const head = `${hundreds === 1 ? '' : DE_ONES[hundreds]}hundert`;
    return rest === 0 ? head : `${head}${german(rest)}`;
  }
  const thousands = Math.floor(value / 1000);
  const rest = value % 1000;
  const head = `${thousands === 1 ? '' : german(thousands)}tausend`;
  return rest === 0 ? head : `${head}${german(rest)}`;
}

const SPELLERS: Record<NumberLanguage, (value: number) => string> = {
  fr: french,
  es: spanish,
  de: german,
};

/**
 * The text with its whole numbers (0 to 9,999) spelled in the language, hyphens between number
 * words made spaces (so "soixante-dix" and "soixante dix" score the same); other text unchanged.
 */
export function spellNumbers(text: string, language: NumberLanguage): string {
  const spell = SPELLERS[language];
  return text
    .replace(/\b\d{1,4}\b/g, (digits) => spell(Number(digits)))
    .replace(/(\p{L})-(?=\p{L})/gu, (_match, letter: string) => `${letter} `);
}
