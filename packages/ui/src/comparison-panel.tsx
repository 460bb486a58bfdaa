import type { Collection } from '@svc/protocol';
import { formatNumber, formatPrice, formatText } from './format.js';
import { mappedTitle } from './item-card.js';
import { PanelFrame, type PanelCommonProps } from './panel-frame.js';
import { uiStrings, type UiStrings } from './strings.js';
import { mapItem, priceField } from './template.js';
import { fieldLabel, itemId, plain } from './values.js';

/** Props of {@link ComparisonPanel}. */
export interface ComparisonPanelProps extends PanelCommonProps {
  /** The items compared, in the order of the rows' values. */
  items: readonly Record<string, unknown>[];
  /** One row per field, with each item's value (null where one lacks it). */
  rows: readonly { field: string; values: readonly unknown[] }[];
  /** The items' collection: its view titles the columns, its filter fields name the rows. */
  collection?: Collection | undefined;
  /** A click on a column's item: the page opens the item. */
  onSelectItem?:
    ((item: Record<string, unknown>, collection: Collection | undefined) => void) | undefined;
}

/** Fields the column headers show. */
const HEADER_FIELDS = new Set(['id', 'name', 'title']);

function cellText(value: unknown, strings: UiStrings, locale: string | undefined): string {
  if (typeof value === 'number') return formatNumber(value, locale);
  if (typeof value === 'boolean') return value ? strings.yes : strings.no;
  if (Array.isArray(value))
    return value.map((entry) => plain(entry) ?? '').join(', ') || strings.missingValue;
  if (typeof value === 'string') return formatText(value, locale) || strings.missingValue;
  return plain(value) || strings.missingValue;
}

/** Items side by side: a table with one column per item and one row per field. */
export function ComparisonPanel(props: ComparisonPanelProps) {
  const strings = uiStrings(props.strings, props.locale);
  const labels = new Map(
    (props.collection?.filter_fields ?? []).map((field) => [field.filter_key, field.name]),
  );
  // The row of the field the view prices (`{{price}} USD`) shows prices.
  const price = priceField(props.collection?.view);
  const cell = (field: string, value: unknown) =>
    price && field === price.field && typeof value === 'number'
      ? formatPrice(value, price.currency, props.locale)
      : cellText(value, strings, props.locale);
  const onSelectItem = props.onSelectItem;
  return (
    <PanelFrame
      kind="comparison"
      title={strings.comparisonTitle}
      focusOnShow={props.focusOnShow}
      showKey={props.showKey}
    >
      {props.items.length === 0 ? (
        <p className="svc-panel__empty">{strings.comparisonEmpty}</p>
      ) : (
        <div className="svc-table-scroll">
          <table className="svc-table">
            <thead>
              <tr>
                <th scope="col">{strings.comparisonField}</th>
                {props.items.map((item, index) => {
                  const title = mappedTitle(
                    mapItem(props.collection?.view, item, { locale: props.locale }),
                    itemId(item),
                  );
                  return (
                    <th scope="col" key={`${itemId(item)}#${index}`}>
                      {onSelectItem ? (
                        <button
                          type="button"
                          className="svc-link-button"
                          aria-label={strings.openItem(title)}
                          onClick={() => onSelectItem(item, props.collection)}
                        >
                          {title}
                        </button>
                      ) : (
                        title
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {props.rows
                // The items' names head the columns already.
                .filter((row) => !HEADER_FIELDS.has(row.field))
                .map((row, rowIndex) => (
                  <tr key={`${row.field}#${rowIndex}`}>
                    <th scope="row">{fieldLabel(row.field, labels)}</th>
                    {props.items.map((item, index) => (
                      <td key={`${itemId(item)}#${index}`}>{cell(row.field, row.values[index])}</td>
                    ))}
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      )}
    </PanelFrame>
  );
}
