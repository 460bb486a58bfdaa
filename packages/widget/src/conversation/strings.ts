import type { SvcErrorCode } from '@svc/protocol';
import type { WidgetLanguage } from '../language.js';

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

/** The conversation panel's texts in each language the widget speaks. */
export const conversationStrings: Readonly<Record<WidgetLanguage, ConversationStrings>> = {
  en: {
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
  },
  fr: {
    states: {
      ready: 'prêt',
      connecting: 'connexion',
      reconnecting: 'reconnexion',
      ended: 'terminé',
      idle: 'en attente',
      listening: 'à l’écoute',
      thinking: 'réfléchit',
      speaking: 'parle',
    },
    talkOrType: 'Parler ou écrire',
    voice: 'Voix',
    typing: 'Texte',
    hintAudio: 'Parlez avec notre assistant\u00a0: il écoute, répond et montre ce qu’il trouve.',
    hintText: 'Écrivez à notre assistant\u00a0: il répond et montre ce qu’il trouve.',
    transcript: 'Conversation',
    you: 'Vous\u00a0: ',
    assistant: 'Assistant\u00a0: ',
    shown: 'Ce que montre l’assistant',
    message: 'Message',
    placeholderAudio: 'Parlez, ou écrivez ici',
    placeholderText: 'Écrivez un message',
    send: 'Envoyer',
    mute: 'Couper le micro',
    unmute: 'Activer le micro',
    endLabel: 'Terminer la conversation',
    end: 'Terminer',
    startTalking: 'Commencer à parler',
    startTyping: 'Commencer à écrire',
    errors: {
      IDENTIFY_FAILED: 'L’assistant est injoignable pour le moment. Veuillez réessayer plus tard.',
      SESSION_START_FAILED: 'La conversation n’a pas pu démarrer. Veuillez réessayer.',
      CONNECTION_LOST: 'La connexion a été perdue.',
      MIC_PERMISSION_DENIED:
        'Le micro n’est pas disponible\u00a0: autorisez-le, ou écrivez plutôt.',
      TOOL_TIMEOUT: 'Cela a pris trop de temps. Veuillez réessayer.',
      AGENT_UNAVAILABLE:
        'L’assistant n’est pas disponible pour le moment. Veuillez réessayer dans un instant.',
      MESSAGE_REFUSED: 'Trop de messages d’un coup : patientez un instant, puis renvoyez-le.',
      default: 'Un problème est survenu. Veuillez réessayer.',
    },
  },
  es: {
    states: {
      ready: 'listo',
      connecting: 'conectando',
      reconnecting: 'reconectando',
      ended: 'finalizada',
      idle: 'en espera',
      listening: 'escuchando',
      thinking: 'pensando',
      speaking: 'hablando',
    },
    talkOrType: 'Hablar o escribir',
    voice: 'Voz',
    typing: 'Texto',
    hintAudio: 'Habla con nuestro asistente: te escucha, responde y muestra lo que encuentra.',
    hintText: 'Escribe a nuestro asistente: responde y muestra lo que encuentra.',
    transcript: 'Conversación',
    you: 'Tú: ',
    assistant: 'Asistente: ',
    shown: 'Lo que muestra el asistente',
    message: 'Mensaje',
    placeholderAudio: 'Habla, o escribe aquí',
    placeholderText: 'Escribe un mensaje',
    send: 'Enviar',
    mute: 'Silenciar',
    unmute: 'Activar micrófono',
    endLabel: 'Finalizar la conversación',
    end: 'Finalizar',
    startTalking: 'Empezar a hablar',
    startTyping: 'Empezar a escribir',
    errors: {
      IDENTIFY_FAILED: 'No se puede contactar con el asistente ahora. Inténtalo más tarde.',
      SESSION_START_FAILED: 'No se ha podido iniciar la conversación. Inténtalo de nuevo.',
      CONNECTION_LOST: 'Se ha perdido la conexión.',
      MIC_PERMISSION_DENIED: 'El micrófono no está disponible: permítelo, o escribe.',
      TOOL_TIMEOUT: 'Ha tardado demasiado. Inténtalo de nuevo.',
      AGENT_UNAVAILABLE:
        'El asistente no está disponible en este momento. Inténtalo de nuevo en un rato.',
      MESSAGE_REFUSED: 'Demasiados mensajes seguidos: espera un momento y vuelve a enviarlo.',
      default: 'Algo ha fallado. Inténtalo de nuevo.',
    },
  },
  de: {
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
      MESSAGE_REFUSED:
        'Zu viele Nachrichten auf einmal: Warten Sie kurz und senden Sie sie erneut.',
      default: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
    },
  },
};
