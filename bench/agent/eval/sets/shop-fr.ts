// Set (a), French: the demo shop on its French catalogue, typed as French visitors write.
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
const footwear = category('footwear');
const clothing = category('clothing');
const lighting = category('lighting');

/** Set (a) in French. */
export const SHOP_FR: EvalSet = {
  id: 'shop-fr-1',
  kind: 'shop',
  language: 'fr',
  description: 'La boutique de démonstration, en français, tapée comme l’écrivent les visiteurs.',
  scenario: { demo: 'fr' },
  collections: [{ demo: 'fr' }],
  conversations: [
    {
      id: 'fr-pieds-froids',
      part: 'dev',
      turns: [
        turn('salut !', none),
        turn(
          "j'ai toujours froid aux pieds le soir au bivouac",
          search(some(kind('Chaussettes en laine', "Botte d'hiver"))),
        ),
        turn(
          'des chaussettes à moins de soixante euros ?',
          search(every(allOf(kind('Chaussettes'), atMost('price', 60)))),
        ),
        turn('mets-moi trois paires des moins chères', add(ranked('price', 'lowest'), 3)),
        turn("c'est bon pour moi, merci et à bientôt", end),
      ],
    },
    {
      id: 'fr-eau-chaude',
      part: 'dev',
      turns: [
        turn(
          "il me faut de quoi faire chauffer de l'eau en randonnée",
          search(some(kind('Réchaud', 'Bouilloire', 'Popote'))),
        ),
        turn('lequel est le plus léger ?', none, show(ranked('weight_g', 'lowest'))),
        turn('montre-moi le deuxième', show(shown(2))),
        turn('je le prends', add(focus)),
        turn("qu'est-ce que j'ai dans mon panier ?", showCart),
      ],
    },
    {
      id: 'fr-tente-correction',
      part: 'dev',
      turns: [
        turn('vous avez des tentes pour deux ?', search(some(allOf(tents, kind('deux places'))))),
        turn(
          'seulement celles qui sont étanches',
          search(every(allOf(tents, is('waterproof', true)))),
        ),
        turn('compare la première et la troisième', compare(shown(1), shown(3))),
        turn('la moins chère des deux dans le panier', add(ranked('price', 'lowest'))),
        turn(
          'non, finalement enlève-la et cherche plutôt un tarp',
          all(remove(cartWhere(tents)), search(some(kind('Tarp')))),
        ),
        turn('bon, ça ira, au revoir', end),
      ],
    },
    {
      id: 'fr-lampe-budget',
      part: 'heldout',
      turns: [
        turn(
          'une lampe pour le camp, pas plus de cinquante euros',
          search(every(allOf(lighting, atMost('price', 50)))),
        ),
        turn("c'est quoi la première ?", show(shown(1))),
        turn('non, plutôt la verte', show(colourOf('vert', lighting))),
        turn('ajoutes-en deux', add(focus, 2)),
        turn('et une frontale pas chère aussi', search(some(kind('Lampe frontale')))),
        turn(
          'la Summit',
          show(brandOf('Summit', kind('Lampe frontale'))),
          add(brandOf('Summit', kind('Lampe frontale'))),
        ),
      ],
    },
    {
      id: 'fr-pas-de-velo',
      part: 'heldout',
      turns: [
        turn('vous vendez des vélos ?', none, searchFindsNothing),
        turn('tant pis. et des vestes contre la pluie ?', search(some(kind('Veste de pluie')))),
        turn('la plus légère', show(ranked('weight_g', 'lowest'))),
        turn('et son prix ?', none, show(focus)),
        turn('ok, dans le panier', add(focus)),
        turn('merci, bonne journée', end),
      ],
    },
    {
      id: 'fr-sac-couchage-classement',
      part: 'heldout',
      turns: [
        turn("un sac de couchage pour l'hiver", search(some(kind("Sac de couchage d'hiver")))),
        turn('lequel est le mieux noté ?', none, show(ranked('rating', 'highest'))),
        turn('et le plus cher ?', none, show(ranked('price', 'highest'))),
        turn('compare les deux premiers', compare(shown(1), shown(2))),
        turn('je prends le second', add(shown(2))),
        turn('montre-moi le panier', showCart),
      ],
    },
    {
      id: 'fr-chaussures-pas-cheres',
      part: 'heldout',
      turns: [
        turn('des chaussures de rando pas trop chères', search(some(footwear))),
        turn('en dessous de cent euros', search(every(allOf(footwear, atMost('price', 100))))),
        turn('celle de chez Pine Hollow', show(brandOf('Pine Hollow', kind('randonnée')))),
        turn("l'eau passe à travers ou pas ?", none, show(focus)),
        turn('parfait, une paire', add(focus)),
        turn('enlève-la en fait', remove(focus), cart({ lacks: footwear })),
      ],
    },
    {
      id: 'fr-polaire-ou-doudoune',
      part: 'heldout',
      turns: [
        turn(
          'il fait frais le soir en montagne, il me faudrait une couche chaude',
          search(some(kind('Doudoune', 'Veste polaire', 'Sous-vêtement'))),
        ),
        turn('montre-moi les doudounes', search(every(kind('Doudoune')))),
        turn('la moins chère', show(ranked('price', 'lowest'))),
        turn(
          'ajoute-la, et montre-moi aussi des bonnets ou chapeaux',
          all(add(focus), search(some(clothing))),
        ),
        turn("ça suffit pour aujourd'hui, merci", end),
      ],
    },
  ],
};
