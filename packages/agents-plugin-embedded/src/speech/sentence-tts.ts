// What the embedded voices share: a text stream spoken sentence by sentence through the
// framework's own adapter (each voice synthesizes whole texts), and failures reported as the
// framework reports them.
import { tokenize, tts, type APIConnectOptions } from '@livekit/agents';
import { frameworkLogger } from './processes.js';

/** A mono TTS that synthesizes whole texts, streamed by sentence. */
export abstract class SentenceTTS extends tts.TTS {
  constructor(sampleRate: number) {
    super(sampleRate, 1, { streaming: false });
  }

  /**
   * A text stream split into sentences by the framework's basic sentence tokenizer, each
   * synthesized as soon as it is complete (the framework's own stream adapter, as the voice
   * pipeline uses for a non-streaming TTS).
   */
  stream(options?: { connOptions?: APIConnectOptions }): tts.SynthesizeStream {
    return new tts.StreamAdapterWrapper(
      this,
      new tokenize.basic.SentenceTokenizer(),
      options?.connOptions,
    );
  }

  /**
   * Reports a failure as the framework does (an `error` event on the TTS, which the voice
   * session listens to), without throwing: a chunked stream's errors would otherwise become an
   * unhandled rejection in the framework. Logged when nobody listens.
   */
  _reportError(error: Error): void {
    if (this.listenerCount('error') > 0) {
      try {
        this.emit('error', {
          type: 'tts_error',
          timestamp: Date.now(),
          label: this.label,
          error,
          recoverable: false,
        });
        return;
      } catch {
        // A listener re-emitted it where nobody listens (a wrapping adapter): logged below.
      }
    }
    frameworkLogger()?.error({ err: error, tts: this.label }, 'embedded TTS failed');
  }
}
