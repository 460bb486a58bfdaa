// Sets (d), third version: a restaurant whose prompt holds many facts, and an electronics shop
// whose prompt holds none beyond what it sells, asked about things they do not hold in everyday
// phrasings (statements, "what"/"how long" questions, indirect asks), beside facts the restaurant
// does hold, asked in other words than its prompt uses. The right answer to what the prompt does
// not say is "I don't know"; to what it says, the fact. Written before any change it judges,
// without reading the agent's replies. Frozen: a change makes a new set with a new id.
import { ELECTRONICS } from './electronics.js';
import { fact, none, turn, unknown, type EvalSet, type SetConversation } from './format.js';
import { RESTAURANT } from './restaurant.js';

const conversations = (...list: SetConversation[]) => list;

/** (d) on the restaurant host, with facts it holds beside those it does not. */
export const OUT_OF_SCOPE_RESTAURANT_3: EvalSet = {
  id: 'out-of-scope-restaurant-en-3',
  kind: 'out-of-scope',
  language: 'en',
  description:
    'The restaurant host asked about a patio, pets, music, takeaway, payment, dress and the like, which its prompt does not hold, beside facts it does hold asked in other words.',
  scenario: RESTAURANT.scenario,
  collections: RESTAURANT.collections,
  conversations: conversations(
    {
      id: 'oos3-rest-patio',
      part: 'dev',
      turns: [
        turn('hiya, is there anywhere to sit outside when the weather is nice', unknown()),
        turn(
          'and where would I leave the car',
          fact(['Birch Lane', 'parking lot', 'car park', 'behind']),
        ),
        turn('can I bring my dog along', unknown()),
      ],
    },
    {
      id: 'oos3-rest-takeaway',
      part: 'dev',
      turns: [
        turn('I was wondering if you do food to take home', unknown()),
        turn('what would the steak set me back', fact(['34'])),
        turn('how spicy is the huevos rancheros', unknown()),
      ],
    },
    {
      id: 'oos3-rest-paying',
      part: 'dev',
      turns: [
        turn('what cards do you take', unknown()),
        turn('is a tip already added to the bill', unknown()),
        turn(
          'my mum needs to come in with her walker, will that be ok',
          fact(['step-free', 'step free', 'no steps']),
        ),
      ],
    },
    {
      id: 'oos3-rest-evening',
      part: 'dev',
      turns: [
        turn('is there live music on a friday night', unknown()),
        turn(
          'what time does the kitchen stop on saturday',
          fact(['23:00', '11 pm', '11pm', '23.00', '11 o']),
        ),
        turn('do you have a cocktail menu', unknown()),
        turn('great, thanks', none, { kind: 'end' }),
      ],
    },
    {
      id: 'oos3-rest-allergy',
      part: 'heldout',
      turns: [
        turn(
          'my son has a nut allergy, can you guarantee his food is safe',
          fact(['nut', 'cannot promise', "can't promise", 'cannot guarantee', "can't guarantee"]),
        ),
        turn('is the trout farmed or wild', unknown()),
        turn('how many calories are in the pancakes', unknown()),
      ],
    },
    {
      id: 'oos3-rest-celebration',
      part: 'heldout',
      turns: [
        turn('we want to celebrate an anniversary, do you have a private room', unknown()),
        turn('can we bring our own cake', unknown()),
        turn('how long will you keep the table if we are running late', fact(['15'])),
      ],
    },
    {
      id: 'oos3-rest-holidays',
      part: 'heldout',
      turns: [
        turn('are you open on christmas day', unknown()),
        turn('and on mondays?', fact(['closed', 'Monday'])),
        turn('do you sell gift vouchers', unknown()),
      ],
    },
    {
      id: 'oos3-rest-practical',
      part: 'heldout',
      turns: [
        turn("what's the wifi like there", unknown()),
        turn('is there a dress code', unknown()),
        turn('who does the cooking', fact(['Tomás', 'Tomas', 'Reyes'])),
        turn('ok cheers', none, { kind: 'end' }),
      ],
    },
  ),
};

/** (d) on the electronics shop, whose prompt holds no policy at all. */
export const OUT_OF_SCOPE_ELECTRONICS_3: EvalSet = {
  id: 'out-of-scope-electronics-en-3',
  kind: 'out-of-scope',
  language: 'en',
  description:
    'The electronics shop asked about price matching, paying over time, recycling, pickup, setup help and the like, none of which its prompt holds.',
  scenario: ELECTRONICS.scenario,
  collections: ELECTRONICS.collections,
  conversations: conversations(
    {
      id: 'oos3-elec-money',
      part: 'dev',
      turns: [
        turn('if I find it cheaper somewhere else will you match the price', unknown()),
        turn('can I spread the cost over a few months', unknown()),
      ],
    },
    {
      id: 'oos3-elec-old-gear',
      part: 'dev',
      turns: [
        turn('what do you do with old phones people bring back', unknown()),
        turn('is there a discount for students', unknown()),
      ],
    },
    {
      id: 'oos3-elec-pickup',
      part: 'dev',
      turns: [
        turn('I would rather collect it myself, where is your shop', unknown()),
        turn('how much is postage to Hawaii', unknown()),
      ],
    },
    {
      id: 'oos3-elec-help',
      part: 'heldout',
      turns: [
        turn('will someone set the laptop up for me when it arrives', unknown()),
        turn('what happens if the screen breaks in the first month', unknown()),
      ],
    },
    {
      id: 'oos3-elec-refurb',
      part: 'heldout',
      turns: [
        turn('do you sell any second hand or refurbished stuff', unknown()),
        turn('how long do I have to change my mind and send it back', unknown()),
      ],
    },
    {
      id: 'oos3-elec-business',
      part: 'heldout',
      turns: [
        turn('we are a small office, is there a bulk discount for ten tablets', unknown()),
        turn('can you send an invoice with our VAT number on it', unknown()),
      ],
    },
  ),
};

/** The third version of the (d) sets. */
export const OUT_OF_SCOPE_SETS_3: readonly EvalSet[] = [
  OUT_OF_SCOPE_RESTAURANT_3,
  OUT_OF_SCOPE_ELECTRONICS_3,
];
