// The type of the `@svc/ui` panels' texts, which each language's `ui.ts` fills in.

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
