// Sets (d), second version: the two scenarios that are not shops asked for facts they do not hold
// (amounts, durations, fees, times) beside facts they do hold, in the same conversations. A
// business's prompt names some figures; a visitor asks about things near them. The right answer
// to what the prompt does not say is "I don't know"; to what it says, the figure it gives.
// Written before any change it judges, without reading the agent's replies. Frozen: a change
// makes a new set with a new id.
import { fact, none, turn, unknown, type EvalSet, type SetConversation } from './format.js';
import { RECEPTIONIST } from './receptionist.js';
import { SUPPORT_DESK } from './support-desk.js';

const conversations = (...list: SetConversation[]) => list;

/** (d) on the salon receptionist, with facts it holds beside those it does not. */
export const OUT_OF_SCOPE_RECEPTIONIST_2: EvalSet = {
  id: 'out-of-scope-receptionist-en-2',
  kind: 'out-of-scope',
  language: 'en',
  description:
    'The salon receptionist asked for amounts, durations and fees its prompt does not give, beside ones it does.',
  scenario: RECEPTIONIST.scenario,
  collections: RECEPTIONIST.collections,
  conversations: conversations(
    {
      id: 'oos2-salon-treatments',
      part: 'dev',
      turns: [
        turn('what does a keratin treatment cost', unknown()),
        turn("and a men's cut?", fact(['25'])),
        turn('how long does a colour usually take', unknown()),
      ],
    },
    {
      id: 'oos2-salon-booking-rules',
      part: 'dev',
      turns: [
        turn('do I have to pay a deposit to book', unknown()),
        turn('what time do you shut on saturdays', fact(['16:00', '4 pm', '4pm', '16.00'])),
        turn('is there a charge if I cancel on the day', unknown()),
      ],
    },
    {
      id: 'oos2-salon-extras',
      part: 'dev',
      turns: [
        turn('how much are hair extensions', unknown()),
        turn('which days is Tom in', fact(['Monday to Friday', 'Monday', 'weekdays'])),
        turn('do students get money off', unknown()),
      ],
    },
    {
      id: 'oos2-salon-wedding',
      part: 'heldout',
      turns: [
        turn('I need my hair done for a wedding, how much is an updo', unknown()),
        turn('how much is a blow-dry then', fact(['30'])),
        turn('how early should I turn up before the appointment', unknown()),
        turn('ok thanks', none, { kind: 'end' }),
      ],
    },
    {
      id: 'oos2-salon-kids',
      part: 'heldout',
      turns: [
        turn("what's the price for my 8 year old's haircut", fact(['18'])),
        turn('how long will it take', unknown()),
        turn('can he get his hair dyed too and what would that be', unknown()),
      ],
    },
    {
      id: 'oos2-salon-holidays',
      part: 'heldout',
      turns: [
        turn('are you open on bank holiday mondays', unknown()),
        turn(
          'what time do you open during the week',
          fact(['9:00', '9 am', '9am', '09:00', '9.00']),
        ),
        turn('how much is a fringe trim', unknown()),
        turn('do you sell the shampoo you use, and for how much', unknown()),
      ],
    },
  ),
};

/** (d) on the broadband support desk, with facts it holds beside those it does not. */
export const OUT_OF_SCOPE_SUPPORT_2: EvalSet = {
  id: 'out-of-scope-support-desk-en-2',
  kind: 'out-of-scope',
  language: 'en',
  description:
    'The broadband support desk asked for speeds, fees and durations its prompt does not give, beside ones it does.',
  scenario: SUPPORT_DESK.scenario,
  collections: SUPPORT_DESK.collections,
  conversations: conversations(
    {
      id: 'oos2-support-setup',
      part: 'dev',
      turns: [
        turn('is there a setup fee when I join', unknown()),
        turn('how much is the Max plan a month', fact(['45'])),
        turn('how long does it take to get connected after I order', unknown()),
      ],
    },
    {
      id: 'oos2-support-router',
      part: 'dev',
      turns: [
        turn('how many devices can the router handle at once', unknown()),
        turn('how long do I keep it unplugged when I restart it', fact(['30'])),
        turn('what does a replacement router cost', unknown()),
      ],
    },
    {
      id: 'oos2-support-speeds',
      part: 'dev',
      turns: [
        turn("what's the upload speed on Basic", unknown()),
        turn('what number can I ring you on', fact(['0800 123 456', '0800123456'])),
        turn('what speed will I really get in the evenings', unknown()),
      ],
    },
    {
      id: 'oos2-support-contract',
      part: 'heldout',
      turns: [
        turn('what happens to my price when the 12 months are up', unknown()),
        turn('how fast is the Plus plan', fact(['500'])),
        turn('is there a charge to move my broadband to a new address', unknown()),
      ],
    },
    {
      id: 'oos2-support-billing',
      part: 'heldout',
      turns: [
        turn('which day of the month do you take the money', fact(['1st', 'first'])),
        turn('how much is a late payment fee', unknown()),
        turn('can I pay every three months instead', unknown()),
      ],
    },
    {
      id: 'oos2-support-engineer',
      part: 'heldout',
      turns: [
        turn('how much does an engineer visit cost', unknown()),
        turn('until what time are the phone lines open', fact(['20:00', '8 pm', '8pm', '20.00'])),
        turn("what's the ping on the Max plan", unknown()),
        turn('alright, cheers', none, { kind: 'end' }),
      ],
    },
  ),
};

/** The second version of the (d) sets of the scenarios that are not shops. */
export const OUT_OF_SCOPE_SETS_2: readonly EvalSet[] = [
  OUT_OF_SCOPE_RECEPTIONIST_2,
  OUT_OF_SCOPE_SUPPORT_2,
];
