/**
 * The widget's conversation chunk, loaded when a visitor first opens the panel: the SDK session,
 * Preact (as React, aliased at build time) and the `@svc/ui` panels. `livekit-client` is not in
 * it: the SDK imports its LiveKit transport with `import()` when a conversation starts.
 */
import uiCss from '@svc/ui/styles.css?inline';
import { createRoot } from 'react-dom/client';
import type { ConversationModule } from '../conversation-module.js';
import { Conversation } from './conversation.js';
import conversationCss from './conversation.css?inline';

export const css: ConversationModule['css'] = `${uiCss}\n${conversationCss}`;

export const mountConversation: ConversationModule['mountConversation'] = (target, options) => {
  const root = createRoot(target);
  root.render(<Conversation {...options} />);
  return { unmount: () => root.unmount() };
};
