import { TranscriptTurnDetector } from './transcript-turn-detector.js';
import { turnLanguage } from './unfinished-words.js';

export { BackchannelFilterSTT } from './backchannel-filter-stt.js';
export type { BackchannelFilterOptions } from './backchannel-filter-stt.js';
export { BACKCHANNEL_WORDS, isBackchannel } from './backchannel-words.js';
export { TranscriptTurnDetector } from './transcript-turn-detector.js';
export {
  soundsUnfinished,
  turnLanguage,
  TURN_LANGUAGES,
  UNFINISHED_WORDS,
} from './unfinished-words.js';
export type { TurnLanguage } from './unfinished-words.js';

/**
 * How long after the end of speech a turn whose words read as cut off is committed anyway, ms:
 * past the 1 s pauses people make mid-request, short enough that a visitor who really stopped
 * there is answered.
 */
export const UNFINISHED_TURN_DELAY_MS = 1600;

/** The end-of-turn detector for a conversation's language, or none (the VAD alone decides). */
export function turnDetectorFor(language: string): TranscriptTurnDetector | undefined {
  return turnLanguage(language) ? new TranscriptTurnDetector(language) : undefined;
}
