// The German texts of the widget: the launcher's (`<svc-agent>` before any chunk loads) and the
// conversation panel's.
import type { ConversationStrings, LauncherStrings } from '../widget/types.js';

/** The German texts of `<svc-agent>` itself: the launcher and the panel's frame. */
export const launcher: LauncherStrings = {
  label: 'Fragen Sie uns',
  open: 'Assistenten öffnen',
  close: 'Assistenten schließen',
  noPublication:
    'Dieser Assistent hat keine Veröffentlichung: Setzen Sie das Attribut publication.',
  loading: 'Wird geladen…',
  loadFailed: (reason) => `Der Assistent konnte nicht geladen werden: ${reason}`,
};

/** The German texts of the widget's conversation panel. */
export const conversation: ConversationStrings = {
  states: {
    ready: 'bereit',
    connecting: 'verbindet',
    reconnecting: 'verbindet neu',
    ended: 'beendet',
    idle: 'wartet',
    listening: 'hört zu',
    thinking: 'denkt nach',
    speaking: 'spricht',
  },
  talkOrType: 'Sprechen oder schreiben',
  voice: 'Sprechen',
  typing: 'Schreiben',
  hintAudio:
    'Sprechen Sie mit unserem Assistenten: Er hört zu, antwortet und zeigt, was er findet.',
  hintText: 'Schreiben Sie unserem Assistenten: Er antwortet und zeigt, was er findet.',
  transcript: 'Gespräch',
  you: 'Sie: ',
  assistant: 'Assistent: ',
  shown: 'Was der Assistent zeigt',
  message: 'Nachricht',
  placeholderAudio: 'Sprechen oder hier schreiben',
  placeholderText: 'Nachricht schreiben',
  send: 'Senden',
  mute: 'Stummschalten',
  unmute: 'Mikrofon einschalten',
  endLabel: 'Gespräch beenden',
  end: 'Beenden',
  startTalking: 'Sprechen beginnen',
  startTyping: 'Schreiben beginnen',
  errors: {
    IDENTIFY_FAILED:
      'Der Assistent ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.',
    SESSION_START_FAILED: 'Das Gespräch konnte nicht beginnen. Bitte versuchen Sie es erneut.',
    CONNECTION_LOST: 'Die Verbindung wurde unterbrochen.',
    MIC_PERMISSION_DENIED:
      'Das Mikrofon ist nicht verfügbar: Erlauben Sie es, oder schreiben Sie stattdessen.',
    TOOL_TIMEOUT: 'Das hat zu lange gedauert. Bitte versuchen Sie es erneut.',
    AGENT_UNAVAILABLE:
      'Der Assistent ist gerade nicht verfügbar. Bitte versuchen Sie es gleich noch einmal.',
    MESSAGE_REFUSED: 'Zu viele Nachrichten auf einmal: Warten Sie kurz und senden Sie sie erneut.',
    default: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
  },
};
