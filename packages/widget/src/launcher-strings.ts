import type { WidgetLanguage } from './language.js';

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

/** The element's texts in each language the widget speaks. */
export const launcherStrings: Readonly<Record<WidgetLanguage, LauncherStrings>> = {
  en: {
    label: 'Ask us',
    open: 'Open the assistant',
    close: 'Close the assistant',
    noPublication: 'This assistant has no publication: set the publication attribute.',
    loading: 'Loading…',
    loadFailed: (reason) => `The assistant could not load: ${reason}`,
  },
  fr: {
    label: 'Une question\u00a0?',
    open: 'Ouvrir l’assistant',
    close: 'Fermer l’assistant',
    noPublication: 'Cet assistant n’a pas de publication\u00a0: renseignez l’attribut publication.',
    loading: 'Chargement…',
    loadFailed: (reason) => `L’assistant n’a pas pu se charger\u00a0: ${reason}`,
  },
  es: {
    label: '¿Te ayudamos?',
    open: 'Abrir el asistente',
    close: 'Cerrar el asistente',
    noPublication: 'Este asistente no tiene publicación: indica el atributo publication.',
    loading: 'Cargando…',
    loadFailed: (reason) => `No se ha podido cargar el asistente: ${reason}`,
  },
  de: {
    label: 'Fragen Sie uns',
    open: 'Assistenten öffnen',
    close: 'Assistenten schließen',
    noPublication:
      'Dieser Assistent hat keine Veröffentlichung: Setzen Sie das Attribut publication.',
    loading: 'Wird geladen…',
    loadFailed: (reason) => `Der Assistent konnte nicht geladen werden: ${reason}`,
  },
};
