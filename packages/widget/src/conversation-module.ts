/** What the element hands the conversation chunk when the panel opens. */
export interface ConversationOptions {
  /** The Platform API's address, no trailing slash. */
  apiUrl: string;
  /** The publication UUID. */
  publication: string;
  /** Where the element wants focus after the conversation rendered its text box. */
  onReady?: () => void;
  /**
   * The element's `language` attribute (BCP-47): the conversation starts in it (session start's
   * `language`) and the panel speaks it. Absent: the session's language, once its config names
   * it, else the browser's.
   */
  language?: string | undefined;
  /** Called with the session's language when its config names one, so the launcher speaks it too. */
  onLanguage?: ((language: string) => void) | undefined;
}

/** A mounted conversation: `unmount` ends its session and removes what it rendered. */
export interface MountedConversation {
  unmount(): void;
}

/** The lazily loaded conversation chunk (`conversation-<hash>.js`). */
export interface ConversationModule {
  /** The conversation's CSS, adopted into the shadow root next to the launcher's. */
  css: string;
  mountConversation(target: HTMLElement, options: ConversationOptions): MountedConversation;
}
