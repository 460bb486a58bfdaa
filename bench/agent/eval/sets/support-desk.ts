// Set (c), second scenario: the support desk of a broadband provider, answering from its prompt
// and opening tickets through its page tool (`open_ticket`, the business's own JSON Schema,
// `settings.operation: custom`). Frozen: a change makes a new set with a new id.
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

const TOPICS = [
  'no_connection',
  'slow_speed',
  'billing',
  'account',
  'equipment',
  'moving_home',
  'other',
];

/** The support desk's scenario, as a new business would author it. */
export const SUPPORT_SCENARIO: ScenarioBody = {
  name: 'Brightline Broadband support desk',
  language: 'en-GB',
  prompt: [
    'You are the support desk of Brightline Broadband.',
    'Plans: Basic 100 Mbps at 25 pounds a month, Plus 500 Mbps at 35 pounds, Max 900 Mbps at 45 pounds; every plan has unlimited data and a 12-month contract.',
    'Bills are taken on the 1st of each month. A plan can be changed at any time from the account page; the new price starts the next month.',
    'When the internet is down: restart the router by unplugging it for 30 seconds; if the lights stay red after 5 minutes, open a ticket.',
    'A forgotten password is reset from the sign-in page with "Forgot password".',
    'Phone support is open every day from 8:00 to 20:00 on 0800 123 456.',
    'Open a ticket with open_ticket when the visitor needs someone to act (a fault, a billing mistake, a broken router, a move); ask for their email first.',
    'Answer only from what is written here; when you do not know something, say so. Keep answers short.',
  ].join(' '),
  first_message: 'Brightline support here. What can I help you with?',
  voice_stack: 'embedded',
  voice: {
    stt: { provider: 'embedded' },
    llm: { provider: 'embedded' },
    tts: { provider: 'embedded', voice: 'slt' },
  },
  features: [
    {
      name: 'Tickets',
      // The admin API takes the five catalog types only: the desk's page tool rides on the
      // workflow type, its operation declared `custom` (it only calls the page).
      type: 'workflow:conversation:end',
      tools: [
        {
          name: 'open_ticket',
          type: 'frontend',
          description: 'Open a support ticket for the visitor.',
          settings: { operation: 'custom' },
          parameters: {
            type: 'object',
            properties: {
              topic: { type: 'string', enum: TOPICS, description: 'What the problem is about.' },
              summary: { type: 'string', description: 'The problem in one sentence.' },
              email: { type: 'string', description: "The visitor's email address." },
              urgent: {
                type: 'boolean',
                description: 'True when the visitor cannot work or is without service.',
              },
            },
            required: ['topic', 'summary', 'email'],
            additionalProperties: false,
          },
        },
      ],
    },
    {
      name: 'End the chat',
      type: 'workflow:conversation:end',
      tools: [{ name: 'end_chat', type: 'server' }],
    },
  ],
};

/** A ticket whose arguments say what the visitor told (the fields named; others free). */
function ticket(want: {
  topic?: string;
  summary?: string[];
  email?: string;
  urgent?: boolean;
}): Outcome {
  const args: ArgumentCheck[] = [];
  if (want.topic) args.push(arg('topic', { equals: want.topic }));
  if (want.summary) args.push(arg('summary', { contains: want.summary }));
  if (want.email) args.push(arg('email', { equals: want.email }));
  if (want.urgent !== undefined) args.push(arg('urgent', { equals: want.urgent }));
  return call('open_ticket', { args });
}

/** Set (c), the support desk. */
export const SUPPORT_DESK: EvalSet = {
  id: 'support-desk-en-1',
  kind: 'non-shop',
  language: 'en',
  description:
    'A broadband support desk: answers from its prompt, opens tickets through a page tool.',
  scenario: { definition: SUPPORT_SCENARIO },
  collections: [],
  conversations: [
    {
      id: 'internet-down',
      part: 'dev',
      turns: [
        turn('my internet has been down since this morning', none),
        turn('already did that twice, the light is still red', none),
        turn(
          'sure, it is jo.banks@example.com',
          ticket({ topic: 'no_connection', email: 'jo.banks@example.com' }),
        ),
        turn(
          'I work from home so this is pretty urgent',
          none,
          ticket({ topic: 'no_connection', email: 'jo.banks@example.com', urgent: true }),
        ),
        turn('ok thanks', none, end),
      ],
    },
    {
      id: 'plan-questions',
      part: 'dev',
      turns: [
        turn("what's the fastest plan you have", none),
        turn('and how much is it a month', none),
        turn('can I switch to it right away', none),
        turn('when would I pay the new price', none),
        turn("great, that's all I needed", end),
      ],
    },
    {
      id: 'double-charged',
      part: 'dev',
      turns: [
        turn('you took money from my account twice this month', none, ticket({ topic: 'billing' })),
        turn(
          'my email is r.okafor@example.org',
          ticket({ topic: 'billing', email: 'r.okafor@example.org' }),
        ),
        turn('when do you normally take the payment anyway', none),
        turn('ok bye then', end),
      ],
    },
    {
      id: 'slow-evenings',
      part: 'heldout',
      turns: [
        turn(
          'every evening my connection crawls, videos keep buffering',
          none,
          ticket({ topic: 'slow_speed' }),
        ),
        turn("I'm on the basic plan, what speed should I even get", none),
        turn(
          'please open a ticket, mail me at priya.n@example.com',
          ticket({ topic: 'slow_speed', email: 'priya.n@example.com' }),
        ),
        turn('how much more would the middle plan cost me', none),
        turn('thanks, gotta run', end),
      ],
    },
    {
      id: 'password-and-router',
      part: 'heldout',
      turns: [
        turn("I can't log into my account, forgot the password", none),
        turn(
          'ok found it. another thing, my router fell off the shelf and now it does not turn on',
          none,
          ticket({ topic: 'equipment' }),
        ),
        turn(
          'tom.reyes@example.net',
          ticket({ topic: 'equipment', email: 'tom.reyes@example.net' }),
        ),
        turn(
          'actually no wait, the ticket should go to tom@reyes.family instead',
          ticket({ topic: 'equipment', email: 'tom@reyes.family' }),
        ),
        turn('cheers', none, end),
      ],
    },
    {
      id: 'moving-house',
      part: 'heldout',
      turns: [
        turn(
          "we're moving house next month, can I take my broadband with me",
          none,
          ticket({ topic: 'moving_home' }),
        ),
        turn(
          'yes please sort it out, my email is ana.lima@example.com',
          ticket({ topic: 'moving_home', email: 'ana.lima@example.com' }),
        ),
        turn('is there a phone number I can call too', none),
        turn('until what time', none),
        turn('lovely, goodbye then', end),
      ],
    },
    {
      id: 'contract-questions',
      part: 'heldout',
      turns: [
        turn('how long is the contract', none),
        turn('is there a data cap on the cheap plan', none),
        turn('and can I go down a plan later if money is tight', none),
        turn('ok, thanks for explaining', none, end),
      ],
    },
    {
      id: 'outage-correction',
      part: 'heldout',
      turns: [
        turn('no internet at all here', none),
        turn('yes I restarted it, still red after ten minutes', none),
        turn(
          'my email is m.ferreira@example.com and I have no service at all',
          ticket({ topic: 'no_connection', email: 'm.ferreira@example.com' }),
        ),
        turn(
          'sorry, the address is m.ferreira@example.pt, not .com',
          ticket({ topic: 'no_connection', email: 'm.ferreira@example.pt' }),
        ),
        turn("that's it, thanks", end),
      ],
    },
  ],
};
