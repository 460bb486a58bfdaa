// The spoken evaluation set: conversations in the demo shop as shoppers speak them, each turn
// with the action it asks for. Written from how people talk in a shop (references to what was
// just shown, amounts in words, small talk, goodbyes), not from the router's phrase lists: a
// phrasing the agent mishandles is a finding, not a line to rewrite.
import {
  add,
  at,
  catalogueLowest,
  compare,
  end,
  focus,
  inCart,
  named,
  none,
  ranked,
  remove,
  search,
  show,
  showCart,
  type Expectation,
} from './expectations.js';

/** One thing the visitor says, and the actions that would be right (any one of them). */
export interface Turn {
  say: string;
  expect: Expectation[];
}

/** A conversation of the set. */
export interface Conversation {
  id: string;
  turns: Turn[];
}

const turn = (say: string, ...expect: Expectation[]): Turn => ({ say, expect });

const tents = { category: 'tents', words: ['tent'] };
const sleepingBags = { category: 'sleeping-bags', words: ['sleeping bag', 'bag'] };
const footwear = { category: 'footwear', words: ['boot', 'shoe'] };
const backpacks = { category: 'backpacks', words: ['pack'] };
const clothing = { category: 'clothing' };
const lighting = { category: 'lighting' };
const cooking = { category: 'cooking' };

/** The evaluation set: 22 conversations, 121 turns. */
export const CONVERSATIONS: readonly Conversation[] = [
  {
    id: 'tents-basics',
    turns: [
      turn('hi there', none),
      turn('do you have any tents', search(tents)),
      turn('tell me more about the second one', show(at(2))),
      turn('is it waterproof', none, show(focus)),
      turn('okay, put it in my cart', add(focus)),
      turn("thanks, that's all for today. goodbye", end),
    ],
  },
  {
    id: 'lightest-tents-first',
    turns: [
      turn('compare the two lightest tents', compare(...catalogueLowest('tents', 'weight_g', 2))),
      turn('which one is cheaper', none, show(ranked('price', 'lowest'))),
      turn('add the cheaper one to my cart', add(ranked('price', 'lowest'))),
      turn("what's in my cart now", showCart),
      turn('bye', end),
    ],
  },
  {
    id: 'sleeping-bag-budget',
    turns: [
      turn(
        "i'm looking for a sleeping bag under one hundred dollars",
        search({ ...sleepingBags, maxPrice: 100 }),
      ),
      turn('show me the first one', show(at(1))),
      turn('what about the third one', show(at(3))),
      turn('compare the first two', compare(at(1), at(2))),
      turn("i'll take the cheaper one", add(ranked('price', 'lowest'))),
      turn("that's it, thank you, bye", end),
    ],
  },
  {
    id: 'waterproof-boots',
    turns: [
      turn('good morning', none),
      turn('i need some waterproof hiking boots', search({ ...footwear, waterproof: true })),
      turn('how about the last one', show(at(-1))),
      turn('add two of those to my cart', add(focus, 2)),
      turn('actually, take them out of my cart', remove(focus)),
      turn('see you later', end),
    ],
  },
  {
    id: 'headlamp-basket',
    turns: [
      turn('have you got headlamps', search({ ...lighting, words: ['headlamp'] })),
      turn('which is the cheapest one', none, show(ranked('price', 'lowest'))),
      turn('put the cheapest headlamp in my basket', add(ranked('price', 'lowest'))),
      turn("and show me what's in my basket", showCart),
      turn('please remove the headlamp from my cart', remove(inCart('headlamp'))),
      turn("okay, i'm done, goodbye", end),
    ],
  },
  {
    id: 'black-backpacks',
    turns: [
      turn('show me black backpacks', search({ ...backpacks, color: 'black' })),
      turn('can you show me the second one', show(at(2))),
      turn('add that one to my cart', add(focus)),
      turn('what else is in my cart', showCart),
      turn('have a nice day', end),
    ],
  },
  {
    id: 'camp-stoves',
    turns: [
      turn('do you sell camp stoves', search({ ...cooking, words: ['stove'] })),
      turn('anything under fifty dollars', search({ maxPrice: 50 })),
      turn('tell me about the first one', show(at(1))),
      turn('great, thanks', none),
      turn('goodbye', end),
    ],
  },
  {
    id: 'rain-jackets-by-brand',
    turns: [
      turn("i'm after a rain jacket", search({ ...clothing, words: ['rain jacket', 'jacket'] })),
      turn(
        'compare the north peak and the summit ones',
        compare(named('North Peak', 'Rain Jacket'), named('Summit', 'Rain Jacket')),
      ),
      turn('which one is lighter', none, show(ranked('weight_g', 'lowest'))),
      turn('add the lighter one to my cart', add(ranked('weight_g', 'lowest'))),
      turn('thank you very much', none),
      turn('bye bye', end),
    ],
  },
  {
    id: 'lanterns',
    turns: [
      turn('hello, what can you help me with', none),
      turn("i'd like to see some lanterns", search({ ...lighting, words: ['lantern'] })),
      turn('the second one please', show(at(2))),
      turn('how much is it', none, show(focus)),
      turn('put it in the cart', add(focus)),
      turn("that's all, thanks", end),
    ],
  },
  {
    id: 'cook-set-and-filter',
    turns: [
      turn('i need a cook set', search({ ...cooking, words: ['cook set'] })),
      turn('show me the cheapest one', show(ranked('price', 'lowest'))),
      turn('add it to my cart please', add(focus)),
      turn('also show me water filters', search({ ...cooking, words: ['water filter', 'filter'] })),
      turn('add the first one too', add(at(1))),
      turn('what do i have in my cart', showCart),
      turn('that will be all, goodbye', end),
    ],
  },
  {
    id: 'fleece-colors',
    turns: [
      turn(
        'do you have a green fleece jacket',
        search({ ...clothing, words: ['fleece'], color: 'green' }),
      ),
      turn('what about blue ones', search({ color: 'blue' })),
      turn('tell me about the third one', show(at(3))),
      turn("i'll take it", add(focus)),
      turn('bye', end),
    ],
  },
  {
    id: 'sleeping-pads',
    turns: [
      turn('show me sleeping pads', search({ ...sleepingBags, words: ['sleeping pad', 'pad'] })),
      turn('put the first one in my cart', add(at(1))),
      turn('and the second one as well', add(at(2))),
      turn('remove the first one from my cart', remove(at(1))),
      turn("what's in my cart", showCart),
      turn('goodbye', end),
    ],
  },
  {
    id: 'trail-runners-range',
    turns: [
      turn(
        "i'm looking for trail running shoes between fifty and one hundred dollars",
        search({
          ...footwear,
          words: ['trail', 'runner', 'running', 'shoe'],
          minPrice: 50,
          maxPrice: 100,
        }),
      ),
      turn('compare the first and the third', compare(at(1), at(3))),
      turn('tell me more about the cheaper one', show(ranked('price', 'lowest'))),
      turn('add it to my cart', add(focus)),
      turn('thanks for your help, bye', end),
    ],
  },
  {
    id: 'small-talk-down-jacket',
    turns: [
      turn('hey, how are you doing', none),
      turn('what kind of stuff do you sell', none, search({})),
      turn('do you have any down jackets', search({ ...clothing, words: ['down jacket'] })),
      turn('show me the summit one', show(named('Summit', 'Down Jacket'))),
      turn('nice, thanks', none),
      turn("that's all, have a good day", end),
    ],
  },
  {
    id: 'two-person-tents',
    turns: [
      turn(
        'show me two person tents under three hundred dollars',
        search({ ...tents, maxPrice: 300 }),
      ),
      turn('which one is the lightest', none, show(ranked('weight_g', 'lowest'))),
      turn('show me the lightest one', show(ranked('weight_g', 'lowest'))),
      turn('add it to my cart', add(focus)),
      turn('remove it again', remove(focus)),
      turn('bye', end),
    ],
  },
  {
    id: 'insulated-bottles',
    turns: [
      turn('do you have insulated bottles', search({ ...cooking, words: ['bottle'] })),
      turn('let me see the fourth one', show(at(4))),
      turn('put three of them in my cart', add(focus, 3)),
      turn('how many things are in my cart', showCart),
      turn('okay thanks, goodbye', end),
    ],
  },
  {
    id: 'day-packs-three',
    turns: [
      turn("i'm looking for a day pack", search({ ...backpacks, words: ['day pack', 'pack'] })),
      turn('compare the first three', compare(at(1), at(2), at(3))),
      turn('which is the heaviest', none, show(ranked('weight_g', 'highest'))),
      turn('add the lightest one to my cart', add(ranked('weight_g', 'lowest'))),
      turn('show me my cart', showCart),
      turn("i'm all set, thanks, bye", end),
    ],
  },
  {
    id: 'socks-and-hats',
    turns: [
      turn('i need wool socks', search({ ...clothing, words: ['sock'] })),
      turn('add the cheapest pair to my cart', add(ranked('price', 'lowest'))),
      turn('do you also have sun hats', search({ ...clothing, words: ['hat'] })),
      turn('add the second one to my cart', add(at(2))),
      turn("what's in my cart", showCart),
      turn('take the socks out', remove(inCart('sock'))),
      turn('goodbye', end),
    ],
  },
  {
    id: 'pine-hollow',
    turns: [
      turn('show me what you have from pine hollow', search({ brand: 'Pine Hollow' })),
      turn('just the backpacks', search(backpacks)),
      turn('tell me more about the first one', show(at(1))),
      turn('compare it with the second one', compare(at(1), at(2))),
      turn('thank you', none),
      turn('bye now', end),
    ],
  },
  {
    id: 'waterproof-flashlight',
    turns: [
      turn(
        'is there a waterproof flashlight',
        search({ ...lighting, words: ['flashlight'], waterproof: true }),
      ),
      turn('how much is the first one', none, show(at(1))),
      turn('add the first one to my cart', add(at(1))),
      turn('actually, remove it', remove(focus)),
      turn("no thanks, that's everything, goodbye", end),
    ],
  },
  {
    id: 'kettle-and-coffee',
    turns: [
      turn("i'd like a camp kettle", search({ ...cooking, words: ['kettle'] })),
      turn('show me the one from red cedar', show(named('Red Cedar', 'Camp Kettle'))),
      turn('add it to my cart', add(focus)),
      turn('and a coffee press too', search({ ...cooking, words: ['coffee', 'press'] })),
      turn('compare the first two', compare(at(1), at(2))),
      turn('bye', end),
    ],
  },
  {
    id: 'winter-boots',
    turns: [
      turn(
        'show me winter boots over two hundred dollars',
        search({ ...footwear, words: ['winter boot', 'boot'], minPrice: 200 }),
      ),
      turn('the cheapest one please', show(ranked('price', 'lowest'))),
      turn('put it in my cart', add(focus)),
      turn("what's in my cart", showCart),
      turn('thanks, bye', end),
    ],
  },
];
