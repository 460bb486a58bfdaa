import { ProductCard } from '../product-card';
import { useLoaded, useShop } from '../shop-context';

/** The shop's own search box results (the search route answers at most the scenario's limit). */
export function SearchPage(props: { query: string }) {
  const { catalogue, collection } = useShop();
  const found = useLoaded(
    (signal) =>
      collection
        ? catalogue.search(collection.id, { query: props.query }, { signal })
        : new Promise<never>(() => {}),
    [catalogue, collection, props.query],
  );
  return (
    <>
      <h1>Results for “{props.query}”</h1>
      {found.state === 'loading' ? (
        <p className="loading">Searching…</p>
      ) : found.state === 'failed' ? (
        <p role="alert">The search failed: {found.error}</p>
      ) : found.value.items.length === 0 ? (
        <p>Nothing matches. Try another word, or ask the assistant.</p>
      ) : (
        <ul className="products">
          {found.value.items.map((item) => (
            <ProductCard key={item.id} item={item} collectionId={collection?.id ?? 0} />
          ))}
        </ul>
      )}
    </>
  );
}
