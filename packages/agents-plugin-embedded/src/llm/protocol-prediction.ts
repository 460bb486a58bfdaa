// Guessing the decision's fixed text ahead, so that the model checks it in one batch instead of
// writing it a token a step.
//
// About a third of a decision's tokens are fixed by its grammar, or by the names it may write, once
// the model has chosen: the opening `{"tool":"`, the rest of a tool's name once its first tokens
// tell it apart, `","arguments":{"` and the first required argument's key, the rest of an
// argument's name or of a listed value (an id, a category) once no other starts so. Generated one
// by one, each costs a step of the model (75-110 ms on two cores); guessed, they are evaluated
// beside the step before in one batch and kept only where the model, sampling each position as it
// would have, writes the same token (node-llama-cpp's token prediction). The model's choices are
// its own: a guess it would not have made is dropped at the first token it differs, and the step
// goes on from there. Writing the fixed text into the model's turn instead was measured and not
// adopted: the repeat penalty then no longer counted the `","` it had not written, and searches got
// filters nobody said (docs/decisions.md, "The embedded LLM").

import { isJsonObject, type JsonSchema } from './json-schema.js';
import {
  NO_TOOL,
  NOT_KNOWN,
  toGrammarSchema,
  type GrammarSchemaOptions,
  type ProtocolTool,
} from './tool-protocol.js';
import type { LlamaModel, NodeLlamaCppModule, Token, TokenPredictor } from './node-llama-cpp.js';

/** One way a decision may go: its `tool` value and what the grammar fixes after it. */
export interface DecisionChoice {
  /** The value of `tool`: a tool's name, or a reply form. */
  name: string;
  /** What the grammar writes after the name whatever the model chooses next. */
  after: string;
  /** The tool's arguments by name, as the grammar admits their values (none for a reply). */
  keys: ReadonlyMap<string, JsonSchema>;
}

/** The opening every decision writes. */
const OPENING = '{"tool":"';

/** What follows a tool's name before its arguments. */
const ARGUMENTS = '","arguments":';

/**
 * The choices of a decision over `tools` (as {@link decisionSchema} of ./tool-protocol.ts makes
 * its grammar): per tool, `","arguments":{` and its first required key (with its value's opening
 * quote when the value is a string), and its arguments; per reply form, `","say":"`.
 */
export function decisionChoices(
  tools: readonly ProtocolTool[],
  allowReply: boolean,
  options: GrammarSchemaOptions = {},
): DecisionChoice[] {
  const choices = tools.map((tool): DecisionChoice => {
    const grammar = toGrammarSchema(tool.parameters, options);
    const required = isJsonObject(grammar.properties) ? grammar.properties : {};
    const [first] = Object.keys(required);
    const firstValue = first === undefined ? undefined : required[first];
    const properties = isJsonObject(tool.parameters.properties) ? tool.parameters.properties : {};
    const keys = new Map<string, JsonSchema>();
    for (const [key, value] of Object.entries(properties)) {
      if (isJsonObject(value)) keys.set(key, toGrammarSchema(value, options, key));
    }
    return {
      name: tool.name,
      // Without a required key, not the brace: the model writes `":{"` (or `":{}`) as one token.
      after:
        first === undefined
          ? '","arguments'
          : `${ARGUMENTS}{"${first}":${isJsonObject(firstValue) ? valueOpening(firstValue) : ''}`,
      keys,
    };
  });
  if (allowReply) {
    for (const form of [NO_TOOL, NOT_KNOWN]) {
      choices.push({ name: form, after: '","say":"', keys: new Map() });
    }
  }
  return choices;
}

/** The text a value of this schema surely begins with. */
function valueOpening(schema: JsonSchema): string {
  if (schema.type === 'string') return '"';
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    return schema.enum.every((value) => typeof value === 'string') ? '"' : '';
  }
  if (schema.type === 'array') return '[';
  return '';
}

/**
 * The text the grammar makes a decision write next, after `text` (what the model has written of it
 * so far), or that only one of the names it may write can continue: the rest of a tool's name and
 * the fixed text after it, the rest of an argument's name once no other starts so, the rest of a
 * value of a list (an id, a category) once no other does. Empty where the model chooses. A guess
 * stops before punctuation the model writes together with its own next choice in one token.
 */
export function forcedContinuation(text: string, choices: readonly DecisionChoice[]): string {
  if (text === '') return OPENING;
  if (!text.startsWith(OPENING)) return '';
  const afterOpening = text.slice(OPENING.length);
  const nameEnd = afterOpening.indexOf('"');
  if (nameEnd < 0) {
    const candidates = choices.filter((choice) => choice.name.startsWith(afterOpening));
    const [only] = candidates;
    // A name that is the start of another ("show", "show_product") is not told apart yet.
    return candidates.length === 1 && only
      ? `${only.name.slice(afterOpening.length)}${only.after}`
      : '';
  }
  const choice = choices.find((candidate) => candidate.name === afterOpening.slice(0, nameEnd));
  const rest = afterOpening.slice(nameEnd);
  if (!choice || !rest.startsWith(ARGUMENTS)) return '';
  return argumentsContinuation(rest.slice(ARGUMENTS.length), choice.keys);
}

/**
 * Whether `text` is a whole JSON object or string (closed, a brace inside a string aside): an
 * answer under a JSON-schema grammar is then written, and what the grammar adds after it (four
 * newlines, a step of the model each) is not.
 */
export function jsonClosed(text: string): boolean {
  const opening = text[0];
  if (opening !== '{' && opening !== '"') return false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (const char of text) {
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') {
        inString = false;
        if (depth === 0) return true;
      }
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') {
      depth -= 1;
      if (depth === 0) return true;
    }
  }
  return false;
}

/** Where a scan of the arguments' text ends. */
type ArgumentsState =
  { at: 'key'; key: string } | { at: 'string'; key: string; value: string } | { at: 'other' };

/** {@link forcedContinuation} inside the arguments object (`text` begins at its brace). */
function argumentsContinuation(text: string, keys: ReadonlyMap<string, JsonSchema>): string {
  const { state, written } = scanArguments(text);
  switch (state.at) {
    case 'key': {
      const candidates = [...keys.keys()].filter(
        (key) => key.startsWith(state.key) && !written.has(key),
      );
      const [only] = candidates;
      if (candidates.length !== 1 || only === undefined) return '';
      const value = keys.get(only);
      return `${only.slice(state.key.length)}":${value ? valueOpening(value) : ''}`;
    }
    case 'string': {
      const values = keys.get(state.key)?.enum;
      if (!Array.isArray(values)) return '';
      const candidates = values.filter(
        (value): value is string => typeof value === 'string' && value.startsWith(state.value),
      );
      const [only] = candidates;
      // Not its closing quote: the model writes it with what follows (`","`, `"}}`) as one token.
      return candidates.length === 1 && only !== undefined ? only.slice(state.value.length) : '';
    }
    default:
      return '';
  }
}

/**
 * Reads a decision's arguments object as far as it is written: where it ends (inside a key, inside
 * a string value, elsewhere) and the keys written.
 */
function scanArguments(text: string): { state: ArgumentsState; written: Set<string> } {
  const written = new Set<string>();
  const other = { state: { at: 'other' } as ArgumentsState, written };
  if (!text.startsWith('{')) return other;
  type At =
    'before-key' | 'key' | 'after-key' | 'before-value' | 'string' | 'scalar' | 'after-value';
  let at: At = 'before-key';
  let key = '';
  let value = '';
  let escaped = false;
  for (const char of text.slice(1)) {
    const blank = char === ' ' || char === '\n' || char === '\t';
    switch (at) {
      case 'before-key':
        if (char === '"') {
          at = 'key';
          key = '';
        } else if (!blank && char !== ',') return other;
        break;
      case 'key':
        if (char === '\\') return other;
        if (char === '"') {
          at = 'after-key';
          written.add(key);
        } else key += char;
        break;
      case 'after-key':
        if (char === ':') at = 'before-value';
        else if (!blank) return other;
        break;
      case 'before-value':
        if (char === '"') {
          at = 'string';
          value = '';
          escaped = false;
        } else if (char === '{' || char === '[')
          return other; // nested values: left to the model
        else if (!blank) at = 'scalar';
        break;
      case 'string':
        if (escaped) {
          escaped = false;
          value += char;
        } else if (char === '\\') escaped = true;
        else if (char === '"') at = 'after-value';
        else value += char;
        break;
      case 'scalar':
        if (char === ',') at = 'before-key';
        else if (char === '}') return other;
        else if (blank) at = 'after-value';
        break;
      case 'after-value':
        if (char === ',') at = 'before-key';
        else if (!blank) return other;
        break;
    }
  }
  switch (at) {
    case 'key':
      return { state: { at: 'key', key }, written };
    case 'string':
      return escaped ? other : { state: { at: 'string', key, value }, written };
    default:
      return other;
  }
}

/**
 * A sequence's token predictor that guesses a decision's fixed text while armed with its choices
 * ({@link ProtocolPredictor.expect}) and nothing otherwise (replies, warm-ups, other answers).
 */
export interface ProtocolPredictor extends TokenPredictor {
  /** The choices of the generation about to start on the sequence, or none. */
  expect(choices: readonly DecisionChoice[] | undefined): void;
}

/** Tokens of a guess at most (the longest fixed runs are a name's tail and its arguments' key). */
const MAX_GUESS = 16;

/**
 * Makes a {@link ProtocolPredictor} for sequences of `model`, as a subclass of node-llama-cpp's
 * `TokenPredictor` (loaded at run time, so the class is made here).
 */
export function createProtocolPredictor(
  lib: NodeLlamaCppModule,
  model: LlamaModel,
): ProtocolPredictor {
  class Predictor extends lib.TokenPredictor implements ProtocolPredictor {
    #choices: readonly DecisionChoice[] | undefined;
    #state: Token[] = [];
    /** Where the armed generation's tokens begin in `#state`. */
    #start: number | undefined;
    #pushedSinceArmed = false;

    expect(choices: readonly DecisionChoice[] | undefined): void {
      this.#choices = choices && choices.length > 0 ? choices : undefined;
      this.#start = undefined;
      this.#pushedSinceArmed = false;
    }

    override reset({ stateTokens }: { stateTokens: Token[] }): void {
      this.#state = stateTokens.slice();
      // The prompt may be evaluated in parts before the first generated token: the generation
      // begins where the state ends until a token has been generated.
      if (!this.#pushedSinceArmed) this.#start = this.#state.length;
      else if (this.#start !== undefined && this.#start > this.#state.length)
        this.#start = undefined;
    }

    override pushTokens(tokens: Token[]): void {
      this.#state.push(...tokens);
      this.#pushedSinceArmed = true;
    }

    override predictTokens(): Token[] {
      const choices = this.#choices;
      if (!choices || this.#start === undefined) return [];
      const text = model.detokenize(this.#state.slice(this.#start));
      const forced = forcedContinuation(text, choices);
      if (!forced) return [];
      return model.tokenize(forced).slice(0, MAX_GUESS);
    }
  }
  return new Predictor();
}
