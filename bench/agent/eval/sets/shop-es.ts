// Set (a), Spanish: the demo shop on its Spanish catalogue, typed as Spanish visitors write.
// Frozen: a change makes a new set with a new id.
import {
  all,
  allOf,
  atMost,
  cart,
  cartWhere,
  end,
  every,
  focus,
  is,
  none,
  ranked,
  shown,
  some,
  turn,
  type EvalSet,
} from './format.js';
import {
  add,
  brandOf,
  category,
  colourOf,
  compare,
  kind,
  remove,
  search,
  searchFindsNothing,
  show,
  showCart,
} from './shop-outcomes.js';

const tents = category('tents');
const packs = category('backpacks');
const lighting = category('lighting');
const cooking = category('cooking');

/** Set (a) in Spanish. */
export const SHOP_ES: EvalSet = {
  id: 'shop-es-1',
  kind: 'shop',
  language: 'es',
  description: 'La tienda de demostración, en español, escrita como la escriben los visitantes.',
  scenario: { demo: 'es' },
  collections: [{ demo: 'es' }],
  conversations: [
    {
      id: 'es-agua-en-ruta',
      part: 'dev',
      turns: [
        turn('buenas', none),
        turn(
          'necesito algo para hervir agua cuando salgo de ruta',
          search(some(kind('Hornillo', 'Hervidor', 'Juego de cocina'))),
        ),
        turn('¿cuál pesa menos?', none, show(ranked('weight_g', 'lowest'))),
        turn('enséñame ese', show(ranked('weight_g', 'lowest')), show(focus)),
        turn('vale, me lo llevo', add(focus)),
        turn('gracias, hasta luego', end),
      ],
    },
    {
      id: 'es-mochila-barata',
      part: 'dev',
      turns: [
        turn('busco una mochila para ir a la montaña un día, nada caro', search(some(packs))),
        turn('que no pase de cincuenta euros', search(every(allOf(packs, atMost('price', 50))))),
        turn('la primera, ¿qué tal es?', show(shown(1))),
        turn('ponme dos de esas', add(focus, 2)),
        turn('¿qué llevo en el carrito?', showCart),
      ],
    },
    {
      id: 'es-linterna-correccion',
      part: 'dev',
      turns: [
        turn('¿tenéis linternas frontales?', search(every(kind('Linterna frontal')))),
        turn('la azul', show(colourOf('azul', kind('Linterna frontal')))),
        turn('no, perdona, la verde', show(colourOf('verde', kind('Linterna frontal')))),
        turn('añádela', add(focus)),
        turn(
          'quita la frontal y búscame un farol mejor',
          all(cart({ lacks: kind('Linterna frontal') }), search(some(kind('Farol')))),
        ),
        turn('eso es todo, adiós', end),
      ],
    },
    {
      id: 'es-tienda-familia',
      part: 'heldout',
      turns: [
        turn('somos cinco en casa y queremos empezar a acampar', search(some(tents)), none),
        turn('una tienda grande, familiar', search(some(kind('familiar')))),
        turn('que no entre el agua', search(every(allOf(tents, is('waterproof', true))))),
        turn('compara la primera con la segunda', compare(shown(1), shown(2))),
        turn('me quedo con la más barata', add(ranked('price', 'lowest'))),
        turn('enséñame el carrito', showCart),
      ],
    },
    {
      id: 'es-no-kayaks',
      part: 'heldout',
      turns: [
        turn('¿vendéis kayaks?', none, searchFindsNothing),
        turn('bueno, ¿y chaquetas de plumas?', search(some(kind('Chaqueta de plumas')))),
        turn('la de Summit', show(brandOf('Summit', kind('Chaqueta de plumas')))),
        turn('¿cuánto pesa?', none, show(focus)),
        turn('venga, una', add(focus)),
        turn('muchas gracias, chao', end),
      ],
    },
    {
      id: 'es-cafe-en-el-monte',
      part: 'heldout',
      turns: [
        turn(
          'sin mi café por la mañana no soy persona, incluso de acampada',
          search(some(kind('Cafetera'))),
        ),
        turn('la más barata', show(ranked('price', 'lowest')), add(ranked('price', 'lowest'))),
        turn(
          'y una taza para acompañarla',
          search(some(kind('Taza de titanio', 'Botella térmica'))),
        ),
        turn(
          'la negra',
          show(colourOf('negro', kind('Taza de titanio'))),
          add(colourOf('negro', kind('Taza de titanio'))),
        ),
        turn(
          'mete las dos cosas en el carrito',
          cart({ has: kind('Cafetera') }, { has: kind('Taza') }),
        ),
      ],
    },
    {
      id: 'es-luces-baratas',
      part: 'heldout',
      turns: [
        turn(
          'luces por menos de treinta euros',
          search(every(allOf(lighting, atMost('price', 30)))),
        ),
        turn('la tercera de la lista', show(shown(3))),
        turn('ponme tres', add(focus, 3)),
        turn('mejor quítala del carrito', remove(cartWhere(lighting)), cart({ lacks: lighting })),
        turn('¿vendéis algo para poder beber agua del río?', search(some(kind('Filtro de agua')))),
        turn(
          'el de North Peak',
          show(brandOf('North Peak', kind('Filtro de agua'))),
          add(brandOf('North Peak', kind('Filtro de agua'))),
        ),
      ],
    },
    {
      id: 'es-ranking-cocina',
      part: 'heldout',
      turns: [
        turn('enséñame juegos de cocina', search(some(allOf(cooking, kind('Juego de cocina'))))),
        turn('¿cuál es el mejor valorado?', none, show(ranked('rating', 'highest'))),
        turn('y el más ligero', none, show(ranked('weight_g', 'lowest'))),
        turn('añade el más ligero', add(ranked('weight_g', 'lowest'))),
        turn('nada más, gracias', end),
      ],
    },
  ],
};
