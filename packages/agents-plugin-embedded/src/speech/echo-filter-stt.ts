// A recognizer that drops the agent's own voice: the transcripts its conversation's EchoGuard
// recognizes as what the agent just said never reach the voice session as the visitor's words.
import type { stt } from '@livekit/agents';
import type { EchoGuard } from './echo-guard.js';
import { TranscriptFilterSTT } from './transcript-filter-stt.js';

/**
 * Wraps a streaming recognizer (the embedded ones as the agent builds them) so that transcripts
 * of the agent's own recent speech are dropped, the other events passed on as they come.
 */
export class EchoFilterSTT extends TranscriptFilterSTT {
  constructor(recognizer: stt.STT, guard: EchoGuard) {
    super(recognizer, {
      name: 'EchoFilter',
      // A part of an utterance is too short to tell by its words that it is the agent's: one
      // that sounds like what the agent said waits for the whole (see `EchoGuard.mayBeEcho`).
      drops: (text, startedAt, _others, interim) =>
        (interim ? guard.mayBeEcho(text, startedAt) : guard.isEcho(text, startedAt))
          ? "the agent's own speech, heard back"
          : undefined,
    });
  }
}
