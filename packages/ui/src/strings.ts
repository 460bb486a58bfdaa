/**
 * Every text the panels show, so that another language is one object. Texts with a number or a
 * name in them are functions; the numbers they get are already formatted for the locale.
 */
export interface UiStrings {
  /** Heading of the search results. */
  searchTitle: string;
  /** Heading of the search results when the agent searched for words. */
  searchTitleFor: (query: string) => string;
  /** How many items a search found. */
  resultCount: (count: number, formatted: string) => string;
  /** A search that found nothing. */
  searchEmpty: string;
  /** Label of the list of filters the agent searched with. */
  filtersLabel: string;
  /** A number filter's chip: at least `value`. */
  filterMin: (field: string, value: string) => string;
  /** A number filter's chip: at most `value`. */
  filterMax: (field: string, value: string) => string;
  /** A yes-or-no filter's chip. */
  filterYes: (field: string) => string;
  /** A yes-or-no filter's chip when the agent asked for the ones without it. */
  filterNo: (field: string) => string;
  /** Heading of one item shown alone, when it has no title. */
  itemTitle: string;
  /** Heading of the item's other fields. */
  itemDetails: string;
  /** Heading of the comparison. */
  comparisonTitle: string;
  /** Header of the comparison's first column, the field names. */
  comparisonField: string;
  /** A comparison cell where the item has no value. */
  missingValue: string;
  /** A comparison of no items. */
  comparisonEmpty: string;
  /** Heading of the cart. */
  cartTitle: string;
  /** An empty cart. */
  cartEmpty: string;
  /** The cart's total number of items. */
  cartTotalQuantity: (count: number, formatted: string) => string;
  /** The cart's total price. */
  cartTotalPrice: (formatted: string) => string;
  /** Label of the quantity of a line. */
  quantityOf: (item: string) => string;
  /** Label of the button that takes one off a line. */
  decreaseQuantity: (item: string) => string;
  /** Label of the button that adds one to a line. */
  increaseQuantity: (item: string) => string;
  /** Label of the button that removes a line. */
  removeLine: (item: string) => string;
  /** Text of the remove button. */
  remove: string;
  /** A line whose item was deleted from its collection. */
  unavailableItem: (id: string) => string;
  /** The cart could not be read or changed. */
  cartError: string;
  /** The cart is being read. */
  loading: string;
  /** Label of the button that opens an item (when the page handles item clicks). */
  openItem: (item: string) => string;
  /** Heading of the end card. */
  endTitle: string;
  /** The end card's text by the conversation's end reason; `default` for any other. */
  endReasons: Record<string, string>;
  /** When the conversation ended, `time` formatted for the locale. */
  endedAt: (time: string) => string;
  /** The end card's button. */
  restart: string;
  /** Yes and no, for yes-or-no fields. */
  yes: string;
  no: string;
}

/** The languages the panels have texts in; any other gets English. */
export const UI_LANGUAGES = ['en', 'fr', 'es', 'de'] as const;
/** A language the panels have texts in. */
export type UiLanguage = (typeof UI_LANGUAGES)[number];

/**
 * A count's text through `Intl.PluralRules` of `language`: `#` stands for the formatted number.
 * French counts 0 as singular ("0 article"), English and German do not.
 */
function counted(language: UiLanguage, one: string, other: string) {
  const rules = new Intl.PluralRules(language);
  return (count: number, formatted: string) =>
    (rules.select(count) === 'one' ? one : other).replace('#', formatted);
}

/** The English texts. */
export const defaultUiStrings: UiStrings = {
  searchTitle: 'Results',
  searchTitleFor: (query) => `Results for “${query}”`,
  resultCount: counted('en', '# item', '# items'),
  searchEmpty: 'Nothing found.',
  filtersLabel: 'Filters',
  filterMin: (field, value) => `${field} from ${value}`,
  filterMax: (field, value) => `${field} up to ${value}`,
  filterYes: (field) => field,
  filterNo: (field) => `Not ${field.toLowerCase()}`,
  itemTitle: 'Item',
  itemDetails: 'Details',
  comparisonTitle: 'Comparison',
  comparisonField: 'Field',
  missingValue: '–',
  comparisonEmpty: 'Nothing to compare.',
  cartTitle: 'Cart',
  cartEmpty: 'Your cart is empty.',
  cartTotalQuantity: counted('en', '# item', '# items'),
  cartTotalPrice: (formatted) => `Total ${formatted}`,
  quantityOf: (item) => `Quantity of ${item}`,
  decreaseQuantity: (item) => `One fewer ${item}`,
  increaseQuantity: (item) => `One more ${item}`,
  removeLine: (item) => `Remove ${item}`,
  remove: 'Remove',
  unavailableItem: (id) => `Item ${id} (no longer available)`,
  cartError: 'The cart could not be updated. Try again.',
  loading: 'Loading…',
  openItem: (item) => `Open ${item}`,
  endTitle: 'Conversation ended',
  endReasons: {
    default: 'Thank you for the conversation.',
    completed: 'Thank you for the conversation.',
    user_requested: 'You ended the conversation.',
    visitor_left: 'The conversation ended when you left.',
    config_timeout: 'The assistant could not get ready. Please try again.',
    agent_shutdown: 'The assistant had to stop. Please try again.',
    agent_error: 'Something went wrong on our side. Please try again.',
    max_duration: 'The conversation reached its time limit.',
    idle_timeout: 'The conversation ended after a while without activity.',
  },
  endedAt: (time) => `Ended at ${time}`,
  restart: 'Start a new conversation',
  yes: 'Yes',
  no: 'No',
};

// French: `vous`, typographic spaces before `:` and inside « » (no-break, U+00A0).
const french: UiStrings = {
  searchTitle: 'Résultats',
  searchTitleFor: (query) => `Résultats pour «\u00a0${query}\u00a0»`,
  resultCount: counted('fr', '# résultat', '# résultats'),
  searchEmpty: 'Aucun résultat.',
  filtersLabel: 'Filtres',
  filterMin: (field, value) => `${field} à partir de ${value}`,
  filterMax: (field, value) => `${field} jusqu’à ${value}`,
  filterYes: (field) => field,
  filterNo: (field) => `${field}\u00a0: non`,
  itemTitle: 'Article',
  itemDetails: 'Détails',
  comparisonTitle: 'Comparaison',
  comparisonField: 'Caractéristique',
  missingValue: '–',
  comparisonEmpty: 'Rien à comparer.',
  cartTitle: 'Panier',
  cartEmpty: 'Votre panier est vide.',
  cartTotalQuantity: counted('fr', '# article', '# articles'),
  cartTotalPrice: (formatted) => `Total\u00a0: ${formatted}`,
  quantityOf: (item) => `Quantité de ${item}`,
  decreaseQuantity: (item) => `Diminuer la quantité de ${item}`,
  increaseQuantity: (item) => `Augmenter la quantité de ${item}`,
  removeLine: (item) => `Retirer ${item} du panier`,
  remove: 'Retirer',
  unavailableItem: (id) => `Article ${id} (plus disponible)`,
  cartError: 'Le panier n’a pas pu être mis à jour. Veuillez réessayer.',
  loading: 'Chargement…',
  openItem: (item) => `Ouvrir ${item}`,
  endTitle: 'Conversation terminée',
  endReasons: {
    default: 'Merci pour cet échange.',
    completed: 'Merci pour cet échange.',
    user_requested: 'Vous avez mis fin à la conversation.',
    visitor_left: 'La conversation a pris fin à votre départ.',
    config_timeout: 'L’assistant n’a pas pu se préparer. Veuillez réessayer.',
    agent_shutdown: 'L’assistant a dû s’arrêter. Veuillez réessayer.',
    agent_error: 'Un problème est survenu de notre côté. Veuillez réessayer.',
    max_duration: 'La conversation a atteint sa durée maximale.',
    idle_timeout: 'La conversation a pris fin après un moment sans activité.',
  },
  endedAt: (time) => `Terminée à ${time}`,
  restart: 'Démarrer une nouvelle conversation',
  yes: 'Oui',
  no: 'Non',
};

// Spanish: `tú`, as Spanish shops address their customers.
const spanish: UiStrings = {
  searchTitle: 'Resultados',
  searchTitleFor: (query) => `Resultados para «${query}»`,
  resultCount: counted('es', '# resultado', '# resultados'),
  searchEmpty: 'No se ha encontrado nada.',
  filtersLabel: 'Filtros',
  filterMin: (field, value) => `${field} desde ${value}`,
  filterMax: (field, value) => `${field} hasta ${value}`,
  filterYes: (field) => field,
  filterNo: (field) => `${field}: no`,
  itemTitle: 'Artículo',
  itemDetails: 'Detalles',
  comparisonTitle: 'Comparación',
  comparisonField: 'Característica',
  missingValue: '–',
  comparisonEmpty: 'No hay nada que comparar.',
  cartTitle: 'Carrito',
  cartEmpty: 'Tu carrito está vacío.',
  cartTotalQuantity: counted('es', '# artículo', '# artículos'),
  cartTotalPrice: (formatted) => `Total: ${formatted}`,
  quantityOf: (item) => `Cantidad de ${item}`,
  decreaseQuantity: (item) => `Reducir la cantidad de ${item}`,
  increaseQuantity: (item) => `Aumentar la cantidad de ${item}`,
  removeLine: (item) => `Quitar ${item} del carrito`,
  remove: 'Quitar',
  unavailableItem: (id) => `Artículo ${id} (ya no está disponible)`,
  cartError: 'No se ha podido actualizar el carrito. Inténtalo de nuevo.',
  loading: 'Cargando…',
  openItem: (item) => `Abrir ${item}`,
  endTitle: 'Conversación finalizada',
  endReasons: {
    default: 'Gracias por la conversación.',
    completed: 'Gracias por la conversación.',
    user_requested: 'Has finalizado la conversación.',
    visitor_left: 'La conversación terminó cuando te fuiste.',
    config_timeout: 'El asistente no ha podido prepararse. Inténtalo de nuevo.',
    agent_shutdown: 'El asistente ha tenido que detenerse. Inténtalo de nuevo.',
    agent_error: 'Algo ha fallado por nuestra parte. Inténtalo de nuevo.',
    max_duration: 'La conversación ha llegado a su límite de tiempo.',
    idle_timeout: 'La conversación terminó tras un rato sin actividad.',
  },
  endedAt: (time) => `Finalizada a las ${time}`,
  restart: 'Empezar una nueva conversación',
  yes: 'Sí',
  no: 'No',
};

// German: `Sie`, as German shops address their customers.
const german: UiStrings = {
  searchTitle: 'Ergebnisse',
  searchTitleFor: (query) => `Ergebnisse für „${query}“`,
  resultCount: counted('de', '# Ergebnis', '# Ergebnisse'),
  searchEmpty: 'Nichts gefunden.',
  filtersLabel: 'Filter',
  filterMin: (field, value) => `${field} ab ${value}`,
  filterMax: (field, value) => `${field} bis ${value}`,
  filterYes: (field) => field,
  filterNo: (field) => `${field}: nein`,
  itemTitle: 'Artikel',
  itemDetails: 'Details',
  comparisonTitle: 'Vergleich',
  comparisonField: 'Merkmal',
  missingValue: '–',
  comparisonEmpty: 'Nichts zu vergleichen.',
  cartTitle: 'Warenkorb',
  cartEmpty: 'Ihr Warenkorb ist leer.',
  cartTotalQuantity: counted('de', '# Artikel', '# Artikel'),
  cartTotalPrice: (formatted) => `Gesamt: ${formatted}`,
  quantityOf: (item) => `Menge von ${item}`,
  decreaseQuantity: (item) => `Menge von ${item} verringern`,
  increaseQuantity: (item) => `Menge von ${item} erhöhen`,
  removeLine: (item) => `${item} aus dem Warenkorb entfernen`,
  remove: 'Entfernen',
  unavailableItem: (id) => `Artikel ${id} (nicht mehr verfügbar)`,
  cartError: 'Der Warenkorb konnte nicht aktualisiert werden. Bitte versuchen Sie es erneut.',
  loading: 'Wird geladen…',
  openItem: (item) => `${item} öffnen`,
  endTitle: 'Gespräch beendet',
  endReasons: {
    default: 'Vielen Dank für das Gespräch.',
    completed: 'Vielen Dank für das Gespräch.',
    user_requested: 'Sie haben das Gespräch beendet.',
    visitor_left: 'Das Gespräch endete, als Sie die Seite verlassen haben.',
    config_timeout: 'Der Assistent konnte nicht starten. Bitte versuchen Sie es erneut.',
    agent_shutdown: 'Der Assistent musste anhalten. Bitte versuchen Sie es erneut.',
    agent_error: 'Bei uns ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
    max_duration: 'Das Gespräch hat seine maximale Dauer erreicht.',
    idle_timeout: 'Das Gespräch wurde nach einer Weile ohne Aktivität beendet.',
  },
  endedAt: (time) => `Beendet um ${time}`,
  restart: 'Neues Gespräch beginnen',
  yes: 'Ja',
  no: 'Nein',
};

/** The panels' texts in each of {@link UI_LANGUAGES}. */
export const uiStringTables: Readonly<Record<UiLanguage, UiStrings>> = {
  en: defaultUiStrings,
  fr: french,
  es: spanish,
  de: german,
};

/**
 * The language of the panels' texts for a BCP-47 tag: its primary subtag when the panels speak
 * it (`fr-CA` is `fr`), else English (also for no tag).
 */
export function uiLanguage(locale: string | null | undefined): UiLanguage {
  const base = (locale ?? '').split('-')[0]?.toLowerCase() ?? '';
  return (UI_LANGUAGES as readonly string[]).includes(base) ? (base as UiLanguage) : 'en';
}

/**
 * The texts for `locale` (see {@link uiLanguage}; English without one) with `overrides` on top:
 * a page's own texts win over the built-in ones.
 */
export function uiStrings(
  overrides: Partial<UiStrings> | undefined,
  locale?: string | null,
): UiStrings {
  const table = uiStringTables[uiLanguage(locale)];
  return overrides ? { ...table, ...overrides } : table;
}
