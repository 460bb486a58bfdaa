// The English texts of the widget: the launcher's (`<svc-agent>` before any chunk loads) and the
// conversation panel's.
import type { ConversationStrings, LauncherStrings } from '../widget/types.js';

/** The English texts of `<svc-agent>` itself: the launcher and the panel's frame. */
export const launcher: LauncherStrings = {
  label: 'Ask us',
  open: 'Open the assistant',
  close: 'Close the assistant',
  noPublication: 'This assistant has no publication: set the publication attribute.',
  loading: 'Loading…',
  loadFailed: (reason) => `The assistant could not load: ${reason}`,
};

/** The English texts of the widget's conversation panel. */
export const conversation: ConversationStrings = {
  states: {
    ready: 'ready',
    connecting: 'connecting',
    reconnecting: 'reconnecting',
    ended: 'ended',
    idle: 'idle',
    listening: 'listening',
    thinking: 'thinking',
    speaking: 'speaking',
  },
  talkOrType: 'Talk or type',
  voice: 'Voice',
  typing: 'Typing',
  hintAudio: 'Talk with our assistant: it listens, answers and shows what it finds.',
  hintText: 'Type to our assistant: it answers and shows what it finds.',
  transcript: 'Conversation',
  you: 'You: ',
  assistant: 'Assistant: ',
  shown: 'What the assistant shows',
  message: 'Message',
  placeholderAudio: 'Speak, or type here',
  placeholderText: 'Type a message',
  send: 'Send',
  mute: 'Mute',
  unmute: 'Unmute',
  endLabel: 'End the conversation',
  end: 'End',
  startTalking: 'Start talking',
  startTyping: 'Start typing',
  errors: {
    IDENTIFY_FAILED: 'The assistant cannot be reached right now. Please try again later.',
    SESSION_START_FAILED: 'The conversation could not start. Please try again.',
    CONNECTION_LOST: 'The connection was lost.',
    MIC_PERMISSION_DENIED: 'The microphone is not available: allow it, or type instead.',
    TOOL_TIMEOUT: 'That took too long. Please try again.',
    AGENT_UNAVAILABLE: 'The assistant is not available right now. Please try again shortly.',
    MESSAGE_REFUSED: 'Too many messages at once: wait a moment, then send it again.',
    default: 'Something went wrong. Please try again.',
  },
};
