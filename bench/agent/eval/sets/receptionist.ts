// Set (c), first scenario: the receptionist of a hair salon. Opening hours, prices, address and
// staff are in its prompt; its page tools (`book_appointment`, `cancel_booking`) carry the
// business's own JSON Schema and `settings.operation: custom`. Frozen: a change makes a new set.
import {
  arg,
  call,
  end,
  none,
  turn,
  type ArgumentCheck,
  type EvalSet,
  type Outcome,
  type ScenarioBody,
} from './format.js';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const SERVICES = ['womens_cut', 'mens_cut', 'childrens_cut', 'colour', 'beard_trim', 'blow_dry'];
const STYLISTS = ['Nadia', 'Tom', 'Priya', 'any'];

/** The salon's scenario, as a new business would author it. */
export const RECEPTIONIST_SCENARIO: ScenarioBody = {
  name: 'Maple Street Hair receptionist',
  language: 'en-GB',
  prompt: [
    'You are the receptionist of Maple Street Hair, a hair salon at 14 Maple Street, Bristol.',
    'Opening hours: Monday to Friday 9:00 to 19:00, Saturday 9:00 to 16:00, closed on Sunday.',
    "Prices: women's cut 45 pounds, men's cut 25 pounds, children's cut (under 12) 18 pounds, colour from 70 pounds, beard trim 15 pounds, blow-dry 30 pounds.",
    "Staff: Nadia does colour and women's cuts (Tuesday to Saturday); Tom does men's cuts and beard trims (Monday to Friday); Priya does every cut and blow-dries (every day we are open).",
    'Book appointments with book_appointment once you know the service, the day, the time and the visitor’s name; ask for what is missing. Cancel with cancel_booking. Only book within opening hours.',
    'Answer only from what is written here; when you do not know something, say so. Keep answers short.',
  ].join(' '),
  first_message: 'Maple Street Hair, good morning! How can I help?',
  voice_stack: 'embedded',
  voice: {
    stt: { provider: 'embedded' },
    llm: { provider: 'embedded' },
    tts: { provider: 'embedded', voice: 'slt' },
  },
  features: [
    {
      name: 'Appointments',
      // The admin API takes the five catalog types only: the salon's page tools ride on the
      // workflow type, their operation declared `custom` (they only call the page).
      type: 'workflow:conversation:end',
      tools: [
        {
          name: 'book_appointment',
          type: 'frontend',
          description: 'Book an appointment at the salon for the visitor.',
          settings: { operation: 'custom' },
          parameters: {
            type: 'object',
            properties: {
              service: { type: 'string', enum: SERVICES, description: 'The service booked.' },
              day: { type: 'string', enum: WEEKDAYS, description: 'The day of the week.' },
              time: {
                type: 'string',
                pattern: '^\\d{2}:\\d{2}$',
                description: 'Start, 24-hour HH:MM.',
              },
              stylist: { type: 'string', enum: STYLISTS, description: 'Who, or any.' },
              name: { type: 'string', description: "The visitor's name." },
            },
            required: ['service', 'day', 'time', 'name'],
            additionalProperties: false,
          },
        },
        {
          name: 'cancel_booking',
          type: 'frontend',
          description: "Cancel the visitor's appointment.",
          settings: { operation: 'custom' },
          parameters: {
            type: 'object',
            properties: {
              name: { type: 'string', description: 'The name the appointment is under.' },
              day: { type: 'string', enum: WEEKDAYS, description: 'The day of the appointment.' },
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

/** A booking whose arguments say what was asked (the fields named; others free). */
function book(want: {
  service?: string;
  day?: string;
  time?: string;
  stylist?: string;
  name?: string;
}): Outcome {
  const args: ArgumentCheck[] = [];
  if (want.service) args.push(arg('service', { equals: want.service }));
  if (want.day) args.push(arg('day', { equals: want.day }));
  if (want.time) args.push(arg('time', { time: want.time }));
  if (want.stylist) args.push(arg('stylist', { equals: want.stylist }));
  if (want.name) args.push(arg('name', { contains: [want.name] }));
  return call('book_appointment', { args });
}

const cancel = (name: string, day?: string): Outcome =>
  call('cancel_booking', {
    args: [arg('name', { contains: [name] }), ...(day ? [arg('day', { equals: day })] : [])],
  });

/** Set (c), the receptionist. */
export const RECEPTIONIST: EvalSet = {
  id: 'receptionist-en-1',
  kind: 'non-shop',
  language: 'en',
  description:
    'A hair salon receptionist: answers from its prompt, books and cancels through page tools.',
  scenario: { definition: RECEPTIONIST_SCENARIO },
  collections: [],
  conversations: [
    {
      id: 'mens-cut-friday',
      part: 'dev',
      turns: [
        turn('hiya, are you open saturdays?', none),
        turn("what's a men's haircut cost", none),
        turn('can I get one on friday', none),
        turn(
          'half three in the afternoon, name is Sam Carter',
          book({ service: 'mens_cut', day: 'friday', time: '15:30', name: 'Sam' }),
        ),
        turn('lovely, cheers', none, end),
      ],
    },
    {
      id: 'colour-with-nadia',
      part: 'dev',
      turns: [
        turn("I'd like to get my hair coloured, who should I see", none),
        turn('does she work on mondays', none),
        turn(
          'ok tuesday at 10 in the morning with her then',
          none,
          book({ service: 'colour', day: 'tuesday', time: '10:00', stylist: 'Nadia' }),
        ),
        turn(
          "it's Ellen Mortimer",
          book({
            service: 'colour',
            day: 'tuesday',
            time: '10:00',
            stylist: 'Nadia',
            name: 'Ellen',
          }),
        ),
        turn('roughly how much will that be', none),
        turn('great, thanks so much, bye', end),
      ],
    },
    {
      id: 'kids-and-correction',
      part: 'dev',
      turns: [
        turn('can I bring my son in for a trim, he is seven', none),
        turn(
          'wednesday after school, say 4pm, under Dana Whitfield',
          book({ service: 'childrens_cut', day: 'wednesday', time: '16:00', name: 'Dana' }),
        ),
        turn(
          'oh sorry, I meant thursday not wednesday',
          book({ service: 'childrens_cut', day: 'thursday', time: '16:00', name: 'Dana' }),
        ),
        turn('where are you exactly', none),
        turn("perfect, that's all", end),
      ],
    },
    {
      id: 'sunday-refused',
      part: 'heldout',
      turns: [
        turn('is there any chance of a blow dry this sunday', none),
        turn('fine, saturday morning at nine then', none),
        turn(
          'Gemma Price',
          book({ service: 'blow_dry', day: 'saturday', time: '09:00', name: 'Gemma' }),
        ),
        turn('and who will be doing it', none),
        turn('brilliant, see you then', end),
      ],
    },
    {
      id: 'beard-and-cut',
      part: 'heldout',
      turns: [
        turn('do you guys do beards', none),
        turn(
          'with Tom please, monday at 12:15, my name is Luis Ortega',
          book({
            service: 'beard_trim',
            day: 'monday',
            time: '12:15',
            stylist: 'Tom',
            name: 'Luis',
          }),
        ),
        turn(
          'and can I get a haircut straight after, same day at 12:30',
          book({ service: 'mens_cut', day: 'monday', time: '12:30', name: 'Luis' }),
        ),
        turn('what time do you close on mondays', none),
        turn('thanks mate', none, end),
      ],
    },
    {
      id: 'cancel-and-rebook',
      part: 'heldout',
      turns: [
        turn("I need to cancel my appointment, it's under Harriet Cole", cancel('Harriet')),
        turn('it was the thursday one', none, cancel('Harriet', 'thursday')),
        turn(
          "can I rebook a women's cut for next friday instead, 2pm",
          book({ service: 'womens_cut', day: 'friday', time: '14:00', name: 'Harriet' }),
          none,
        ),
        turn(
          'with Priya if she is in',
          book({
            service: 'womens_cut',
            day: 'friday',
            time: '14:00',
            stylist: 'Priya',
            name: 'Harriet',
          }),
          none,
        ),
        turn('that is everything, bye', end),
      ],
    },
    {
      id: 'price-questions',
      part: 'heldout',
      turns: [
        turn('how much for a cut and blow dry for me, I have long hair', none),
        turn("and a kid's cut", none),
        turn('are you open late on thursdays', none),
        turn("what's the address again", none),
        turn('great, I will call back, bye', end),
      ],
    },
    {
      id: 'indirect-booking',
      part: 'heldout',
      turns: [
        turn('my hair is a total mess and I have a wedding on saturday', none),
        turn(
          "a women's cut on saturday morning, as early as you can",
          none,
          book({ service: 'womens_cut', day: 'saturday', time: '09:00' }),
        ),
        turn(
          '9 is fine. Olivia Brandt',
          book({ service: 'womens_cut', day: 'saturday', time: '09:00', name: 'Olivia' }),
        ),
        turn(
          'actually make it half past nine, sorry',
          book({ service: 'womens_cut', day: 'saturday', time: '09:30', name: 'Olivia' }),
        ),
        turn('you are a lifesaver, thanks', none, end),
      ],
    },
  ],
};
