// Set (a), English, second version: the demo shop in new phrasings written apart from the first
// set's, typed and spoken-style (lowercase transcripts with fillers), British and American usage:
// needs in the visitor's own words, weights and prices in everyday units, references to what was
// shown, corrections of quantities and choices, two requests in one turn, the cart from adding to
// emptying, and things the shop does not carry or its catalogue does not say.
// Frozen: a change makes a new set with a new id.
import {
  all,
  allOf,
  anyOf,
  arg,
  atMost,
  call,
  cart,
  either,
  end,
  every,
  fact,
  focus,
  is,
  none,
  ranked,
  refers,
  shown,
  some,
  turn,
  unknown,
  type EvalSet,
  type Outcome,
  type Reference,
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
const packs = category('backpacks');
const clothing = category('clothing');
const lighting = category('lighting');
const cooking = category('cooking');
const waterproof = is('waterproof', true);
const hangingLight = kind('Camp Light', 'Lantern');
const pot = kind('Cook Set', 'Camp Kettle');
const warmAtNight = kind(
  'Sleeping Bag',
  'Quilt',
  'Sleeping Pad',
  'Down Jacket',
  'Fleece Jacket',
  'Base Layer',
  'Wool Socks',
);
const forScrambling = kind('Approach Shoe', 'Mountain Boot', 'Hiking Boot', 'Trail Runner');
/** Adds one of the item a reference means: a quantity of 1, or none said (the default is 1). */
const addOne = (reference: Reference): Outcome =>
  call('add_to_cart', {
    args: [
      refers('item_id', reference),
      { anyOf: [arg('quantity', { equals: 1 }), arg('quantity', { absent: true })] },
    ],
  });
/** Grams in a pound. */
const POUND = 453.6;

/** Set (a) in English, second version. */
export const SHOP_EN_2: EvalSet = {
  id: 'shop-en-2',
  kind: 'shop',
  language: 'en',
  description:
    'The demo outdoor shop, English, second version: typed and spoken-style visitors, British and American.',
  scenario: { demo: 'en' },
  collections: [{ demo: 'en' }],
  conversations: [
    {
      id: 'son-soaked-on-scout-hikes',
      part: 'dev',
      turns: [
        turn(
          'hi! so my son always comes home soaked from his scout hikes',
          search(
            some(
              anyOf(kind('Rain Jacket'), allOf(clothing, waterproof), allOf(footwear, waterproof)),
            ),
          ),
          // Rain through his jacket or wet feet: asking which is as right as showing.
          none,
        ),
        turn(
          'a rain jacket i mean, nothing over 130 bucks',
          search(every(allOf(kind('Rain Jacket'), atMost('price', 130)))),
        ),
        turn(
          "which of those is the lightest, he's only nine",
          none,
          show(ranked('weight_g', 'lowest')),
        ),
        turn(
          'ok get two of the red one, one for his little brother too',
          add(colourOf('red', kind('Rain Jacket')), 2),
        ),
        turn('brilliant, thats sorted. bye', end),
      ],
    },
    {
      id: 'rucksack-sore-back-spoken',
      part: 'dev',
      turns: [
        turn(
          "um so my lower back aches after a full day on the trail i think it's my old rucksack",
          search(some(packs)),
        ),
        turn(
          'something under a kilo and a half maybe',
          search(every(allOf(packs, atMost('weight_g', 1500)))),
        ),
        turn('can you compare the first two', compare(shown(1), shown(2))),
        turn('ok whichever of them is lighter add that one', add(ranked('weight_g', 'lowest'))),
        turn(
          'oh and my partner wants the same one so make that two',
          cart({ has: packs, quantity: 2 }),
        ),
        turn('cool thats it cheers', end),
      ],
    },
    {
      id: 'bike-shop-mixup',
      part: 'dev',
      turns: [
        turn("hey there, how's your day going", none),
        turn(
          'do you sell mountain bikes',
          none,
          searchFindsNothing,
          // "No bikes, but here are our bike lights" is a fair answer.
          search(every(kind('Bike Light'))),
        ),
        turn(
          'ah ok. then a light for the handlebars, under 20 dollars',
          search(every(allOf(kind('Bike Light'), atMost('price', 20)))),
          search(every(allOf(lighting, atMost('price', 20))), some(kind('Bike Light'))),
        ),
        turn(
          'stick the cheaper one in, and I need a head torch for my kid as well',
          all(add(ranked('price', 'lowest')), search(some(kind('Headlamp')))),
        ),
        turn("what's in my basket now", showCart),
        turn('lovely, ta', end, none),
      ],
    },
    {
      id: 'tent-light-then-pot',
      part: 'dev',
      turns: [
        turn("I'm after a light I can hang up inside the tent", search(some(hangingLight))),
        turn("the second one's nice, chuck it in", add(shown(2))),
        turn(
          "scrap that, I've already got one. what I actually need is a pot to cook in",
          all(cart({ lacks: lighting }), search(some(pot))),
        ),
        turn(
          'nothing over two pounds please, I carry everything myself',
          search(every(allOf(pot, atMost('weight_g', 2 * POUND)))),
          search(every(allOf(cooking, atMost('weight_g', 2 * POUND))), some(pot)),
        ),
        turn('two of the cheapest', add(ranked('price', 'lowest'), 2)),
        turn(
          "hmm you know what, empty the whole cart, I'll have a think",
          cart({ lacks: cooking }, { lacks: lighting }),
        ),
      ],
    },
    {
      id: 'festival-tent-on-a-budget',
      part: 'dev',
      turns: [
        turn('morning! off to a festival in june, just need somewhere to kip', search(some(tents))),
        turn(
          "doesn't need to be fancy, 150 dollars tops",
          search(every(allOf(tents, atMost('price', 150)))),
        ),
        turn('can I have a proper look at the green one', show(colourOf('green', tents))),
        turn(
          'how does it look next to the cheapest of the bunch',
          compare(either(focus, colourOf('green', tents)), ranked('price', 'lowest')),
        ),
        turn('go on then, the cheaper of those two', add(ranked('price', 'lowest'))),
        turn("cheers, that's me sorted", end),
      ],
    },
    {
      id: 'running-club-bottles-spoken',
      part: 'dev',
      turns: [
        turn(
          'so we are a running club of six and we want matching bottles that keep tea hot',
          search(some(kind('Insulated Bottle'))),
        ),
        turn("which one's got the best reviews", none, show(ranked('rating', 'highest'))),
        turn('ok six of those then', add(either(focus, ranked('rating', 'highest')), 6)),
        turn(
          'oh wait two of us already have one so just four',
          cart({ has: kind('Insulated Bottle'), quantity: 4 }),
        ),
        turn('and what does that come to altogether', showCart, none),
        turn('grand thanks a million bye', end),
      ],
    },
    {
      id: 'october-nights-spoken',
      part: 'dev',
      turns: [
        turn(
          'i always end up freezing at night when we camp in october',
          search(some(warmAtNight)),
        ),
        turn('just the down bags please not synthetic', search(every(kind('Down Sleeping Bag')))),
        turn(
          "what's the comfort temperature on the first one",
          unknown(
            '°',
            'rated to',
            'rated down to',
            'comfortable down to',
            'comfort limit of',
            'minus',
          ),
        ),
        turn(
          'ok fair enough so show me the first two next to each other',
          compare(shown(1), shown(2)),
        ),
        turn('ill take whichever weighs less', add(ranked('weight_g', 'lowest'))),
        turn('ok brilliant thank you', end, none),
      ],
    },
    {
      id: 'canoe-then-riverside-shelter',
      part: 'heldout',
      turns: [
        turn('hello! quick question, do you rent out canoes', none, searchFindsNothing),
        turn(
          'ah shame. then I need a dry place to sleep by the river, just me',
          search(some(tents)),
        ),
        turn(
          'lighter than one and a half kilos',
          search(every(allOf(tents, atMost('weight_g', 1500)))),
        ),
        turn('how do number two and number three stack up', compare(shown(2), shown(3))),
        turn('the better rated of those please', add(ranked('rating', 'highest'))),
        turn(
          'does it come with a groundsheet',
          unknown(
            'comes with a groundsheet',
            'groundsheet is included',
            'includes a groundsheet',
            'yes, it does',
            'yes it does',
            'yes, it comes',
          ),
        ),
      ],
    },
    {
      id: 'quick-dry-trousers-spoken',
      part: 'heldout',
      turns: [
        turn(
          'um hi yeah i need some trousers for hiking that dry quick',
          search(some(kind('Hiking Pants'))),
        ),
        turn(
          'the grey pair',
          show(colourOf('grey', kind('Hiking Pants'))),
          // Six pairs for five places on the page: the grey pair may have to be looked for.
          search(every(allOf(kind('Hiking Pants'), is('color', 'grey')))),
        ),
        turn(
          'no sorry the black ones i meant',
          show(colourOf('black', kind('Hiking Pants'))),
          search(every(allOf(kind('Hiking Pants'), is('color', 'black')))),
        ),
        turn(
          'yeah them three pairs',
          add(either(focus, colourOf('black', kind('Hiking Pants'))), 3),
        ),
        turn(
          'actually just the one pair is fine',
          cart({ has: kind('Hiking Pants'), quantity: 1 }),
        ),
        turn('so yeah thats everything thanks bye', end),
      ],
    },
    {
      id: 'stocking-stuffer-for-dad',
      part: 'heldout',
      turns: [
        turn(
          'need a stocking stuffer for my dad, he camps a ton. under 30 bucks',
          search(every(atMost('price', 30))),
        ),
        turn('can i see the first two compared', compare(shown(1), shown(2))),
        turn('eh just add both of them', all(add(shown(1)), add(shown(2)))),
        turn('on second thought lose the pricier one', remove(ranked('price', 'highest'))),
        turn('lemme see the cart', showCart),
        turn("sweet, that'll do it, thanks", end),
      ],
    },
    {
      id: 'dark-dog-walks',
      part: 'heldout',
      turns: [
        turn(
          "I walk the dog before sunrise and can't see a thing on the path",
          search(some(kind('Headlamp', 'Flashlight'))),
        ),
        turn('the lightest one, straight in the cart', add(ranked('weight_g', 'lowest'))),
        turn('and my fingers go numb too, any gloves?', none, searchFindsNothing),
        turn(
          'no worries, a warm jacket then, not more than a hundred dollars',
          search(every(allOf(kind('Jacket'), atMost('price', 100)))),
          search(
            every(allOf(clothing, atMost('price', 100))),
            some(kind('Down Jacket', 'Fleece Jacket')),
          ),
        ),
        turn(
          "add the down one and show me what's in the cart",
          all(cart({ has: allOf(kind('Down Jacket'), atMost('price', 100)) }), showCart),
        ),
        turn('great stuff, night', end),
      ],
    },
    {
      id: 'highlands-stoves-spoken',
      part: 'heldout',
      turns: [
        turn(
          "so um we're wild camping in the highlands for a week and need to cook something hot",
          search(some(kind('Camp Stove', 'Cook Set', 'Camp Kettle'))),
        ),
        turn(
          'just stoves please under a hundred dollars',
          search(every(allOf(kind('Camp Stove'), atMost('price', 100)))),
        ),
        turn(
          'the blue ridge and the summit ones side by side',
          compare(brandOf('Blue Ridge', kind('Camp Stove')), brandOf('Summit', kind('Camp Stove'))),
        ),
        turn("whichever's rated higher, two of them", add(ranked('rating', 'highest'), 2)),
        turn(
          "uh actually can you empty the cart i'll come back later",
          cart({ lacks: kind('Camp Stove') }),
        ),
        turn('ok bye', end),
      ],
    },
    {
      id: 'sunburnt-neck',
      part: 'heldout',
      turns: [
        turn("hiya! gorgeous day out there isn't it", none),
        turn(
          "got properly sunburnt on my neck walking last summer, don't want that again",
          search(some(kind('Sun Hat'))),
        ),
        turn(
          'anything below 95 dollars',
          search(every(allOf(kind('Sun Hat'), atMost('price', 95)))),
        ),
        turn(
          'the cheaper one, is it waterproof',
          show(ranked('price', 'lowest')),
          fact(['waterproof'], ['not waterproof', "isn't waterproof", 'is not waterproof']),
        ),
        turn(
          'and is it cotton or what',
          unknown(
            "it's cotton",
            'it is cotton',
            'made of cotton',
            'made from cotton',
            'polyester',
            'nylon',
          ),
        ),
        turn(
          "fine, pop two in my basket, one's for my sister",
          add(either(focus, ranked('price', 'lowest')), 2),
        ),
      ],
    },
    {
      id: 'scrambling-shoes-spoken',
      part: 'heldout',
      turns: [
        turn(
          "uh so my mate's taking me scrambling in snowdonia and my trainers won't cut it",
          search(some(forScrambling)),
        ),
        turn(
          'nothing heavier than two and a half pounds',
          search(every(allOf(footwear, atMost('weight_g', 2.5 * POUND)))),
        ),
        turn('which of these has the best reviews', none, show(ranked('rating', 'highest'))),
        turn('can you compare the last two', compare(shown(-2), shown(-1))),
        turn('the first of those two please, just the one pair', addOne(shown(1))),
        turn("brill, cheers, that's all", end),
      ],
    },
  ],
};
