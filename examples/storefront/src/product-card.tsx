import { useState } from 'react';
import type { Item } from '@svc/sdk/content';
import { price, text } from './format';
import { useShop } from './shop-context';

/** Adds an item to the visitor's cart through the bucket client (the cart store follows). */
export function AddToCart(props: { collectionId: number; itemId: string; compact?: boolean }) {
  const { buckets } = useShop();
  const [state, setState] = useState<'idle' | 'adding' | 'added' | 'failed'>('idle');
  const add = () => {
    setState('adding');
    buckets
      .add('cart', { collection_id: props.collectionId, item_id: props.itemId })
      .then(() => setState('added'))
      .catch(() => setState('failed'));
  };
  return (
    <button
      type="button"
      className={props.compact ? 'add-to-cart compact' : 'add-to-cart'}
      onClick={add}
      disabled={state === 'adding'}
    >
      {state === 'added' ? 'Added ✓' : state === 'failed' ? 'Try again' : 'Add to cart'}
    </button>
  );
}

/** A product in a grid: its name (a link to its page), brand, color, price and an add button. */
export function ProductCard(props: { item: Item; collectionId: number }) {
  const { href, go } = useShop();
  const { item, collectionId } = props;
  const route = { page: 'product', collectionId, itemId: item.id } as const;
  return (
    <li className="product-card" data-item-id={item.id}>
      <div className={`swatch swatch-${text(item.data.color) || 'none'}`} aria-hidden="true" />
      <a
        href={href(route)}
        onClick={(event) => {
          event.preventDefault();
          go(route);
        }}
      >
        {text(item.data.name)}
      </a>
      <span className="meta">
        {text(item.data.brand)} · {text(item.data.color)}
        {item.data.in_stock === false ? ' · out of stock' : ''}
      </span>
      <span className="price">{price(item.data.price)}</span>
      <AddToCart collectionId={collectionId} itemId={item.id} compact />
    </li>
  );
}
