// Set (b): a second catalogue of another domain (consumer electronics: screen size, battery
// hours, storage, noise cancelling), with its own scenario and tool names, typed as visitors
// write. Frozen: a change makes a new set with a new id.
import {
  all,
  allOf,
  arg,
  atLeast,
  atMost,
  call,
  cart,
  cartWhere,
  catalogueWhere,
  either,
  end,
  every,
  focus,
  has,
  is,
  none,
  nothingShown,
  ranked,
  refers,
  shown,
  shownWhere,
  some,
  turn,
  type EvalSet,
  type ItemCheck,
  type Outcome,
  type Reference,
  type ScenarioBody,
  type ShownCheck,
} from './format.js';

/** The electronics shop's scenario, as a new business would author it. */
export const ELECTRONICS_SCENARIO: ScenarioBody = {
  name: 'Voltaire Home electronics assistant',
  language: 'en-US',
  prompt:
    'You are the voice assistant of Voltaire Home, an electronics store. Help visitors find laptops, tablets, phones, headphones, e-readers, smartwatches, speakers and cameras, show and compare them, and manage their basket. Keep answers short.',
  first_message: 'Hello, this is Voltaire Home. What can I help you find?',
  voice_stack: 'embedded',
  voice: {
    stt: { provider: 'embedded' },
    llm: { provider: 'embedded' },
    tts: { provider: 'embedded', voice: 'slt' },
  },
  limit: 5,
  features: [
    {
      name: 'Find devices',
      type: 'collection:items:search',
      tools: [{ name: 'find_devices', type: 'frontend' }],
    },
    {
      name: 'Device details',
      type: 'collection:items:display',
      tools: [{ name: 'show_device', type: 'frontend' }],
    },
    {
      name: 'Compare devices',
      type: 'collection:items:comparison',
      settings: { max_items: 3 },
      tools: [{ name: 'compare_devices', type: 'frontend' }],
    },
    {
      name: 'Basket',
      type: 'bucket:list:crud',
      tools: [
        { name: 'add_to_basket', type: 'frontend', settings: { operation: 'cart_add' } },
        { name: 'remove_from_basket', type: 'frontend', settings: { operation: 'cart_remove' } },
        { name: 'view_basket', type: 'frontend', settings: { operation: 'cart_list' } },
      ],
    },
    {
      name: 'Hang up',
      type: 'workflow:conversation:end',
      tools: [{ name: 'end_call', type: 'server' }],
    },
  ],
};

const find = (...shows: ShownCheck[]): Outcome => call('find_devices', { shows });
const findsNothing: Outcome = call('find_devices', { shows: [nothingShown] });
const showDevice = (reference: Reference): Outcome =>
  call('show_device', { args: [refers('item_id', reference)] });
const compareDevices = (...references: Reference[]): Outcome =>
  call('compare_devices', { args: [{ arg: 'item_ids', refersToEach: references }] });
const addDevice = (reference: Reference, quantity?: number): Outcome =>
  call('add_to_basket', {
    args: [
      refers('item_id', reference),
      ...(quantity === undefined ? [] : [arg('quantity', { equals: quantity })]),
    ],
  });
const removeDevice = (reference: Reference): Outcome =>
  call('remove_from_basket', { args: [refers('item_id', reference)] });
const basket: Outcome = call('view_basket');
const category = (value: string): ItemCheck => is('category', value);
const named = (...words: string[]): ItemCheck => has('name', ...words);
/** A product named outright: the shown one, else the catalogue's. */
const product = (...words: string[]): Reference =>
  either(shownWhere(named(...words)), catalogueWhere(named(...words)));

const laptops = category('laptops');
const tablets = category('tablets');
const phones = category('phones');
const headphones = category('headphones');
const readers = category('e-readers');
const watches = category('smartwatches');
const speakers = category('speakers');
const cameras = category('cameras');

/** Set (b). */
export const ELECTRONICS: EvalSet = {
  id: 'electronics-en-1',
  kind: 'second-catalogue',
  language: 'en',
  description: 'A consumer electronics store with its own fields and tool names, English.',
  scenario: { definition: ELECTRONICS_SCENARIO },
  collections: [{ catalogue: 'electronics.json' }],
  conversations: [
    {
      id: 'commute-noise',
      part: 'dev',
      turns: [
        turn('hi', none),
        turn(
          'my train to work is so loud I cannot hear my podcasts',
          find(some(allOf(headphones, is('noise_cancelling', true)))),
        ),
        turn(
          'which one lasts longest on a charge',
          none,
          showDevice(ranked('battery_hours', 'highest')),
        ),
        turn(
          'put that one in my basket',
          addDevice(either(ranked('battery_hours', 'highest'), focus)),
        ),
        turn('cool thanks, talk later', end),
      ],
    },
    {
      id: 'student-laptop',
      part: 'dev',
      turns: [
        turn(
          'I need a laptop for uni, nothing fancy, under 700',
          find(every(allOf(laptops, atMost('price', 700)))),
        ),
        turn('which has the most storage', none, showDevice(ranked('storage_gb', 'highest'))),
        turn('compare the first and second', compareDevices(shown(1), shown(2))),
        turn('the cheaper one please', addDevice(ranked('price', 'lowest'))),
        turn('and what is in my basket', basket),
      ],
    },
    {
      id: 'reading-in-bath',
      part: 'dev',
      turns: [
        turn(
          'I read in the bath a lot, is there a reader that survives a splash',
          find(every(allOf(readers, is('waterproof', true)))),
          find(some(allOf(readers, is('waterproof', true)))),
        ),
        turn('the colour one, tell me more', showDevice(product('Ink Color'))),
        turn('how long does the battery last', none, showDevice(focus)),
        turn('ok, two of them, one is a gift', addDevice(focus, 2)),
        turn('that is all for me', end),
      ],
    },
    {
      id: 'big-screen-tablet',
      part: 'dev',
      turns: [
        turn(
          'tablets with a screen of at least eleven inches',
          find(every(allOf(tablets, atLeast('screen_in', 11)))),
        ),
        turn('does one come with a pen', none, showDevice(product('Draw 12'))),
        turn('show me the kestrel one', showDevice(product('Kestrel Draw'))),
        turn('add it to the basket', addDevice(focus)),
        turn(
          'actually take it out, too expensive',
          removeDevice(either(focus, cartWhere(tablets))),
          cart({ lacks: tablets }),
        ),
        turn('cheaper tablets then, below 300', find(every(allOf(tablets, atMost('price', 300))))),
      ],
    },
    {
      id: 'hiking-watch',
      part: 'dev',
      turns: [
        turn(
          'I want a watch that tracks my hikes and does not die after a day',
          find(some(allOf(watches, atLeast('battery_hours', 48)))),
        ),
        turn('one with gps', find(every(allOf(watches, is('gps', true))))),
        turn(
          'the green one',
          showDevice(
            either(
              shownWhere(is('color', 'green')),
              catalogueWhere(allOf(watches, is('color', 'green'))),
            ),
          ),
        ),
        turn('add that to my basket', addDevice(focus)),
        turn('see you', end),
      ],
    },
    {
      id: 'phone-battery',
      part: 'heldout',
      turns: [
        turn(
          'my current phone is dead by lunchtime, what lasts a full day and more',
          find(some(allOf(phones, atLeast('battery_hours', 26)))),
        ),
        turn('just phones under 600 dollars', find(every(allOf(phones, atMost('price', 600))))),
        turn('rank them by battery', none, find(every(phones))),
        turn('the one with the best battery', showDevice(ranked('battery_hours', 'highest'))),
        turn('is that one waterproof', none, showDevice(focus)),
        turn('sold, add it', addDevice(focus)),
      ],
    },
    {
      id: 'beach-speaker',
      part: 'heldout',
      turns: [
        turn(
          'something to play music at the beach that can take some sand and water',
          find(some(allOf(speakers, is('waterproof', true)))),
        ),
        turn(
          'the cheapest of those',
          showDevice(ranked('price', 'lowest')),
          addDevice(ranked('price', 'lowest')),
        ),
        turn('three please, for the whole group', addDevice(focus, 3)),
        turn(
          'and a pair of earbuds for running',
          find(some(allOf(headphones, named('Earbuds', 'Buds')))),
        ),
        turn(
          'the sport ones',
          addDevice(product('Sport Earbuds')),
          showDevice(product('Sport Earbuds')),
        ),
        turn('show the basket', basket),
      ],
    },
    {
      id: 'kids-gear',
      part: 'heldout',
      turns: [
        turn(
          'my eight year old wants a tablet, what do you have that can survive a kid',
          find(some(tablets)),
        ),
        turn('below 150', find(every(allOf(tablets, atMost('price', 150))))),
        turn('add the orbit one', addDevice(product('Orbit Kids Tab'))),
        turn(
          'do you also have a watch for kids so I can find them',
          find(some(allOf(watches, is('gps', true)))),
          find(some(named('Kid Watch'))),
        ),
        turn('add that too', addDevice(product('Kid Watch'))),
        turn('great thanks, bye', end),
      ],
    },
    {
      id: 'light-laptop-travel',
      part: 'heldout',
      turns: [
        turn(
          'I travel every week, I want the lightest laptop you sell',
          find(some(laptops)),
          showDevice(catalogueWhere(named('Kestrel Slim'))),
        ),
        turn('anything under 1.2 kilos', find(every(allOf(laptops, atMost('weight_g', 1200))))),
        turn('compare those two', compareDevices(shown(1), shown(2))),
        turn(
          'which one has the better battery',
          none,
          showDevice(ranked('battery_hours', 'highest')),
        ),
        turn(
          'that one then',
          addDevice(ranked('battery_hours', 'highest')),
          showDevice(ranked('battery_hours', 'highest')),
        ),
        turn('thanks, appreciate it', none, end),
      ],
    },
    {
      id: 'gaming-and-swap',
      part: 'heldout',
      turns: [
        turn(
          'biggest screen laptop you have, it is for gaming',
          find(some(laptops)),
          showDevice(catalogueWhere(named('Gamer 17'))),
        ),
        turn('put the gamer in the basket', addDevice(product('Gamer 17'))),
        turn(
          'hmm no, swap it for the arcwave pro',
          all(removeDevice(product('Gamer 17')), addDevice(product('Arcwave Pro'))),
        ),
        turn('what is in the basket now', basket),
        turn('ok, done', end),
      ],
    },
    {
      id: 'vlogging',
      part: 'heldout',
      turns: [
        turn('I want to start a travel vlog, what should I film with', find(some(cameras))),
        turn('the small one you can take surfing', showDevice(product('Action 4K'))),
        turn(
          'compare it with the vlog cam',
          compareDevices(product('Action 4K'), product('Vlog Cam')),
        ),
        turn('get me the cheaper of the two', addDevice(ranked('price', 'lowest'))),
        turn(
          'and a phone with lots of storage, at least 512',
          find(every(allOf(phones, atLeast('storage_gb', 512)))),
        ),
        turn('the second one', showDevice(shown(2))),
      ],
    },
    {
      id: 'not-carried',
      part: 'heldout',
      turns: [
        turn('do you sell washing machines', none, findsNothing),
        turn('what about tvs', none, findsNothing),
        turn('ok, a speaker for the living room then', find(some(speakers))),
        turn(
          'not the waterproof ones, something that looks nice at home',
          find(some(allOf(speakers, is('waterproof', false)))),
          showDevice(product('Home Speaker')),
        ),
        turn(
          'the white one',
          showDevice(
            either(
              shownWhere(is('color', 'white')),
              catalogueWhere(allOf(speakers, is('color', 'white'))),
            ),
          ),
        ),
        turn('add two', addDevice(focus, 2)),
      ],
    },
    {
      id: 'wired-headphones',
      part: 'heldout',
      turns: [
        turn(
          'i hate charging things, any headphones with a cable',
          find(some(allOf(headphones, is('wireless', false)))),
        ),
        turn(
          'and the cheapest wireless ones',
          find(some(allOf(headphones, is('wireless', true)))),
          showDevice(catalogueWhere(named('Northbyte Buds'))),
        ),
        turn(
          'compare the wired one with the cheapest wireless one',
          compareDevices(product('Wired Classic'), product('Northbyte Buds')),
        ),
        turn(
          'take the wired ones and the buds both',
          all(addDevice(product('Wired Classic')), addDevice(product('Northbyte Buds'))),
          cart({ has: named('Wired Classic') }, { has: named('Northbyte Buds') }),
        ),
        turn('remove the buds', removeDevice(cartWhere(named('Buds')))),
        turn('alright, signing off', end),
      ],
    },
  ],
};
