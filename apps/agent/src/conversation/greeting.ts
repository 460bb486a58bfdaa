import { log as agentsLog, type voice } from '@livekit/agents';
import { AGENT_END_REASONS, type RoomMetadata, type RuntimeConfig } from '@svc/protocol/agent';
import type { VisitorChannel } from '../channel.js';
import { runHandshake } from '../handshake.js';
import { configPayloadFor } from '../scenario-agent.js';
import type { ConversationEnding } from './ending.js';

/**
 * The handshake, then the greeting: a first message, a greeting by the model, or, for a resumed
 * conversation, a welcome back with or without a recap. A visitor who never acknowledges `config`
 * ends the conversation.
 */
export async function greetVisitor(parts: {
  channel: VisitorChannel;
  session: voice.AgentSession;
  runtime: RuntimeConfig;
  metadata: RoomMetadata;
  ending: ConversationEnding;
  signal: AbortSignal;
}): Promise<void> {
  const { session, runtime } = parts;
  const handshake = await runHandshake(parts.channel, configPayloadFor(runtime), {
    signal: parts.signal,
  });
  if (!handshake.acknowledged) {
    if (handshake.reason === 'timeout') {
      agentsLog().warn(
        { attempts: handshake.attempts },
        'no config_ack from the visitor; ending the conversation',
      );
      await parts.ending.finish(AGENT_END_REASONS.CONFIG_TIMEOUT, true);
    }
    return;
  }
  const resumed = Boolean(parts.metadata.resumed) || runtime.history.length > 0;
  if (resumed && handshake.ack.suppress_recap) {
    session.generateReply({
      instructions:
        'The visitor is back. Welcome them back in one short sentence. Do not recap the conversation.',
    });
  } else if (resumed) {
    session.generateReply({
      instructions:
        'The visitor is back. In one or two short sentences, recap where you left off and ask how to continue.',
    });
  } else if (runtime.scenario.first_message) {
    session.say(runtime.scenario.first_message);
  } else {
    session.generateReply({
      instructions: 'Greet the visitor in one short sentence and offer your help.',
    });
  }
}
