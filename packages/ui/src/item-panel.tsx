import type { Collection } from '@svc/protocol';
import { ItemCard, mappedTitle } from './item-card.js';
import { PanelFrame, type PanelCommonProps } from './panel-frame.js';
import { formatNumber, formatText } from './format.js';
import { uiStrings, type UiStrings } from './strings.js';
import { mapItem, viewFields, type MappedItem } from './template.js';
import { fieldLabel, itemId, plain } from './values.js';

/** Props of {@link ItemPanel}. */
export interface ItemPanelProps extends PanelCommonProps {
  /** The item's fields with its `id`. */
  item: Record<string, unknown>;
  /** The item's collection: its view draws the item. */
  collection?: Collection | undefined;
  /** The view's slots as the API rendered them, used when no collection is given. */
  view?: MappedItem | undefined;
  /** A click on the item's title: the page opens the item. */
  onSelectItem?:
    ((item: Record<string, unknown>, collection: Collection | undefined) => void) | undefined;
}

/** Fields a card already shows, or that are no detail. */
const NOT_DETAILS = new Set(['id', 'name', 'title', 'description', 'image', 'image_url']);

/**
 * The item's other plain fields, for the list under its card: named as the collection's filter
 * fields name them, yes-or-no fields as yes or no, numbers and dates for the locale; at most 12.
 */
function itemDetails(
  item: Record<string, unknown>,
  collection: Collection | undefined,
  strings: UiStrings,
  locale: string | undefined,
): [label: string, text: string][] {
  const shown = viewFields(collection?.view);
  const labels = new Map(
    (collection?.filter_fields ?? []).map((field) => [field.filter_key, field.name]),
  );
  const details: [string, string][] = [];
  for (const [field, value] of Object.entries(item)) {
    if (NOT_DETAILS.has(field) || shown.has(field)) continue;
    const text =
      typeof value === 'number'
        ? formatNumber(value, locale)
        : typeof value === 'boolean'
          ? value
            ? strings.yes
            : strings.no
          : typeof value === 'string'
            ? formatText(value, locale)
            : plain(value);
    if (text === undefined || text === '') continue;
    details.push([fieldLabel(field, labels), text]);
    if (details.length === 12) break;
  }
  return details;
}

/** One item in detail: its card with the whole body, then its other fields. */
export function ItemPanel(props: ItemPanelProps) {
  const strings = uiStrings(props.strings, props.locale);
  const mapped =
    props.collection?.view || !props.view
      ? mapItem(props.collection?.view, props.item, { locale: props.locale })
      : props.view;
  const title = mappedTitle(mapped, itemId(props.item) || strings.itemTitle);
  const details = itemDetails(props.item, props.collection, strings, props.locale);
  const onSelectItem = props.onSelectItem;
  return (
    <PanelFrame kind="item" title={title} focusOnShow={props.focusOnShow} showKey={props.showKey}>
      <ItemCard
        item={props.item}
        collection={props.collection}
        mapped={mapped}
        detailed
        hideTitle
        locale={props.locale}
        strings={props.strings}
      />
      {onSelectItem && (
        <button
          type="button"
          className="svc-button"
          onClick={() => onSelectItem(props.item, props.collection)}
        >
          {strings.openItem(title)}
        </button>
      )}
      {details.length > 0 && (
        <>
          <h3 className="svc-panel__subtitle">{strings.itemDetails}</h3>
          <dl className="svc-details">
            {details.map(([field, text]) => (
              <div key={field} className="svc-details__row">
                <dt>{field}</dt>
                <dd>{text}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </PanelFrame>
  );
}
