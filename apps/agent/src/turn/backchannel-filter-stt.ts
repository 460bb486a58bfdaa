// A recognizer that keeps a visitor's feedback over the agent's speech from reaching the voice
// session: "mm-hmm", "okay", a cough or a laugh while the agent talks is a listener following,
// not a turn. The session interrupts only on words (see `interruption.minWords` where the
// session is built), so a transcript dropped here neither stops the agent nor becomes a turn.
import type { stt } from '@livekit/agents';
import { TranscriptFilterSTT } from '@svc/agents-plugin-embedded';
import { isBackchannel } from './backchannel-words.js';

/** When feedback is dropped: the conversation's language and whether the visitor speaks over the agent. */
export interface BackchannelFilterOptions {
  /** The conversation's BCP-47 language, whose feedback words count. */
  language: string;
  /**
   * Whether the speech being transcribed is over the agent's: the agent speaks, or spoke when the
   * visitor started (a transcript arrives a few hundred ms after the words, when the agent may
   * have just finished). After that, "yeah" answers a question and is a turn.
   */
  overAgent: () => boolean;
}

/**
 * Wraps a streaming recognizer so that, over the agent's speech, transcripts made only of
 * feedback words or non-speech, as heard under the prompt or bare, are dropped; everything else
 * passes as it comes.
 */
export class BackchannelFilterSTT extends TranscriptFilterSTT {
  constructor(recognizer: stt.STT, options: BackchannelFilterOptions) {
    super(recognizer, {
      name: 'BackchannelFilter',
      // The same utterance heard bare, when it was (see `OverAgentHearing`): either hearing that
      // finds only feedback or no words at all makes it feedback.
      drops: (text, _startedAt, others) =>
        options.overAgent() &&
        [text, ...others].some((heard) => isBackchannel(heard, options.language))
          ? "feedback over the agent's speech, not a turn"
          : undefined,
    });
  }

  /** Whether an event is feedback over the agent, to be dropped. */
  drops(event: stt.SpeechEvent): boolean {
    return this.dropReason(event) !== undefined;
  }
}
