import { price, text } from '../format';
import { AddToCart } from '../product-card';
import { useLoaded, useShop } from '../shop-context';

/** One product: its view (title, subtitle, body), facts and the add button. */
export function ProductPage(props: { collectionId: number; itemId: string }) {
  const { catalogue, go, href } = useShop();
  const product = useLoaded(
    (signal) => catalogue.item(props.collectionId, props.itemId, { signal }),
    [catalogue, props.collectionId, props.itemId],
  );
  if (product.state === 'loading') return <p className="loading">Loading…</p>;
  if (product.state === 'failed') return <p role="alert">No such product: {product.error}</p>;
  const { data, view } = product.value;
  const category = { page: 'category', category: text(data.category) } as const;
  return (
    <article className="product" data-item-id={product.value.id}>
      <a
        className="breadcrumb"
        href={href(category)}
        onClick={(event) => {
          event.preventDefault();
          go(category);
        }}
      >
        ← {text(data.category)}
      </a>
      <div className={`swatch large swatch-${text(data.color) || 'none'}`} aria-hidden="true" />
      <h1>{view?.title ?? text(data.name)}</h1>
      <p className="subtitle">{view?.subtitle}</p>
      <p className="price">{price(data.price)}</p>
      <p>{view?.body ?? text(data.description)}</p>
      <dl className="facts">
        <dt>Weight</dt>
        <dd>{text(data.weight_g)} g</dd>
        <dt>Rating</dt>
        <dd>{text(data.rating)} / 5</dd>
        <dt>Waterproof</dt>
        <dd>{text(data.waterproof)}</dd>
        <dt>In stock</dt>
        <dd>{text(data.in_stock)}</dd>
      </dl>
      <AddToCart collectionId={props.collectionId} itemId={props.itemId} />
    </article>
  );
}
