import { price, text } from '../format';
import { useCart, useShop } from '../shop-context';

/** The visitor's cart: the API bucket the agent fills too; quantities change it through the API. */
export function CartPage() {
  const { buckets, go, href } = useShop();
  const cart = useCart();
  const lines = cart.bucket?.items ?? [];
  const total = lines.reduce(
    (sum, line) =>
      sum + (typeof line.data?.price === 'number' ? line.data.price : 0) * line.quantity,
    0,
  );
  const change = (promise: Promise<unknown>) => void promise.catch(() => undefined);
  return (
    <section className="cart-page" aria-label="Cart contents">
      <h1>Your cart</h1>
      {cart.error ? <p role="alert">{cart.error.message}</p> : null}
      {lines.length === 0 ? (
        <p className="empty">{cart.loading && !cart.bucket ? 'Loading…' : 'Your cart is empty.'}</p>
      ) : (
        <table className="cart-lines">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Quantity</th>
              <th scope="col">Price</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => {
              const route = {
                page: 'product',
                collectionId: line.collection_id,
                itemId: line.item_id,
              } as const;
              const name = text(line.data?.name) || line.item_id;
              return (
                <tr key={`${line.collection_id}/${line.item_id}`} data-item-id={line.item_id}>
                  <td>
                    <a
                      href={href(route)}
                      onClick={(event) => {
                        event.preventDefault();
                        go(route);
                      }}
                    >
                      {name}
                    </a>
                  </td>
                  <td>
                    <button
                      type="button"
                      aria-label={`One less ${name}`}
                      onClick={() => change(buckets.setQuantity('cart', line, line.quantity - 1))}
                    >
                      −
                    </button>{' '}
                    <span className="quantity">{line.quantity}</span>{' '}
                    <button
                      type="button"
                      aria-label={`One more ${name}`}
                      onClick={() => change(buckets.setQuantity('cart', line, line.quantity + 1))}
                    >
                      +
                    </button>
                  </td>
                  <td>{price(line.data?.price)}</td>
                  <td>
                    <button type="button" onClick={() => change(buckets.remove('cart', line))}>
                      Remove
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td>{cart.bucket?.total_quantity ?? 0}</td>
              <td className="total">{price(total)}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      )}
    </section>
  );
}
