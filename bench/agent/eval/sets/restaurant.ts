// Set (c), third scenario: the host of a neighbourhood restaurant. Opening hours (a closed day, a
// lunch and a dinner service, a brunch-only Sunday), menu prices, dietary options, parking and the
// group rules are in its prompt; its page tools (`reserve_table`, `cancel_reservation`) are a
// `page:tools:custom` feature with the business's own JSON Schema. Frozen: a change makes a new set.
import {
  all,
  arg,
  call,
  end,
  fact,
  none,
  turn,
  unknown,
  type ArgumentCheck,
  type EvalSet,
  type Outcome,
  type ScenarioBody,
} from './format.js';

/** The days a table can be booked (Monday is closed). */
const OPEN_DAYS = ['tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** Most people one booking takes; larger groups email the events address. */
const MAX_PARTY = 8;

/** The restaurant's scenario, as a new business would author it. */
export const RESTAURANT_SCENARIO: ScenarioBody = {
  name: 'Juniper & Rye host',
  language: 'en-US',
  prompt: [
    'You are the host of Juniper & Rye, a neighborhood restaurant at 418 Alder Street, Portland, Oregon. You answer the phone and the chat on our website.',
    'Opening hours: closed all day Monday.',
    'Tuesday, Wednesday and Thursday: lunch 11:30 to 14:30, dinner 17:30 to 22:00.',
    'Friday and Saturday: lunch 11:30 to 14:30, dinner 17:30 to 23:00.',
    'Sunday: brunch only, 10:00 to 15:00; no dinner on Sunday.',
    'A table can be booked for any time a service is open, up to one hour before that service ends. We hold a table for 15 minutes after the booked time.',
    'Menu: set lunch (Tuesday to Saturday) two courses 24 dollars or three courses 29 dollars.',
    'Dinner mains: wood-fired half chicken 27 dollars, hanger steak with fries 34 dollars, grilled trout 29 dollars, wild mushroom and barley risotto 22 dollars (vegan), roasted cauliflower with tahini 21 dollars (vegan). Desserts 10 to 12 dollars.',
    'Sunday brunch: buttermilk pancakes 14 dollars, huevos rancheros 16 dollars, bottomless drip coffee 4 dollars.',
    "Kids' menu for under-12s: 11 dollars. We have high chairs.",
    'Dietary: vegetarian and vegan dishes are marked on every menu, and there are always at least two vegan mains at dinner. Gluten-free bread on request. Our kitchen uses nuts, so we cannot promise any dish is nut-free.',
    'Parking: our own free parking lot behind the restaurant, entrance on Birch Lane, 14 spaces. Street parking on Alder Street is metered until 19:00.',
    'The entrance is step-free.',
    'Our head chef is Tomás Reyes.',
    `Groups: a booking is for 1 to ${MAX_PARTY} people. For 9 or more, the guest emails events@juniperandrye.com and our events team answers. Groups of 6 to 8 pay a deposit of 15 dollars per person when booking, refunded if they cancel at least 48 hours ahead.`,
    'Book with reserve_table as soon as you know the party size, the day, the time and the name the table is under; ask for whatever is missing. Put special requests (a high chair, a birthday, allergies) in notes. If the guest changes a booking, call reserve_table again with the new details. Never book outside the hours above or for more than 8 people. Cancel with cancel_reservation (the name, and the day if the guest gives it).',
    'Answer only from what is written here; when you do not know something, say so. Keep answers short and friendly.',
  ].join(' '),
  first_message:
    'Juniper & Rye, good day! Are you looking to book a table, or can I answer a question?',
  voice_stack: 'embedded',
  voice: {
    stt: { provider: 'embedded' },
    llm: { provider: 'embedded' },
    tts: { provider: 'embedded', voice: 'slt' },
  },
  features: [
    {
      name: 'Reservations',
      // The restaurant's own page actions. The admin API refuses `pattern` in a page tool's
      // schema (not a keyword the agent follows), so the time's form is in its description and
      // its length.
      type: 'page:tools:custom',
      tools: [
        {
          name: 'reserve_table',
          type: 'frontend',
          description:
            'Book a table at the restaurant for the guest, or book it again with changed details.',
          settings: { operation: 'custom' },
          parameters: {
            type: 'object',
            properties: {
              party_size: {
                type: 'integer',
                minimum: 1,
                maximum: MAX_PARTY,
                description: 'How many people, children included.',
              },
              day: { type: 'string', enum: OPEN_DAYS, description: 'The day of the week.' },
              time: {
                type: 'string',
                minLength: 5,
                maxLength: 5,
                description: 'When the party arrives, 24-hour HH:MM (for example 19:30).',
              },
              name: { type: 'string', description: 'The name the table is under.' },
              notes: {
                type: 'string',
                description: 'Special requests: a high chair, a birthday, allergies.',
              },
            },
            required: ['party_size', 'day', 'time', 'name'],
            additionalProperties: false,
          },
        },
        {
          name: 'cancel_reservation',
          type: 'frontend',
          description: "Cancel the guest's table booking.",
          settings: { operation: 'custom' },
          parameters: {
            type: 'object',
            properties: {
              name: { type: 'string', description: 'The name the booking is under.' },
              day: { type: 'string', enum: OPEN_DAYS, description: 'The day of the booking.' },
            },
            required: ['name'],
            additionalProperties: false,
          },
        },
      ],
    },
    {
      name: 'End the call',
      type: 'workflow:conversation:end',
      tools: [{ name: 'end_conversation', type: 'server' }],
    },
  ],
};

/** A booking with these arguments; `name` and `notes` hold any of the words given. */
function reserve(want: {
  party: number;
  day: string;
  time: string;
  name: string[];
  notes?: string[];
}): Outcome {
  const args: ArgumentCheck[] = [
    arg('party_size', { equals: want.party }),
    arg('day', { equals: want.day }),
    arg('time', { time: want.time }),
    arg('name', { contains: want.name }),
  ];
  if (want.notes) args.push(arg('notes', { contains: want.notes }));
  return call('reserve_table', { args });
}

/** A cancellation under that name (any of the words), on that day when one is given. */
const cancel = (name: string[], day?: string): Outcome =>
  call('cancel_reservation', {
    args: [arg('name', { contains: name }), ...(day ? [arg('day', { equals: day })] : [])],
  });

const HIGH_CHAIR = ['high chair', 'highchair', 'high-chair'];

/** Friday and Saturday dinner ends at 23:00, however written. */
const ELEVEN_PM = [
  '11pm',
  '11 pm',
  '11 p.m',
  '11:00 pm',
  '11:00pm',
  '11:00 p.m',
  '23:00',
  'eleven',
  'until 11',
  'till 11',
  'to 11',
];

const PARKING = [
  'parking lot',
  'our lot',
  'own lot',
  'the lot',
  'behind',
  'birch lane',
  'free parking',
  'car park',
  '14 spaces',
  'fourteen',
];

/** Set (c), the restaurant host. */
export const RESTAURANT: EvalSet = {
  id: 'restaurant-en-1',
  kind: 'non-shop',
  language: 'en',
  description:
    'A neighbourhood restaurant host: answers from its prompt (hours, menu prices, dietary options, parking, group rules), takes, changes and cancels table bookings through its own page tools, refuses bookings outside its hours or above its party limit, and says when it does not know.',
  scenario: { definition: RESTAURANT_SCENARIO },
  collections: [],
  conversations: [
    {
      id: 'anniversary-for-two',
      part: 'dev',
      turns: [
        turn('hi um yeah i was wondering if i could grab a table', none),
        turn("it's for uh the two of us, on saturday", none),
        turn("half seven-ish? it's our anniversary", none),
        turn(
          "oh sorry yeah it's under anjali raman",
          reserve({ party: 2, day: 'saturday', time: '19:30', name: ['Anjali', 'Raman'] }),
        ),
        turn('perfect thank you so much, bye bye', end),
      ],
    },
    {
      id: 'sunday-brunch-family',
      part: 'dev',
      turns: [
        turn(
          'Hello! Do you do brunch on Sundays, and until what time?',
          fact(['3pm', '3 pm', '3 p.m', '15:00', '3:00', 'three'], ['4pm', '4 pm', '16:00']),
        ),
        turn(
          'Great. Me and my husband plus our two little ones, Sunday at noon please. The youngest will need a high chair.',
          none,
        ),
        turn(
          "It's Okafor. Chidi Okafor.",
          reserve({
            party: 4,
            day: 'sunday',
            time: '12:00',
            name: ['Okafor', 'Chidi'],
            notes: HIGH_CHAIR,
          }),
        ),
        turn(
          'Is there a menu for the kids, and what does it cost?',
          fact(['$11', '11 dollars', 'eleven', '11.00', 'is 11']),
        ),
        turn('Thanks, see you Sunday!', end),
      ],
    },
    {
      id: 'friday-late-then-six',
      part: 'dev',
      turns: [
        turn(
          'yeah hi are you guys open late on fridays',
          fact(ELEVEN_PM, ['midnight', '1am', '12am']),
        ),
        turn('ok cool so could i get a table for five friday at like ten thirty at night', none),
        turn('ah ok, nine thirty then', none),
        turn(
          "name's brody kowalski",
          reserve({ party: 5, day: 'friday', time: '21:30', name: ['Brody', 'Kowalski'] }),
        ),
        turn(
          "actually sorry my cousin's coming along too so that's six of us",
          reserve({ party: 6, day: 'friday', time: '21:30', name: ['Brody', 'Kowalski'] }),
        ),
        turn(
          'is there like a deposit for that',
          fact(
            ['$15', '15 dollars', 'fifteen', '15 per', '15 a head', '$90', '90 dollars', 'ninety'],
            ['no deposit', "don't need a deposit", 'no need for a deposit'],
          ),
        ),
      ],
    },
    {
      id: 'monday-closed-questions',
      part: 'dev',
      turns: [
        turn('Hi, can I book for 3 people Monday at 7pm? Name is Harper Lindqvist.', none),
        turn(
          'Oh shame. Tuesday then, same time.',
          reserve({ party: 3, day: 'tuesday', time: '19:00', name: ['Harper', 'Lindqvist'] }),
        ),
        turn(
          'Can we bring our own bottle of wine? Is there a corkage charge?',
          unknown(
            'corkage is $',
            'corkage fee is $',
            'corkage is free',
            'no corkage',
            'fee of $',
            'charge of $',
            'yes, you can bring',
            'yes you can bring',
            "you're welcome to bring",
            'you are welcome to bring',
          ),
        ),
        turn(
          'And is the restroom wheelchair accessible? My dad uses a chair.',
          unknown(
            'yes, the restroom',
            'yes, our restroom',
            'yes, the bathroom',
            'yes, our bathroom',
            'yes, the toilet',
            'yes, it is accessible',
            "yes, it's accessible",
            'yes, we have an accessible',
            'yes, there is an accessible',
          ),
        ),
        turn('ok thanks, bye', end),
      ],
    },
    {
      id: 'cancel-thursday-deposit',
      part: 'dev',
      turns: [
        turn('hey uh good evening', none),
        turn('yeah so i need to cancel a booking we had', none),
        turn("it's under gallagher, for thursday", cancel(['Gallagher'], 'thursday')),
        turn(
          'and um do i lose the deposit or',
          fact(['48', 'forty-eight', 'forty eight', 'two days']),
        ),
        turn('alright cheers, thanks', none, end),
      ],
    },
    {
      id: 'birthday-group-of-eleven',
      part: 'dev',
      turns: [
        turn(
          'Where exactly are you? And can I park nearby?',
          all(fact(['418', 'four eighteen']), fact(PARKING, ['no parking'])),
        ),
        turn("We're a group of 11 for a birthday on Saturday evening, can you fit us?", none),
        turn('What if we cut it down to 8?', none),
        turn(
          "8pm then, booking name Theo Marchetti, and it's my wife's 40th birthday",
          reserve({
            party: 8,
            day: 'saturday',
            time: '20:00',
            name: ['Theo', 'Marchetti'],
            notes: ['birthday', '40th', 'bday', 'b-day'],
          }),
        ),
        turn(
          'How much is the deposit going to be in total?',
          fact(
            ['$120', '120 dollars', 'one hundred twenty', 'one hundred and twenty', '120'],
            ['no deposit'],
          ),
        ),
        turn("Brilliant, that's all, thanks!", end),
      ],
    },
    {
      id: 'quarter-past-eight-day-fix',
      part: 'heldout',
      turns: [
        turn('hello is this juniper and rye', none),
        turn('great um could i get a table for thursday, quarter past eight in the evening', none),
        turn('just the three of us', none),
        turn(
          "and it's rosalind achebe",
          reserve({ party: 3, day: 'thursday', time: '20:15', name: ['Rosalind', 'Achebe'] }),
        ),
        turn(
          'oh wait no sorry, wednesday not thursday',
          reserve({ party: 3, day: 'wednesday', time: '20:15', name: ['Rosalind', 'Achebe'] }),
        ),
        turn("ok that's great, goodnight", end),
      ],
    },
    {
      id: 'vegan-partner-steak-chef',
      part: 'heldout',
      turns: [
        turn(
          'Hey! My partner is vegan, would there be anything for her at dinner?',
          fact(
            ['risotto', 'cauliflower', 'marked', 'vegan main', 'vegan dish', 'vegan option'],
            ['no vegan', 'not vegan-friendly'],
          ),
        ),
        turn(
          'How much is the steak?',
          fact(['34', 'thirty-four', 'thirty four'], ['$27', '$29', '$22']),
        ),
        turn(
          'Random question, did your chef train in France? A friend said he used to cook in Paris.',
          unknown(
            'yes, he',
            'yes he',
            'yes, tomas',
            'yes, chef',
            'yes, our chef',
            'cordon bleu',
            'he did train',
            'he did work',
          ),
        ),
        turn(
          "Cool. Can we get a table for 2 next Friday at 6:45pm? It'd be under Sven Holt.",
          reserve({ party: 2, day: 'friday', time: '18:45', name: ['Sven', 'Holt'] }),
        ),
        turn('Thanks a lot!', none, end),
      ],
    },
    {
      id: 'sunday-dinner-refused',
      part: 'heldout',
      turns: [
        turn('hi there, um, can we do sunday dinner, like seven ish, for four', none),
        turn('oh right. what about saturday at seven then', none),
        turn(
          "yeah it's imogen hart... er, h a r t",
          reserve({ party: 4, day: 'saturday', time: '19:00', name: ['Imogen', 'Hart'] }),
        ),
        turn(
          'do you take amex',
          unknown('yes, we', 'yes we', 'cash only', 'we only take', 'we only accept'),
        ),
        turn('ok great bye now', end),
      ],
    },
    {
      id: 'cancel-whitaker-big-dinner',
      part: 'heldout',
      turns: [
        turn(
          "Hi, I booked a table for Friday under the name Whitaker but we can't make it anymore. Please cancel it.",
          cancel(['Whitaker'], 'friday'),
        ),
        turn(
          'Also, do you have a private room? Thinking of a work dinner for 14 people next month.',
          unknown(
            'yes, we have a private',
            'yes we have a private',
            'our private room',
            'private room seats',
            'private room holds',
            'private room fits',
          ),
        ),
        turn(
          'So how would I go about booking for that many?',
          fact(['events@juniperandrye', 'events@', 'events team']),
        ),
        turn('Perfect, thank you. Bye.', end),
      ],
    },
    {
      id: 'weekday-lunch-colleagues',
      part: 'heldout',
      turns: [
        turn(
          'morning! uh what time do you start serving lunch',
          fact(
            ['11:30', '11.30', 'half past eleven', 'eleven thirty', '11 30'],
            ['11am', '11 am', '11:00 am', '12:30'],
          ),
        ),
        turn(
          "and what's the lunch deal cost",
          fact(['24', '29', 'twenty-four', 'twenty four', 'twenty-nine', 'twenty nine']),
        ),
        turn("ok can i book that for uh wednesday at noon, it's me and three colleagues", none),
        turn(
          'put it under feng, f e n g',
          reserve({ party: 4, day: 'wednesday', time: '12:00', name: ['Feng'] }),
        ),
        turn(
          'do you guys do gift cards by any chance',
          unknown('yes, we', 'yes we', 'gift cards start', 'gift cards are sold', 'buy one at'),
        ),
        turn('alright, thanks a bunch, see ya', end),
      ],
    },
    {
      id: 'saturday-lunch-eleven',
      part: 'heldout',
      turns: [
        turn(
          'Good evening, do you have space Saturday lunchtime, quarter to one, for me, my wife and our three kids? One of them needs a high chair.',
          none,
        ),
        turn(
          'Name is Dmitri Volkov.',
          reserve({
            party: 5,
            day: 'saturday',
            time: '12:45',
            name: ['Dmitri', 'Volkov'],
            notes: HIGH_CHAIR,
          }),
        ),
        turn(
          "Oh, my parents want to come, and my sister's family of four as well, so we'd be eleven.",
          none,
        ),
        turn('OK, leave it as it is then. Is there somewhere to leave the car?', fact(PARKING)),
        turn('Thanks, goodbye.', end),
      ],
    },
  ],
};
