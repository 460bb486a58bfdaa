import type { Collection } from '@svc/protocol';
import { ItemCard, mappedTitle } from './item-card.js';
import { PanelFrame, type PanelCommonProps } from './panel-frame.js';
import { uiStrings } from './strings.js';
import { genericFields, mapItem, viewFields, type MappedItem } from './template.js';
import { itemId } from './values.js';

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

/** One item in detail: its card with the whole body, then its other fields. */
export function ItemPanel(props: ItemPanelProps) {
  const strings = uiStrings(props.strings);
  const mapped =
    props.collection?.view || !props.view
      ? mapItem(props.collection?.view, props.item, { locale: props.locale })
      : props.view;
  const title = mappedTitle(mapped, itemId(props.item) || strings.itemTitle);
  // The view shows a few fields; the item's other plain fields follow, as a list.
  const shown = viewFields(props.collection?.view);
  const details = Object.entries(
    genericFields(props.item, { locale: props.locale, limit: 12 }),
  ).filter(([field]) => field !== 'title' && !shown.has(field));
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
