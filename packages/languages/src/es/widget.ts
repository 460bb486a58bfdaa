// The Spanish texts of the widget: the launcher's (`<svc-agent>` before any chunk loads) and the
// conversation panel's.
import type { ConversationStrings, LauncherStrings } from '../widget/types.js';

/** The Spanish texts of `<svc-agent>` itself: the launcher and the panel's frame. */
export const launcher: LauncherStrings = {
  label: '¿Te ayudamos?',
  open: 'Abrir el asistente',
  close: 'Cerrar el asistente',
  noPublication: 'Este asistente no tiene publicación: indica el atributo publication.',
  loading: 'Cargando…',
  loadFailed: (reason) => `No se ha podido cargar el asistente: ${reason}`,
};

/** The Spanish texts of the widget's conversation panel. */
export const conversation: ConversationStrings = {
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
};
