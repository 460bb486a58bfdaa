// Outcomes in the demo shop's terms: its tool names and its item fields (category values are the
// same in every language; names and colours are in the catalogue's language). Builders of data
// only: what they return is what the set files freeze.
import {
  arg,
  call,
  catalogueWhere,
  either,
  has,
  is,
  nothingShown,
  refers,
  shownWhere,
  type ItemCheck,
  type Outcome,
  type Reference,
  type ShownCheck,
} from './format.js';

/** A search whose shown items meet the checks. */
export const search = (...shows: ShownCheck[]): Outcome => call('search_products', { shows });

/** A search that rightly showed nothing (the catalogue has no such thing). */
export const searchFindsNothing: Outcome = call('search_products', { shows: [nothingShown] });

/** Shows the item a reference means. */
export const show = (reference: Reference): Outcome =>
  call('show_product', { args: [refers('item_id', reference)] });

/** Compares exactly the items the references mean. */
export const compare = (...references: Reference[]): Outcome =>
  call('compare_products', { args: [{ arg: 'item_ids', refersToEach: references }] });

/** Adds the item a reference means, `quantity` of it when one is said. */
export const add = (reference: Reference, quantity?: number): Outcome =>
  call('add_to_cart', {
    args: [
      refers('item_id', reference),
      ...(quantity === undefined ? [] : [arg('quantity', { equals: quantity })]),
    ],
  });

/** Removes the item a reference means. */
export const remove = (reference: Reference): Outcome =>
  call('remove_from_cart', { args: [refers('item_id', reference)] });

/** Shows the cart. */
export const showCart: Outcome = call('show_cart');

/** A category value (the same in every language). */
export const category = (value: string): ItemCheck => is('category', value);

/** A product kind, by words of its name in the catalogue's language. */
export const kind = (...words: string[]): ItemCheck => has('name', ...words);

/** A brand's product of a kind: the shown one of that brand, else the catalogue's. */
export const brandOf = (brand: string, kindCheck: ItemCheck): Reference =>
  either(
    shownWhere({ allOf: [is('brand', brand), kindCheck] }),
    catalogueWhere({ allOf: [is('brand', brand), kindCheck] }),
  );

/** A colour of a kind: the shown one of that colour, else the catalogue's of that kind. */
export const colourOf = (colour: string, kindCheck: ItemCheck): Reference =>
  either(
    shownWhere(is('color', colour)),
    catalogueWhere({ allOf: [is('color', colour), kindCheck] }),
  );
