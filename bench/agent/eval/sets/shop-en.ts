// Set (a), English: the demo shop in fresh phrasings, as visitors type them (needs in their own
// words, everyday units, corrections, quantities, two requests in one turn, things the shop does
// not carry). Frozen: a change makes a new set with a new id.
import {
  allOf,
  atLeast,
  atMost,
  all,
  cart,
  cartWhere,
  either,
  end,
  every,
  focus,
  is,
  none,
  ranked,
  shown,
  some,
  turn,
  anyOf,
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
const packs = category('backpacks');
const clothing = category('clothing');
const lighting = category('lighting');
const cooking = category('cooking');
const boilWater = kind('Camp Stove', 'Camp Kettle', 'Cook Set');
const warmFeet = kind('Wool Socks', 'Winter Boot');
const POUND_G = 453.6;

/** Set (a) in English. */
export const SHOP_EN: EvalSet = {
  id: 'shop-en-1',
  kind: 'shop',
  language: 'en',
  description: 'The demo outdoor shop, English, typed as visitors write.',
  scenario: { demo: 'en' },
  collections: [{ demo: 'en' }],
  conversations: [
    {
      id: 'cold-feet-at-camp',
      part: 'dev',
      turns: [
        turn('hey, quick one', none),
        turn('I get cold feet in the evenings at camp, what would help', search(some(warmFeet))),
        turn(
          'the socks sound good, anything cheaper than sixty dollars?',
          search(every(allOf(kind('Wool Socks'), atMost('price', 60)))),
        ),
        turn('ok grab me two pairs of the cheapest', add(ranked('price', 'lowest'), 2)),
        turn('cool, that will do. cheers', end),
      ],
    },
    {
      id: 'boil-water-on-trail',
      part: 'dev',
      turns: [
        turn('need something to boil water on a trail', search(some(boilWater))),
        turn('which of these is the lightest', none, show(ranked('weight_g', 'lowest'))),
        turn('open that one up', show(either(ranked('weight_g', 'lowest'), focus))),
        turn(
          'does it come in another colour',
          none,
          search(some(kind('Camp Stove', 'Camp Kettle', 'Cook Set'))),
        ),
        turn('put it in the basket', add(focus)),
        turn("what's the total so far", showCart, none),
      ],
    },
    {
      id: 'tent-two-pounds',
      part: 'dev',
      turns: [
        turn(
          'looking for a shelter for solo trips, ideally under two pounds',
          search(every(allOf(tents, atMost('weight_g', 2 * POUND_G)))),
        ),
        turn(
          'hmm what about something roomier for two people',
          search(some(allOf(tents, kind('Two Person Tent')))),
        ),
        turn('how do the first and the last compare', compare(shown(1), shown(-1))),
        turn("i'll go with the lighter of those two", add(ranked('weight_g', 'lowest'))),
        turn(
          'actually no, make it the other one',
          all(remove(cartWhere(tents)), add(ranked('weight_g', 'highest'))),
        ),
        turn("that's everything, thanks a lot", end),
      ],
    },
    {
      id: 'fifty-bucks-light',
      part: 'dev',
      turns: [
        turn(
          'got any lights for no more than fifty bucks',
          search(every(allOf(lighting, atMost('price', 50)))),
        ),
        turn('the second one, what is it like', show(shown(2))),
        turn('fine, three of those please', add(focus, 3)),
        turn(
          'and a headlamp too, something cheap',
          search(some(allOf(kind('Headlamp'), atMost('price', 80)))),
        ),
        turn(
          'the cheapest one there',
          add(ranked('price', 'lowest')),
          show(ranked('price', 'lowest')),
        ),
        turn('show me what I have', showCart),
      ],
    },
    {
      id: 'lamp-out-stove-in',
      part: 'dev',
      turns: [
        turn('find me a lantern', search(every(kind('Lantern')))),
        turn('add the first one', add(shown(1))),
        turn(
          'take the lamp out and look for a stove instead',
          all(cart({ lacks: kind('Lantern') }), search(some(kind('Camp Stove')))),
        ),
        turn('the cheapest stove is fine, two of them', add(ranked('price', 'lowest'), 2)),
        turn('bye for now', end),
      ],
    },
    {
      id: 'kayak-not-carried',
      part: 'dev',
      turns: [
        turn('do you guys sell kayaks', none, searchFindsNothing),
        turn('ok no worries. what about rain gear', search(some(kind('Rain Jacket')))),
        turn('only waterproof ones please', search(every(allOf(clothing, is('waterproof', true))))),
        turn('tell me about the top result', show(shown(1))),
        turn('nah, leave it. see ya', end),
      ],
    },
    {
      id: 'green-one-correction',
      part: 'dev',
      turns: [
        turn('can I see your headlamps', search(every(kind('Headlamp')))),
        turn('the blue one please', show(colourOf('blue', kind('Headlamp')))),
        turn('no, the green one', show(colourOf('green', kind('Headlamp')))),
        turn('yep that one, into the cart', add(focus)),
        turn('what have I got in there now', showCart),
      ],
    },
    {
      id: 'sleeping-pad-hurts-back',
      part: 'dev',
      turns: [
        turn('the ground always kills my back when I camp', search(some(kind('Sleeping Pad')))),
        turn(
          'anything under forty dollars',
          search(every(allOf(bags, atMost('price', 40)))),
          search(every(allOf(kind('Sleeping Pad'), atMost('price', 40)))),
        ),
        turn(
          'compare the two cheapest ones',
          compare(shown(1), shown(2)),
          compare(ranked('price', 'lowest'), shown(2)),
        ),
        turn(
          'I want the red one',
          add(colourOf('red', kind('Sleeping Pad'))),
          show(colourOf('red', kind('Sleeping Pad'))),
        ),
        turn("that's all, have a good one", end),
      ],
    },
    {
      id: 'gift-for-runner',
      part: 'dev',
      turns: [
        turn(
          'my sister just got into trail running, what should I get her',
          search(some(anyOf(kind('Trail Runner', 'Running Vest'), footwear))),
        ),
        turn(
          'something she can carry water in while running',
          search(some(kind('Running Vest', 'Insulated Bottle', 'Hip Pack'))),
        ),
        turn('which is the lightest of them', none, show(ranked('weight_g', 'lowest'))),
        turn('wrap that one up for me', add(either(ranked('weight_g', 'lowest'), focus))),
        turn('thanks!', none, end),
      ],
    },
    {
      id: 'family-weekend',
      part: 'dev',
      turns: [
        turn(
          "we're a family of four going camping for the first time, where do we start",
          search(some(tents)),
          none,
        ),
        turn('a big tent then, something for the whole family', search(some(kind('Family Tent')))),
        turn(
          'is there one that keeps the rain out',
          search(every(allOf(tents, is('waterproof', true)))),
          none,
        ),
        turn('okay show me the second one', show(shown(2))),
        turn('add it to the cart for me', add(focus)),
        turn(
          'plus four sleeping bags, the cheapest you have',
          search(some(bags)),
          add(ranked('price', 'lowest'), 4),
        ),
        turn('four of the first one', add(shown(1), 4)),
        turn("let's see the cart", showCart),
      ],
    },
    {
      id: 'boots-size-question',
      part: 'heldout',
      turns: [
        turn(
          'hiking boots that will not leak',
          search(every(allOf(footwear, is('waterproof', true)))),
        ),
        turn('below 150 dollars', search(every(allOf(footwear, atMost('price', 150))))),
        turn(
          'put the blue ridge pair side by side with the pine hollow pair',
          compare(
            brandOf('Blue Ridge', kind('Hiking Boot')),
            brandOf('Pine Hollow', kind('Hiking Boot')),
          ),
        ),
        turn(
          'the cheaper of the two',
          add(ranked('price', 'lowest')),
          show(ranked('price', 'lowest')),
        ),
        turn('cart please', showCart),
        turn('ok great, bye', end),
      ],
    },
    {
      id: 'coffee-lover',
      part: 'heldout',
      turns: [
        turn(
          "I can't live without proper coffee even in the woods",
          search(some(kind('Coffee Press'))),
        ),
        turn(
          'the one from summit, how much is it',
          show(brandOf('Summit', kind('Coffee Press'))),
          none,
        ),
        turn('and a mug to go with it', search(some(kind('Titanium Mug', 'Insulated Bottle')))),
        turn(
          'the black one',
          show(colourOf('black', kind('Titanium Mug'))),
          add(colourOf('black', kind('Titanium Mug'))),
        ),
        turn(
          'take both the press and the mug',
          all(
            add(brandOf('Summit', kind('Coffee Press'))),
            add(colourOf('black', kind('Titanium Mug'))),
          ),
          cart({ has: kind('Coffee Press') }, { has: kind('Titanium Mug') }),
        ),
        turn('thank you, that is it', end),
      ],
    },
    {
      id: 'rain-jacket-swap',
      part: 'heldout',
      turns: [
        turn('whats a good rain shell', search(some(kind('Rain Jacket')))),
        turn(
          'lightest one please',
          show(ranked('weight_g', 'lowest')),
          search(some(kind('Rain Jacket'))),
        ),
        turn('stick it in my cart', add(focus)),
        turn(
          'hmm, swap it for one that is actually waterproof',
          all(
            remove(cartWhere(kind('Rain Jacket'))),
            search(every(allOf(clothing, is('waterproof', true)))),
          ),
          search(every(allOf(clothing, is('waterproof', true)))),
        ),
        turn('the first one on the list', add(shown(1)), show(shown(1))),
        turn("what's in there", showCart),
      ],
    },
    {
      id: 'cheap-pack-day-hike',
      part: 'heldout',
      turns: [
        turn(
          'just something to carry lunch and a jacket on a day hike',
          search(some(kind('Day Pack', 'Hiking Pack'))),
        ),
        turn('nothing over a hundred', search(every(allOf(packs, atMost('price', 100))))),
        turn('go back to the day packs, any colour is fine', search(some(kind('Day Pack')))),
        turn('number three looks good', show(shown(3)), add(shown(3))),
        turn('one of those then', add(focus, 1), add(focus)),
        turn('actually make it two', add(focus), cart({ has: kind('Day Pack'), quantity: 2 })),
        turn('alright I am done', end),
      ],
    },
    {
      id: 'ranking-shown-bags',
      part: 'heldout',
      turns: [
        turn('show me sleeping bags for winter', search(some(kind('Winter Sleeping Bag')))),
        turn('what is the priciest of these', none, show(ranked('price', 'highest'))),
        turn('and the best rated', none, show(ranked('rating', 'highest'))),
        turn('compare the top two on the list', compare(shown(1), shown(2))),
        turn('I like the second', show(shown(2)), add(shown(2))),
        turn('ok add that', add(focus)),
      ],
    },
    {
      id: 'two-requests-socks-hat',
      part: 'heldout',
      turns: [
        turn(
          'show me wool socks and also sun hats',
          search(some(kind('Wool Socks'))),
          search(some(kind('Sun Hat'))),
        ),
        turn('the cheapest socks', show(ranked('price', 'lowest')), add(ranked('price', 'lowest'))),
        turn('five pairs of them', add(focus, 5)),
        turn(
          'now a sun hat under a hundred',
          search(every(allOf(kind('Sun Hat'), atMost('price', 100)))),
        ),
        turn('first one', show(shown(1)), add(shown(1))),
        turn('add it and show me the cart', all(add(focus), showCart)),
        turn('perfect, goodbye', end),
      ],
    },
    {
      id: 'no-electronics',
      part: 'heldout',
      turns: [
        turn('do you have gps watches', none, searchFindsNothing),
        turn(
          'what about a solar charger for my phone',
          none,
          searchFindsNothing,
          search(some(kind('Solar Lantern'))),
        ),
        turn('fine, a solar lantern then', search(some(kind('Solar Lantern')))),
        turn(
          'under eighty',
          search(every(allOf(kind('Solar Lantern'), atMost('price', 80)))),
          search(every(allOf(lighting, atMost('price', 80)))),
        ),
        turn('add the red one', add(colourOf('red', kind('Solar Lantern')))),
        turn('thanks, later', end),
      ],
    },
    {
      id: 'filter-water',
      part: 'heldout',
      turns: [
        turn(
          "we'll be drinking from streams, how do I make that safe",
          search(some(kind('Water Filter'))),
        ),
        turn(
          'the least expensive one please',
          show(ranked('price', 'lowest')),
          add(ranked('price', 'lowest')),
        ),
        turn("what's it weigh", none, show(focus)),
        turn(
          'too heavy, something below half a kilo',
          search(every(allOf(kind('Water Filter'), atMost('weight_g', 500)))),
          search(every(allOf(cooking, atMost('weight_g', 500)))),
        ),
        turn(
          'ok then the north peak one',
          show(brandOf('North Peak', kind('Water Filter'))),
          add(brandOf('North Peak', kind('Water Filter'))),
        ),
        turn('into the cart with it', add(focus)),
      ],
    },
    {
      id: 'fleece-vs-down',
      part: 'heldout',
      turns: [
        turn(
          'should I get a fleece or a down jacket for autumn evenings',
          search(some(kind('Fleece Jacket', 'Down Jacket'))),
          none,
        ),
        turn('show me the down ones', search(every(kind('Down Jacket')))),
        turn('and the fleeces', search(every(kind('Fleece Jacket')))),
        turn('the cheapest fleece', show(ranked('price', 'lowest'))),
        turn('hmm, and the orange one?', show(colourOf('orange', kind('Fleece Jacket')))),
        turn('I will take two of it', add(focus, 2)),
        turn('that is all for today', end),
      ],
    },
    {
      id: 'remove-and-check',
      part: 'heldout',
      turns: [
        turn('flashlights please', search(every(kind('Flashlight')))),
        turn('add the first and the second', all(add(shown(1)), add(shown(2)))),
        turn('what did I put in the cart', showCart),
        turn(
          'get rid of the flashlights, changed my mind',
          remove(cartWhere(kind('Flashlight'))),
          cart({ lacks: kind('Flashlight') }),
        ),
        turn('is it empty now', showCart, none),
        turn('ok, bye bye', end),
      ],
    },
    {
      id: 'trail-shoes-budget',
      part: 'heldout',
      turns: [
        turn(
          'trail shoes for someone on a student budget',
          search(some(kind('Trail Runner', 'Walking Shoe', 'Hiking Boot'))),
        ),
        turn("can't go above 80", search(every(allOf(footwear, atMost('price', 80))))),
        turn('which of them weighs the least', none, show(ranked('weight_g', 'lowest'))),
        turn(
          'compare it with the most expensive one',
          compare(ranked('weight_g', 'lowest'), ranked('price', 'highest')),
        ),
        turn('i will get the light one', add(ranked('weight_g', 'lowest'))),
        turn('show my basket', showCart),
      ],
    },
    {
      id: 'pillow-and-quilt',
      part: 'heldout',
      turns: [
        turn('i never sleep well outdoors, my neck hurts', search(some(kind('Camp Pillow')))),
        turn('that first one, tell me more', show(shown(1))),
        turn(
          "it's a bit much, one under a hundred?",
          search(every(allOf(kind('Camp Pillow'), atMost('price', 100)))),
          search(every(allOf(bags, atMost('price', 100)))),
        ),
        turn('ok take that', add(shown(1)), add(focus)),
        turn(
          'also do you have quilts over two hundred dollars',
          search(every(allOf(kind('Quilt'), atLeast('price', 200)))),
        ),
        turn('the one by stone creek', show(brandOf('Stone Creek', kind('Quilt')))),
        turn('great, add one', add(focus, 1), add(focus)),
      ],
    },
    {
      id: 'indirect-climbing',
      part: 'heldout',
      turns: [
        turn(
          'my friends are taking me to the crag on saturday, I have nothing to carry my gear in',
          search(some(kind('Climbing Pack'))),
        ),
        turn('anything green', search(every(allOf(packs, is('color', 'green'))))),
        turn('the summit one', show(brandOf('Summit', kind('Climbing Pack')))),
        turn('does it keep water out', none, show(focus)),
        turn('good, one of it', add(focus)),
        turn('thanks for the help, goodbye', end),
      ],
    },
  ],
};
