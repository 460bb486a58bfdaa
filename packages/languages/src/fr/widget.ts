// The French texts of the widget: the launcher's (`<svc-agent>` before any chunk loads) and the
// conversation panel's.
import type { ConversationStrings, LauncherStrings } from '../widget/types.js';

/** The French texts of `<svc-agent>` itself: the launcher and the panel's frame. */
export const launcher: LauncherStrings = {
  label: 'Une question\u00a0?',
  open: 'Ouvrir l’assistant',
  close: 'Fermer l’assistant',
  noPublication: 'Cet assistant n’a pas de publication\u00a0: renseignez l’attribut publication.',
  loading: 'Chargement…',
  loadFailed: (reason) => `L’assistant n’a pas pu se charger\u00a0: ${reason}`,
};

/** The French texts of the widget's conversation panel. */
export const conversation: ConversationStrings = {
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
    MIC_PERMISSION_DENIED: 'Le micro n’est pas disponible\u00a0: autorisez-le, ou écrivez plutôt.',
    TOOL_TIMEOUT: 'Cela a pris trop de temps. Veuillez réessayer.',
    AGENT_UNAVAILABLE:
      'L’assistant n’est pas disponible pour le moment. Veuillez réessayer dans un instant.',
    MESSAGE_REFUSED: 'Trop de messages d’un coup : patientez un instant, puis renvoyez-le.',
    default: 'Un problème est survenu. Veuillez réessayer.',
  },
};
