import { voice, type llm } from '@livekit/agents';
import { SentenceTTS } from '@svc/agents-plugin-embedded';
import type { RuntimeConfig } from '@svc/protocol/agent';
import {
  BackchannelFilterSTT,
  heardSoFarFor,
  isBackchannel,
  turnDetectorFor,
  UNFINISHED_TURN_DELAY_MS,
} from '../turn/index.js';
import type { ConversationModes, Engines } from './options.js';

/**
 * The framework's session of one conversation: its engines, how a turn ends and how speech over
 * the agent interrupts it. Not started yet.
 */
export function createAgentSession(
  runtime: RuntimeConfig,
  engines: Engines,
  modes: ConversationModes,
  model: llm.LLM,
): voice.AgentSession {
  // Whether the visitor's current speech is over the agent's: it started while the agent spoke.
  let visitorOverAgent = false;
  // With SVC_TURN_AUDIO_MODEL=v1-mini, the turn detector hears the words before each pause.
  const heard = heardSoFarFor(process.env);
  const overAgent = () => session.agentState === 'speaking' || visitorOverAgent;
  const session: voice.AgentSession = new voice.AgentSession({
    llm: model,
    ...(modes.audioIn && engines.stt
      ? {
          stt: new BackchannelFilterSTT(engines.stt, {
            language: runtime.conversation.language,
            overAgent,
          }),
        }
      : {}),
    ...(modes.audioOut && engines.tts ? { tts: engines.tts } : {}),
    ...(modes.audioIn && engines.vad ? { vad: engines.vad } : {}),
    // Turns end on the VAD after the endpointing delay, which waits for the recognizer's last
    // words (the embedded one closes an utterance after 0.3 s of silence). In a language whose
    // unfinished endings are known, the early transcript decides the delay: a request cut at a
    // pause ("a tent that...") waits the longer one (see turn/README.md for the figures).
    // The framework ignores speech over the first 3 s of agent audio, against echo on phones:
    // a visitor who answers the greeting early would be lost. The page's browser cancels the
    // echo (the SDK asks for it), so the agent listens from its first word.
    aecWarmupDuration: 0,
    turnHandling: {
      ...(modes.audioIn && engines.vad
        ? {
            turnDetection:
              turnDetectorFor(runtime.conversation.language, heard, engines.sureness) ??
              ('vad' as const),
          }
        : {}),
      endpointing: {
        minDelay: engines.endpointingMinDelayMs ?? 500,
        maxDelay: UNFINISHED_TURN_DELAY_MS,
      },
      // Speech over the agent interrupts it by voice activity: the adaptive detector would need
      // the framework's audio model process, which the worker does not start (see main.ts). It
      // takes a word, and the recognizer drops feedback over the agent ("mm-hmm", a cough), so a
      // listener following along does not stop it; the framework's default resume continues a
      // sentence paused by speech that turned out to be no turn.
      interruption: { mode: 'vad' as const, minWords: 1 },
    },
  });
  // Speech over the agent that would interrupt it is heard again without the scenario's prompt,
  // whose words Whisper writes into hums and laughs: the filter drops it when either hearing is
  // only feedback or no words; and it is heard before it ends, so that its words stop the agent
  // while the visitor still speaks (turn/over-agent-hearing.ts).
  engines.overAgentHearing?.decideWith(
    (text) => overAgent() && !isBackchannel(text, runtime.conversation.language),
    () => session.agentState === 'speaking',
  );
  session.on(voice.AgentSessionEventTypes.UserStateChanged, (event) => {
    if (event.newState === 'speaking') visitorOverAgent = session.agentState === 'speaking';
  });
  heard?.follow(session);
  // The embedded voices' echo guard follows the audio as it plays, later than it was handed out.
  const echoGuard = engines.tts instanceof SentenceTTS ? engines.tts.echoGuard : undefined;
  session.on(voice.AgentSessionEventTypes.AgentStateChanged, (event) =>
    echoGuard?.playing(event.newState === 'speaking'),
  );
  return session;
}

/**
 * Closes the framework's remote-session host. Started with every room session, it streams each
 * session event to the visitor on `lk.agent.session` and answers requests from the visitor for
 * the agent's instructions and chat history and for running input: a page script could read the
 * scenario's prompt that way, and encoding every event costs the turn CPU. Our page speaks the
 * contract's topics only.
 */
export async function closeRemoteSessionHost(session: voice.AgentSession): Promise<void> {
  // Not in the framework's public types (a private field in 1.9): reached by name, and a no-op
  // if a later version renames it (the worker test then sees the stream and fails).
  const host = (session as unknown as { sessionHost?: { close(): Promise<void> } }).sessionHost;
  await host?.close().catch(() => undefined);
}
