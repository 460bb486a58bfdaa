import type { llm } from '@livekit/agents';
import { soundsUnfinished, turnLanguage } from './unfinished-words.js';

/** What the framework's end-of-turn check reads from a text turn detector. */
interface TextTurnDetector {
  readonly model: string;
  readonly provider: string;
  unlikelyThreshold(language?: string): Promise<number | undefined>;
  supportsLanguage(language?: string): Promise<boolean>;
  predictEndOfTurn(chatCtx: llm.ChatContext, timeoutMs?: number): Promise<number>;
}

/** The probability reported for a transcript that reads as cut off. */
const UNFINISHED = 0.05;
/** The probability reported for any other transcript. */
const FINISHED = 0.95;

/**
 * An end-of-turn detector that reads the recognizer's early transcript: at a pause, a request
 * whose words so far end on a word that cannot close a sentence ("a tent that", "compare it with")
 * is held open for the endpointing's longer delay; any other keeps today's short one. It needs no
 * model and no process, and answers at once: the early transcript is in before the pause is long
 * enough to end the turn, so turns that are complete end as fast as with the VAD alone.
 */
export class TranscriptTurnDetector implements TextTurnDetector {
  readonly model = 'transcript-completeness';
  readonly provider = 'svc';
  readonly #language: string | undefined;

  /** `language`: the conversation's, used when the recognizer reports none. */
  constructor(language?: string) {
    this.#language = language;
  }

  unlikelyThreshold(): Promise<number> {
    return Promise.resolve(0.5);
  }

  supportsLanguage(language?: string): Promise<boolean> {
    return Promise.resolve(turnLanguage(language ?? this.#language) !== undefined);
  }

  predictEndOfTurn(chatCtx: llm.ChatContext): Promise<number> {
    const language = turnLanguage(this.#language);
    const last = chatCtx.items.findLast((item) => item.type === 'message' && item.role === 'user');
    const transcript = last?.type === 'message' ? (last.textContent ?? '') : '';
    if (!language) return Promise.resolve(FINISHED);
    return Promise.resolve(soundsUnfinished(transcript, language) ? UNFINISHED : FINISHED);
  }
}
