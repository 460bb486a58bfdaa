import type { Collection } from '@svc/protocol';
import type { Bucket, BucketLine } from '@svc/protocol/content';
import type { BucketClient, BucketSnapshot, BucketStore } from '@svc/sdk/buckets';
import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { formatNumber, formatPrice } from './format.js';
import { mappedTitle } from './item-card.js';
import { PanelFrame, type PanelCommonProps } from './panel-frame.js';
import { uiStrings, type UiStrings } from './strings.js';
import { fieldAt, itemImage, mapItem, priceField } from './template.js';

/** The API's limit of one line's quantity. */
const MAX_QUANTITY = 999;

/** Props of {@link CartPanel}. */
export interface CartPanelProps extends PanelCommonProps {
  /** The bucket as the agent's cart tool sent it (shown read-only without `buckets`). */
  bucket?: Bucket | null | undefined;
  /**
   * The visitor's buckets: the panel then reads the bucket through its store (the newer of the
   * store's and the agent's) and changes quantities and removes lines through it.
   */
  buckets?: BucketClient | undefined;
  /** The bucket's name; default the agent's bucket's name, else `cart`. */
  bucketName?: string | undefined;
  /** The scenario's collections: each line's collection draws its title and prices it. */
  collections?: readonly Collection[] | undefined;
  /** A click on a line's title: the page opens the item. */
  onSelectItem?:
    ((item: Record<string, unknown>, collection: Collection | undefined) => void) | undefined;
}

const ignore = () => () => {};
const noSnapshot = (): BucketSnapshot | null => null;

/** The newer of two answers for one bucket, by `updated_at`; the store's when they tie. */
function newer(stored: Bucket | null | undefined, sent: Bucket | null | undefined) {
  if (!stored) return sent ?? null;
  if (!sent) return stored;
  return sent.updated_at > stored.updated_at ? sent : stored;
}

/** One line, drawn: its title, image and prices. */
function describeLine(
  line: BucketLine,
  collections: readonly Collection[] | undefined,
  strings: UiStrings,
  locale: string | undefined,
) {
  const collection = collections?.find((candidate) => candidate.id === line.collection_id);
  const item = { ...(line.data ?? {}), id: line.item_id };
  const mapped = mapItem(collection?.view, item, { locale });
  const title = line.data
    ? mappedTitle(mapped, line.item_id)
    : strings.unavailableItem(line.item_id);
  const price = priceField(collection?.view);
  const unit = price && line.data ? fieldAt(item, price.field) : undefined;
  return {
    item,
    collection,
    title,
    image: itemImage(mapped, item),
    price: typeof unit === 'number' && price ? { unit, currency: price.currency } : undefined,
  };
}

/**
 * The cart: its lines with their quantities and prices, and the totals. With a bucket client,
 * each line has a quantity stepper (buttons, and arrow keys on the quantity) and a remove button
 * that change the visitor's bucket through the client; without one, it shows the agent's data.
 */
export function CartPanel(props: CartPanelProps) {
  const strings = uiStrings(props.strings, props.locale);
  const { buckets, locale } = props;
  const name = props.bucketName ?? props.bucket?.name ?? 'cart';
  const store: BucketStore | undefined = buckets?.store(name);
  const snapshot = useSyncExternalStore(
    store?.subscribe ?? ignore,
    store?.getSnapshot ?? noSnapshot,
    store?.getSnapshot ?? noSnapshot,
  );
  const bucket = newer(snapshot?.bucket, props.bucket);
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const body = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The store has not read the bucket yet: the panel reads it, so it shows the visitor's own.
    if (store && !store.getSnapshot().bucket) store.refresh().catch(() => {});
  }, [store]);

  const lines = bucket?.items ?? [];
  const described = lines.map((line) => ({
    line,
    ...describeLine(line, props.collections, strings, locale),
  }));
  const total = bucket?.total_quantity ?? lines.reduce((sum, line) => sum + line.quantity, 0);
  const currencies = new Set(described.map((entry) => entry.price?.currency));
  const totalPrice =
    described.length > 0 && currencies.size === 1 && described.every((entry) => entry.price)
      ? formatPrice(
          described.reduce((sum, entry) => sum + (entry.price?.unit ?? 0) * entry.line.quantity, 0),
          described[0]?.price?.currency,
          locale,
        )
      : undefined;

  async function change(line: BucketLine, quantity: number | 'remove') {
    if (!buckets) return;
    const key = `${line.collection_id}/${line.item_id}`;
    setBusy(key);
    setFailed(false);
    try {
      if (quantity === 'remove' || quantity < 1) {
        await buckets.remove(name, line);
        // The focused button went with its line: the focus goes back to the cart's heading.
        body.current?.closest('section')?.querySelector<HTMLElement>('h2')?.focus();
      } else {
        await buckets.setQuantity(name, line, Math.min(quantity, MAX_QUANTITY));
      }
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  }

  function onQuantityKey(event: KeyboardEvent, line: BucketLine) {
    const next =
      event.key === 'ArrowUp' || event.key === 'ArrowRight'
        ? line.quantity + 1
        : event.key === 'ArrowDown' || event.key === 'ArrowLeft'
          ? line.quantity - 1
          : event.key === 'Home'
            ? 1
            : event.key === 'End'
              ? MAX_QUANTITY
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    if (next >= 1 && next <= MAX_QUANTITY && next !== line.quantity) void change(line, next);
  }

  const onSelectItem = props.onSelectItem;
  return (
    <PanelFrame
      kind="cart"
      title={strings.cartTitle}
      aside={
        lines.length > 0 ? (
          <p className="svc-panel__meta" aria-live="polite">
            {strings.cartTotalQuantity(total, formatNumber(total, locale))}
          </p>
        ) : null
      }
      focusOnShow={props.focusOnShow}
      showKey={props.showKey}
    >
      <div className="svc-cart" ref={body} aria-busy={busy !== null || snapshot?.loading === true}>
        {failed && (
          <p className="svc-panel__error" role="alert">
            {strings.cartError}
          </p>
        )}
        {!bucket && snapshot?.loading ? (
          <p className="svc-panel__empty">{strings.loading}</p>
        ) : lines.length === 0 ? (
          <p className="svc-panel__empty">{strings.cartEmpty}</p>
        ) : (
          <ul className="svc-cart__lines">
            {described.map(({ line, item, collection, title, image, price }) => {
              const key = `${line.collection_id}/${line.item_id}`;
              const disabled = busy === key;
              return (
                <li key={key} className="svc-cart__line" data-item-id={line.item_id}>
                  {image && <img className="svc-cart__image" src={image} alt="" loading="lazy" />}
                  <div className="svc-cart__item">
                    {onSelectItem && line.data ? (
                      <button
                        type="button"
                        className="svc-link-button svc-cart__title"
                        aria-label={strings.openItem(title)}
                        onClick={() => onSelectItem(item, collection)}
                      >
                        {title}
                      </button>
                    ) : (
                      <span className="svc-cart__title">{title}</span>
                    )}
                    {price && (
                      <span className="svc-cart__price">
                        {formatPrice(price.unit * line.quantity, price.currency, locale)}
                      </span>
                    )}
                  </div>
                  {buckets ? (
                    <div className="svc-cart__actions">
                      <div
                        className="svc-stepper"
                        role="group"
                        aria-label={strings.quantityOf(title)}
                      >
                        <button
                          type="button"
                          className="svc-stepper__button"
                          aria-label={strings.decreaseQuantity(title)}
                          disabled={disabled || line.quantity <= 1}
                          onClick={() => void change(line, line.quantity - 1)}
                        >
                          −
                        </button>
                        <span
                          className="svc-stepper__value"
                          role="spinbutton"
                          tabIndex={0}
                          aria-label={strings.quantityOf(title)}
                          aria-valuenow={line.quantity}
                          aria-valuemin={1}
                          aria-valuemax={MAX_QUANTITY}
                          aria-disabled={disabled}
                          onKeyDown={(event) => {
                            if (!disabled) onQuantityKey(event, line);
                          }}
                        >
                          {formatNumber(line.quantity, locale)}
                        </span>
                        <button
                          type="button"
                          className="svc-stepper__button"
                          aria-label={strings.increaseQuantity(title)}
                          disabled={disabled || line.quantity >= MAX_QUANTITY}
                          onClick={() => void change(line, line.quantity + 1)}
                        >
                          +
                        </button>
                      </div>
                      <button
                        type="button"
                        className="svc-button svc-cart__remove"
                        aria-label={strings.removeLine(title)}
                        disabled={disabled}
                        onClick={() => void change(line, 'remove')}
                      >
                        {strings.remove}
                      </button>
                    </div>
                  ) : (
                    <span className="svc-cart__quantity" aria-label={strings.quantityOf(title)}>
                      × {formatNumber(line.quantity, locale)}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {totalPrice && <p className="svc-cart__total">{strings.cartTotalPrice(totalPrice)}</p>}
      </div>
    </PanelFrame>
  );
}
