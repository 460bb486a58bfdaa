import { useState } from 'react';
import { ProductCard } from '../product-card';
import { categoriesOf, useLoaded, useShop } from '../shop-context';

/** Every product of a category, cheapest first, narrowed by brand if the visitor picks one. */
export function CategoryPage(props: { category: string }) {
  const { catalogue, collection } = useShop();
  const [brand, setBrand] = useState('');
  const label =
    categoriesOf(collection).find((category) => category.value === props.category)?.label ??
    props.category;
  const brands =
    collection?.filter_fields?.find((field) => field.filter_key === 'brand')?.enum_options ?? [];
  const products = useLoaded(
    (signal) =>
      collection
        ? catalogue.byPrice(
            collection.id,
            { category: props.category, ...(brand ? { brand } : {}) },
            { signal },
          )
        : new Promise<never>(() => {}),
    [catalogue, collection, props.category, brand],
  );
  return (
    <>
      <h1>{label}</h1>
      <label className="filter">
        Brand{' '}
        <select value={brand} onChange={(event) => setBrand(event.target.value)}>
          <option value="">All brands</option>
          {brands.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      {products.state === 'loading' ? (
        <p className="loading">Loading {label.toLowerCase()}…</p>
      ) : products.state === 'failed' ? (
        <p role="alert">Could not load the products: {products.error}</p>
      ) : (
        <>
          <p className="count">{products.value.length} products, cheapest first</p>
          <ul className="products">
            {products.value.map((item) => (
              <ProductCard key={item.id} item={item} collectionId={collection?.id ?? 0} />
            ))}
          </ul>
        </>
      )}
    </>
  );
}
