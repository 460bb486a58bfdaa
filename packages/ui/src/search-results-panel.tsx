import type { Collection } from '@svc/protocol';
import { formatNumber } from './format.js';
import { ItemCard } from './item-card.js';
import { filterChips } from './panel-data.js';
import { PanelFrame, type PanelCommonProps } from './panel-frame.js';
import { uiStrings } from './strings.js';
import { itemId } from './values.js';

/** Props of {@link SearchResultsPanel}. */
export interface SearchResultsPanelProps extends PanelCommonProps {
  /** The items found, each `{ id, ...fields }` (as the agent sends them) or `{ id, data }`. */
  items: readonly Record<string, unknown>[];
  /** The collection searched: its view draws the items, its filter fields name the filters. */
  collection?: Collection | undefined;
  /** The words searched for. */
  query?: string | undefined;
  /** The filters the agent searched with, by argument name (`category`, `max_price`). */
  filters?: Record<string, unknown> | undefined;
  /** What the agent's search noted (no item matched every filter). */
  note?: string | undefined;
  /** A click on an item: the page opens the item. */
  onSelectItem?:
    ((item: Record<string, unknown>, collection: Collection | undefined) => void) | undefined;
}

/** A search's results: the filters used as chips, the note, a grid of item cards, or an empty state. */
export function SearchResultsPanel(props: SearchResultsPanelProps) {
  const strings = uiStrings(props.strings, props.locale);
  const chips = filterChips(props.filters ?? {}, props.collection, strings, props.locale);
  const count = props.items.length;
  const onSelectItem = props.onSelectItem;
  return (
    <PanelFrame
      kind="search"
      title={props.query ? strings.searchTitleFor(props.query) : strings.searchTitle}
      aside={
        <p className="svc-panel__meta">
          {strings.resultCount(count, formatNumber(count, props.locale))}
        </p>
      }
      focusOnShow={props.focusOnShow}
      showKey={props.showKey}
    >
      {chips.length > 0 && (
        <ul className="svc-chips" aria-label={strings.filtersLabel}>
          {chips.map((chip) => (
            <li key={chip} className="svc-chip">
              {chip}
            </li>
          ))}
        </ul>
      )}
      {props.note && <p className="svc-panel__note">{props.note}</p>}
      {count === 0 ? (
        <p className="svc-panel__empty">{strings.searchEmpty}</p>
      ) : (
        <ul className="svc-grid">
          {props.items.map((item, index) => (
            <li key={`${itemId(item)}#${index}`} className="svc-grid__item">
              <ItemCard
                item={item}
                collection={props.collection}
                locale={props.locale}
                strings={props.strings}
                onSelect={
                  onSelectItem ? (selected) => onSelectItem(selected, props.collection) : undefined
                }
              />
            </li>
          ))}
        </ul>
      )}
    </PanelFrame>
  );
}
