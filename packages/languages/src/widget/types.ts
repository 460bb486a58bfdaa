// The types of the widget's texts, which each language's `widget.ts` fills in: the launcher's
// (`<svc-agent>` itself) and the conversation panel's.
import type { SvcErrorCode } from '@svc/protocol';

/** What the state line says: the session's status before and after, the agent's state during. */
export type StateName =
  | 'ready'
  | 'connecting'
  | 'reconnecting'
  | 'ended'
  | 'idle'
  | 'listening'
  | 'thinking'
  | 'speaking';

/** The texts of the widget's conversation panel; the `@svc/ui` panels bring their own. */
export interface ConversationStrings {
  states: Record<StateName, string>;
  /** Label of the Voice / Typing switch. */
  talkOrType: string;
  voice: string;
  typing: string;
  /** What the panel says before a spoken conversation. */
  hintAudio: string;
  /** What the panel says before a typed conversation. */
  hintText: string;
  /** Label of the transcript. */
  transcript: string;
  /** Said before the visitor's messages to a screen reader. */
  you: string;
  /** Said before the assistant's messages to a screen reader. */
  assistant: string;
  /** Label of the area where the agent's panels show, when the config names no feature name. */
  shown: string;
  /** Label of the message box. */
  message: string;
  /** The message box's placeholder in a spoken conversation. */
  placeholderAudio: string;
  /** The message box's placeholder in a typed conversation. */
  placeholderText: string;
  send: string;
  mute: string;
  unmute: string;
  /** Label of the End button. */
  endLabel: string;
  end: string;
  startTalking: string;
  startTyping: string;
  /** What went wrong, by the `SvcError` code; `default` for anything else. */
  errors: Record<SvcErrorCode | 'default', string>;
}

/** The texts of `<svc-agent>` itself (the launcher and the panel's frame), before any chunk loads. */
export interface LauncherStrings {
  /** The launcher's text and the panel's title when the page sets no `label`. */
  label: string;
  /** The launcher's label while the panel is closed. */
  open: string;
  /** The launcher's label while the panel is open, and the close button's. */
  close: string;
  /** The element has no `publication`. */
  noPublication: string;
  /** The conversation chunk is loading. */
  loading: string;
  /** The conversation chunk did not load. */
  loadFailed: (reason: string) => string;
}
