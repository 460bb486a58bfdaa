import type { Collection } from '@svc/protocol';
import { uiStrings, type UiStrings } from './strings.js';
import { itemImage, mapItem, type MappedItem } from './template.js';
import { ownValue } from './values.js';

/** Props of {@link ItemCard}. */
export interface ItemCardProps {
  /** The item's fields, with its `id` (`{ id, ...data }`). */
  item: Record<string, unknown>;
  /** The item's collection: its `view` picks the template and fills it. */
  collection?: Collection | undefined;
  /** Slots already filled (the API's rendered view); the collection's view fills them otherwise. */
  mapped?: MappedItem | undefined;
  /** Makes the title a button that calls this (the page opens the item's page). */
  onSelect?: ((item: Record<string, unknown>) => void) | undefined;
  /** Heading level of the card's title; default 3 (inside a panel's `h2`). */
  headingLevel?: 2 | 3 | 4 | undefined;
  /** Shows every slot (an item alone) rather than the card's short form. */
  detailed?: boolean | undefined;
  /** Leaves the title out, where a heading above already shows it. */
  hideTitle?: boolean | undefined;
  strings?: Partial<UiStrings> | undefined;
  locale?: string | undefined;
}

/** The slots the `product-card` template shows, besides the title and the image. */
const PRODUCT_SLOTS = ['subtitle', 'price', 'body'] as const;

/** The title of an item's slots: `title`, else `name`, else the first slot. */
export function mappedTitle(mapped: MappedItem, fallback: string): string {
  return mapped.title || mapped.name || Object.values(mapped).find(Boolean) || fallback;
}

/**
 * One item, drawn by its collection's template: `product-card` (image, title, subtitle, price,
 * body) or, for any other template name or no view, the generic card (title and a few fields).
 * Every value is text; an image shows only from an `http(s)` address.
 */
export function ItemCard(props: ItemCardProps) {
  const strings = uiStrings(props.strings, props.locale);
  const view = props.collection?.view;
  const mapped = props.mapped ?? mapItem(view, props.item, { locale: props.locale });
  const template =
    view?.template ?? (props.mapped && 'title' in props.mapped ? 'product-card' : '');
  const id = String(ownValue(props.item, 'id') ?? '');
  const title = mappedTitle(mapped, id);
  const Heading = `h${props.headingLevel ?? 3}` as const;
  const image = itemImage(mapped, props.item);
  const onSelect = props.onSelect;
  const heading = props.hideTitle ? null : (
    <Heading className="svc-card__title">
      {onSelect ? (
        <button
          type="button"
          className="svc-card__select"
          aria-label={strings.openItem(title)}
          onClick={() => onSelect(props.item)}
        >
          {title}
        </button>
      ) : (
        title
      )}
    </Heading>
  );
  const imageElement = image ? (
    <img className="svc-card__image" src={image} alt="" loading="lazy" />
  ) : null;

  if (template === 'product-card') {
    return (
      <article className="svc-card svc-card--product" data-item-id={id}>
        {imageElement}
        <div className="svc-card__content">
          {heading}
          {PRODUCT_SLOTS.map((slot) => {
            const text = mapped[slot];
            if (!text) return null;
            // A card in a grid keeps the body short; the item alone shows all of it.
            const shown =
              slot === 'body' && !props.detailed && text.length > 160
                ? `${text.slice(0, 157).trimEnd()}…`
                : text;
            return (
              <p key={slot} className={`svc-card__${slot}`}>
                {shown}
              </p>
            );
          })}
        </div>
      </article>
    );
  }
  const fields = Object.entries(mapped).filter(
    ([slot, text]) => text !== '' && text !== title && slot !== 'image',
  );
  return (
    <article className="svc-card svc-card--generic" data-item-id={id}>
      {imageElement}
      <div className="svc-card__content">
        {heading}
        {fields.length > 0 && (
          <dl className="svc-card__fields">
            {fields.map(([slot, text]) => (
              <div key={slot} className="svc-card__field">
                <dt>{slot}</dt>
                <dd>{text}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </article>
  );
}
