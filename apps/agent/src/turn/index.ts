import { EmbeddedTurnDetector, HeardSoFar } from './embedded-turn-detector.js';
import type { HeardSureness } from './heard-sureness.js';
import { TranscriptTurnDetector } from './transcript-turn-detector.js';
import { turnLanguage } from './unfinished-words.js';

export { BackchannelFilterSTT } from './backchannel-filter-stt.js';
export type { BackchannelFilterOptions } from './backchannel-filter-stt.js';
export { BACKCHANNEL_WORDS, isBackchannel } from './backchannel-words.js';
export {
  AUDIO_END_OF_TURN,
  EmbeddedTurnDetector,
  HeardSoFar,
  LocalTurnExecutor,
} from './embedded-turn-detector.js';
export {
  ensureSmartTurn,
  SMART_TURN_RATE,
  SMART_TURN_THRESHOLD,
  smartTurnFeatures,
  SmartTurnModel,
  smartTurnModelPath,
  smartTurnWindow,
} from './smart-turn.js';
export { INTERIM_HEARING_MS, OverAgentHearing } from './over-agent-hearing.js';
export {
  doubtsLastWord,
  HeardSureness,
  LAST_WORD_DOUBT,
  SURE_OF_OTHERS,
} from './heard-sureness.js';
export {
  levelDb,
  loadVad,
  NEAR_TALKER_DEFAULTS,
  NearTalkerVAD,
  RoomLevel,
  type NearTalkerOptions,
} from './near-talker-vad.js';
export { readsUnfinished, TranscriptTurnDetector } from './transcript-turn-detector.js';
export { soundsUnfinished, turnLanguage, UNFINISHED_WORDS } from './unfinished-words.js';
export type { TurnLanguage } from './unfinished-words.js';

/**
 * How long after the end of speech a turn whose words read as cut off is committed anyway, ms:
 * past the 1 s pauses people make mid-request, short enough that a visitor who really stopped
 * there is answered.
 */
export const UNFINISHED_TURN_DELAY_MS = 1600;

/**
 * v1-mini's probability under which a pause whose words could end the request is not an end,
 * chosen on `turn-pauses-1`'s dev part: its own thresholds (0.25-0.36) hold about half of the
 * finished requests of synthetic voices for the longer delay; at 0.2 the short delay still
 * answers most of them and fewer pauses are cut (see bench/agent/turn/README.md).
 */
export const V1_MINI_THRESHOLD = 0.2;

/**
 * What the embedded turn detector needs from a conversation when the operator turns v1-mini on
 * (`SVC_TURN_AUDIO_MODEL=v1-mini`): what the visitor said before each pause, which the session
 * feeds ({@link HeardSoFar.follow}). `undefined` keeps the transcript alone.
 */
export function heardSoFarFor(env: {
  SVC_TURN_AUDIO_MODEL?: string | undefined;
}): HeardSoFar | undefined {
  return env.SVC_TURN_AUDIO_MODEL === 'v1-mini' ? new HeardSoFar() : undefined;
}

/**
 * The end-of-turn detector for a conversation's language, or none (the VAD alone decides): the
 * early transcript (with how sure the recognizer was of it, when `sureness` is given), and with
 * `heard` (what the visitor said before the pause, which the session feeds) the transcript then
 * v1-mini run in the agent's process.
 */
export function turnDetectorFor(
  language: string,
  heard?: HeardSoFar,
  sureness?: HeardSureness,
): TranscriptTurnDetector | EmbeddedTurnDetector | undefined {
  const known = turnLanguage(language);
  if (!known) return undefined;
  return heard
    ? new EmbeddedTurnDetector({
        language: known,
        heard,
        sureness,
        unlikelyThreshold: V1_MINI_THRESHOLD,
      })
    : new TranscriptTurnDetector(language, sureness);
}
