// Set (a), German: the demo shop on its German catalogue, typed as German visitors write.
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
const bags = category('sleeping-bags');
const footwear = category('footwear');
const clothing = category('clothing');

/** Set (a) in German. */
export const SHOP_DE: EvalSet = {
  id: 'shop-de-1',
  kind: 'shop',
  language: 'de',
  description: 'Der Demo-Shop auf Deutsch, getippt, wie Besucher schreiben.',
  scenario: { demo: 'de' },
  collections: [{ demo: 'de' }],
  conversations: [
    {
      id: 'de-kalte-fuesse',
      part: 'dev',
      turns: [
        turn('hallo zusammen', none),
        turn(
          'abends am Zeltplatz frieren mir immer die Füße',
          search(some(kind('Wollsocken', 'Winterstiefel'))),
        ),
        turn(
          'Socken bitte, höchstens sechzig Euro',
          search(every(allOf(kind('Wollsocken'), atMost('price', 60)))),
        ),
        turn('davon vier Paar, die günstigsten', add(ranked('price', 'lowest'), 4)),
        turn('danke, das war es schon', end),
      ],
    },
    {
      id: 'de-zelt-leicht',
      part: 'dev',
      turns: [
        turn(
          'ich suche ein Zelt, das unter einem Kilo wiegt',
          search(every(allOf(tents, atMost('weight_g', 1000)))),
        ),
        turn('zeig mir mal das zweite', show(shown(2))),
        turn('hält das auch Regen ab?', none, show(focus)),
        turn('gut, ab in den Warenkorb damit', add(focus)),
        turn('was liegt jetzt im Warenkorb?', showCart),
      ],
    },
    {
      id: 'de-wasser-kochen',
      part: 'dev',
      turns: [
        turn(
          'womit kann ich unterwegs Wasser heiß machen?',
          search(some(kind('Campingkocher', 'Campingkessel', 'Kochset'))),
        ),
        turn('welcher davon ist am billigsten?', none, show(ranked('price', 'lowest'))),
        turn('den nehme ich, zweimal', add(ranked('price', 'lowest'), 2), add(focus, 2)),
        turn(
          'nimm den Kocher wieder raus und such mir stattdessen einen Wasserfilter',
          all(
            cart({ lacks: kind('Campingkocher', 'Campingkessel', 'Kochset') }),
            search(some(kind('Wasserfilter'))),
          ),
        ),
        turn('na dann, tschö', end),
      ],
    },
    {
      id: 'de-keine-fahrraeder',
      part: 'heldout',
      turns: [
        turn('habt ihr auch Fahrräder?', none, searchFindsNothing),
        turn('okay, dann Regenjacken', search(some(kind('Regenjacke')))),
        turn('nur wasserdichte bitte', search(every(allOf(clothing, is('waterproof', true))))),
        turn('die erste', show(shown(1))),
        turn('nein, lieber die rote', show(colourOf('rot', clothing))),
        turn('die kommt in den Korb', add(focus)),
      ],
    },
    {
      id: 'de-wanderschuhe-budget',
      part: 'heldout',
      turns: [
        turn(
          'Wanderschuhe, aber bitte nicht teurer als hundert Euro',
          search(every(allOf(footwear, atMost('price', 100)))),
        ),
        turn('vergleich die ersten beiden', compare(shown(1), shown(2))),
        turn('welcher ist leichter?', none, show(ranked('weight_g', 'lowest'))),
        turn('dann den leichteren', add(ranked('weight_g', 'lowest'))),
        turn('was hab ich jetzt alles drin?', showCart),
        turn('super, vielen Dank und auf Wiedersehen', end),
      ],
    },
    {
      id: 'de-schlafsack-ranking',
      part: 'heldout',
      turns: [
        turn('einen Schlafsack für den Sommer', search(some(kind('Sommerschlafsack')))),
        turn('welcher hat die beste Bewertung?', none, show(ranked('rating', 'highest'))),
        turn('und der teuerste?', none, show(ranked('price', 'highest'))),
        turn(
          'zeig mir den von Pine Hollow',
          show(brandOf('Pine Hollow', kind('Sommerschlafsack'))),
        ),
        turn('nehme ich', add(focus)),
        turn(
          'und noch eine Isomatte unter vierzig Euro',
          search(every(allOf(bags, atMost('price', 40)))),
          search(every(allOf(kind('Isomatte'), atMost('price', 40)))),
        ),
      ],
    },
    {
      id: 'de-kaffee',
      part: 'heldout',
      turns: [
        turn(
          'ohne Kaffee komme ich morgens im Zelt nicht in die Gänge',
          search(some(kind('Kaffeepresse'))),
        ),
        turn('die von Summit bitte', show(brandOf('Summit', kind('Kaffeepresse')))),
        turn(
          'pack sie ein und zeig mir Titanbecher',
          all(add(focus), search(some(kind('Titanbecher')))),
        ),
        turn('den schwarzen dazu', add(colourOf('schwarz', kind('Titanbecher')))),
        turn('den Becher doch wieder weg', remove(cartWhere(kind('Titanbecher')))),
      ],
    },
    {
      id: 'de-familienzelt',
      part: 'heldout',
      turns: [
        turn(
          'wir fahren mit zwei kleinen Kindern zum ersten Mal zelten',
          search(some(tents)),
          none,
        ),
        turn('ein Familienzelt wäre gut', search(some(kind('Familienzelt')))),
        turn(
          'das günstigste davon',
          show(ranked('price', 'lowest')),
          add(ranked('price', 'lowest')),
        ),
        turn('rein damit', add(focus)),
        turn('das war alles, danke', end),
      ],
    },
  ],
};
