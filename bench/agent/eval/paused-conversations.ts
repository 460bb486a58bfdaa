// Paused requests (`paused-requests-1`): spoken conversations where the visitor pauses (600-1000
// ms) in the middle of a request, after a complete first sentence or after an unfinished start,
// so the agent may answer the first half and hear the rest as a new turn. Each turn is judged on
// what the whole request asked for. Written from the demo catalogue
// (apps/api/src/seed/products.ts) and the expectation helpers (./expectations.ts) only, by someone
// who read neither the agent's prompts and rules nor the other sets, so none of these phrasings
// was tuned on. Frozen: `sets/frozen.json` holds this file's sha256, and a change makes a new set.
import {
  add,
  at,
  compare,
  focus,
  named,
  ranked,
  search,
  show,
  showCart,
  end,
  type Expectation,
} from './expectations.js';

/** One thing the visitor says; `say` holds " | " exactly once where the visitor pauses, for `pauseMs`, when the turn has a pause. */
export interface PausedTurn {
  say: string;
  /** How long the visitor pauses at " | " (600-1000 ms); absent when the turn has no pause. */
  pauseMs?: number;
  /** Whether the words before the pause are a complete sentence on their own. */
  firstPart?: 'complete' | 'incomplete';
  /** The right outcome of the whole turn, judged on the LAST action the page got for it (any one of these). */
  expect: Expectation[];
}

/** A conversation of the set. */
export interface PausedConversation {
  id: string;
  turns: PausedTurn[];
}

/** The set's two parts: `dev` to look at while working, `heldout` run only to report. */
export const PAUSED_CONVERSATIONS: { dev: PausedConversation[]; heldout: PausedConversation[] } = {
  dev: [
    {
      id: 'paused-tent-budget',
      turns: [
        {
          say: "Hi there, um, I'm after a tent. | Nothing over three hundred dollars, though.",
          pauseMs: 800,
          firstPart: 'complete',
          expect: [search({ category: 'tents', words: ['tent'], maxPrice: 300 })],
        },
        {
          say: 'Okay, could you show me the, uh, | the lightest one out of those?',
          pauseMs: 700,
          firstPart: 'incomplete',
          expect: [show(ranked('weight_g', 'lowest'))],
        },
        { say: "Perfect, that's all I needed. Thanks, bye!", expect: [end] },
      ],
    },
    {
      id: 'paused-socks-warm',
      turns: [
        {
          say: "I'd like something that | keeps my feet warm in the tent at night. Wool socks, maybe?",
          pauseMs: 900,
          firstPart: 'incomplete',
          expect: [search({ category: 'clothing', words: ['sock'] })],
        },
        {
          say: "Let's go with the first pair. | Actually, make it three pairs.",
          pauseMs: 1000,
          firstPart: 'complete',
          expect: [add(at(1), 3)],
        },
      ],
    },
    {
      id: 'paused-headlamp-price',
      turns: [
        {
          say: 'Do you have headlamps? | Ones under a hundred and twenty dollars, I mean.',
          pauseMs: 600,
          firstPart: 'complete',
          expect: [
            search({ category: 'lighting', words: ['headlamp', 'head lamp'], maxPrice: 120 }),
          ],
        },
        {
          say: 'Hmm, can you compare the first one with | the third one?',
          pauseMs: 800,
          firstPart: 'incomplete',
          expect: [compare(at(1), at(3))],
        },
        {
          say: "Right, I'll go with the cheaper of the two. | Just the one, please.",
          pauseMs: 700,
          firstPart: 'complete',
          expect: [add(ranked('price', 'lowest'), 1)],
        },
      ],
    },
    {
      id: 'paused-stove-brand',
      turns: [
        {
          say: 'I need a camp stove for a trip next month. | Something from Summit, if you carry them.',
          pauseMs: 900,
          firstPart: 'complete',
          expect: [search({ category: 'cooking', words: ['stove'], brand: 'Summit' })],
        },
        {
          say: 'Oh nice, let me have a look at the Summit one.',
          expect: [show(named('Summit', 'Camp Stove'))],
        },
        {
          say: "Okay, add it to my cart. | Two of them, actually, one's for my brother.",
          pauseMs: 600,
          firstPart: 'complete',
          expect: [add(focus, 2)],
        },
      ],
    },
    {
      id: 'paused-jacket-waterproof',
      turns: [
        {
          say: "Could you find me a jacket | that's properly waterproof? Not just, you know, water resistant.",
          pauseMs: 700,
          firstPart: 'incomplete',
          expect: [search({ category: 'clothing', words: ['jacket'], waterproof: true })],
        },
        {
          say: "Which one's the cheapest? | Show me that one.",
          pauseMs: 900,
          firstPart: 'complete',
          expect: [show(ranked('price', 'lowest'))],
        },
        { say: "Thanks, that's everything for today. Bye now.", expect: [end] },
      ],
    },
    {
      id: 'paused-daypack-correction',
      turns: [
        {
          say: 'I want a day pack for the school run.',
          expect: [search({ category: 'backpacks', words: ['pack'] })],
        },
        {
          say: 'Show me the second one. | No, sorry, I meant the third.',
          pauseMs: 1000,
          firstPart: 'complete',
          expect: [show(at(3))],
        },
      ],
    },
    {
      id: 'paused-lantern-compare',
      turns: [
        {
          say: "I'm looking at lanterns that are | under fifty bucks.",
          pauseMs: 900,
          firstPart: 'incomplete',
          expect: [search({ category: 'lighting', words: ['lantern'], maxPrice: 50 })],
        },
        {
          say: 'Can you compare the first and | the second one for me?',
          pauseMs: 600,
          firstPart: 'incomplete',
          expect: [compare(at(1), at(2))],
        },
      ],
    },
    {
      id: 'paused-sleeping-bag-colour',
      turns: [
        {
          say: "Let me think... I need a sleeping bag for my daughter. | She'd want a blue one.",
          pauseMs: 800,
          firstPart: 'complete',
          expect: [search({ category: 'sleeping-bags', words: ['sleeping bag'], color: 'blue' })],
        },
        {
          say: "Okay, put the first one in the cart. | Actually, two, her friend's coming too.",
          pauseMs: 1000,
          firstPart: 'complete',
          expect: [add(at(1), 2)],
        },
        { say: 'Can I see my cart now?', expect: [showCart] },
      ],
    },
    {
      id: 'paused-boots-brand-waterproof',
      turns: [
        {
          say: "I'm after some hiking boots. | Waterproof ones, from Blue Ridge.",
          pauseMs: 700,
          firstPart: 'complete',
          expect: [
            search({
              category: 'footwear',
              words: ['boot'],
              brand: 'Blue Ridge',
              waterproof: true,
            }),
          ],
        },
        {
          say: 'Show me the, um, | the heaviest of those, I want something sturdy.',
          pauseMs: 1000,
          firstPart: 'incomplete',
          expect: [show(ranked('weight_g', 'highest'))],
        },
        { say: "Great, I'll have a think. Goodbye.", expect: [end] },
      ],
    },
    {
      id: 'paused-mug-quantity',
      turns: [
        {
          say: 'Do you sell titanium mugs?',
          expect: [search({ category: 'cooking', words: ['mug'] })],
        },
        {
          say: 'Add the cheapest one. | Four of them, one for each of us.',
          pauseMs: 800,
          firstPart: 'complete',
          expect: [add(ranked('price', 'lowest'), 4)],
        },
      ],
    },
    {
      id: 'paused-sunhat-colour',
      turns: [
        {
          say: 'What sun hats have you got | in blue?',
          pauseMs: 600,
          firstPart: 'incomplete',
          expect: [search({ category: 'clothing', words: ['hat'], color: 'blue' })],
        },
        {
          say: "Can you open the second one? | I want to check if it's waterproof.",
          pauseMs: 700,
          firstPart: 'complete',
          expect: [show(at(2))],
        },
        { say: "Okay cool, I'll think about it. Bye!", expect: [end] },
      ],
    },
    {
      id: 'paused-filter-colour',
      turns: [
        {
          say: "I'd love a water filter. | A black one, if you've got it.",
          pauseMs: 1000,
          firstPart: 'complete',
          expect: [search({ category: 'cooking', words: ['filter'], color: 'black' })],
        },
        {
          say: 'Put the first one side by side with, um, | the third one.',
          pauseMs: 900,
          firstPart: 'incomplete',
          expect: [compare(at(1), at(3))],
        },
      ],
    },
  ],
  heldout: [
    {
      id: 'paused-trail-runner-price',
      turns: [
        {
          say: 'My running shoes are falling apart. | I need new trail runners, under two hundred and fifty dollars.',
          pauseMs: 800,
          firstPart: 'complete',
          expect: [search({ category: 'footwear', words: ['runner'], maxPrice: 250 })],
        },
        {
          say: 'Compare the second with | the third.',
          pauseMs: 700,
          firstPart: 'incomplete',
          expect: [compare(at(2), at(3))],
        },
        { say: 'Alright, thanks for the help, bye bye.', expect: [end] },
      ],
    },
    {
      id: 'paused-quilt-lightest',
      turns: [
        {
          say: "I'm looking for a quilt for backpacking. | The lighter the better, honestly.",
          pauseMs: 600,
          firstPart: 'complete',
          expect: [search({ category: 'sleeping-bags', words: ['quilt'] })],
        },
        {
          say: 'Which is the lightest? Pull that one up.',
          expect: [show(ranked('weight_g', 'lowest'))],
        },
        {
          say: "Add that one to my cart. | Oh, we're going as a couple, so two please.",
          pauseMs: 900,
          firstPart: 'complete',
          expect: [add(focus, 2)],
        },
      ],
    },
    {
      id: 'paused-family-tent-colour',
      turns: [
        {
          say: 'We need a tent for a family of four. | Ideally in orange, so the kids can spot it.',
          pauseMs: 900,
          firstPart: 'complete',
          expect: [search({ category: 'tents', words: ['tent'], color: 'orange' })],
        },
        {
          say: 'Is the first one waterproof? | Actually, just show it to me.',
          pauseMs: 1000,
          firstPart: 'complete',
          expect: [show(at(1))],
        },
      ],
    },
    {
      id: 'paused-pack-brand',
      turns: [
        {
          say: 'Have you got anything by | Pine Hollow in backpacks?',
          pauseMs: 800,
          firstPart: 'incomplete',
          expect: [search({ category: 'backpacks', words: ['pack'], brand: 'Pine Hollow' })],
        },
        {
          say: 'Great, add the, uh, | the priciest one, might as well treat myself.',
          pauseMs: 700,
          firstPart: 'incomplete',
          expect: [add(ranked('price', 'highest'))],
        },
        { say: "Okay, that's it. Cheers, bye.", expect: [end] },
      ],
    },
    {
      id: 'paused-flashlight-waterproof',
      turns: [
        {
          say: 'I need a flashlight for the boat. | It has to be waterproof.',
          pauseMs: 900,
          firstPart: 'complete',
          expect: [
            search({ category: 'lighting', words: ['flashlight', 'torch'], waterproof: true }),
          ],
        },
        {
          say: 'Can you put the first two side by side?',
          expect: [compare(at(1), at(2))],
        },
      ],
    },
    {
      id: 'paused-kettle-colour',
      turns: [
        {
          say: "Um, I'm after a camp kettle and | I'd like it in black if possible.",
          pauseMs: 1000,
          firstPart: 'incomplete',
          expect: [search({ category: 'cooking', words: ['kettle'], color: 'black' })],
        },
        {
          say: "I'll take that one. | Better make it two, come to think of it.",
          pauseMs: 800,
          firstPart: 'complete',
          expect: [add(at(1), 2)],
        },
        { say: "What's in my cart now?", expect: [showCart] },
      ],
    },
    {
      id: 'paused-base-layer-range',
      turns: [
        {
          say: "I'm looking for a base layer. | Something between a hundred and twenty and a hundred and eighty dollars.",
          pauseMs: 700,
          firstPart: 'complete',
          expect: [
            search({ category: 'clothing', words: ['base layer'], minPrice: 120, maxPrice: 180 }),
          ],
        },
        { say: 'Show me the cheapest.', expect: [show(ranked('price', 'lowest'))] },
        {
          say: "That's great, thank you. | Goodbye!",
          pauseMs: 600,
          firstPart: 'complete',
          expect: [end],
        },
      ],
    },
    {
      id: 'paused-headlamp-named',
      turns: [
        {
          say: 'Tell me about the North Peak headlamp. | How heavy is it?',
          pauseMs: 900,
          firstPart: 'complete',
          expect: [show(named('North Peak', 'Headlamp'))],
        },
        {
          say: 'Okay, compare it with | the Stone Creek one.',
          pauseMs: 600,
          firstPart: 'incomplete',
          expect: [compare(named('North Peak', 'Headlamp'), named('Stone Creek', 'Headlamp'))],
        },
      ],
    },
    {
      id: 'paused-sandals-colour-price',
      turns: [
        {
          say: 'Let me think... sandals for the campsite, | green ones, under a hundred and fifty dollars.',
          pauseMs: 1000,
          firstPart: 'incomplete',
          expect: [
            search({ category: 'footwear', words: ['sandal'], color: 'green', maxPrice: 150 }),
          ],
        },
        { say: "Thanks, that'll do for today. Goodbye!", expect: [end] },
      ],
    },
    {
      id: 'paused-pillow-quantity',
      turns: [
        {
          say: 'Could I see your camp pillows?',
          expect: [search({ category: 'sleeping-bags', words: ['pillow'] })],
        },
        {
          say: 'Okay, I want the second one. | Three of them for the kids.',
          pauseMs: 700,
          firstPart: 'complete',
          expect: [add(at(2), 3)],
        },
        {
          say: "And show me what's in the cart. | Just to double check.",
          pauseMs: 800,
          firstPart: 'complete',
          expect: [showCart],
        },
      ],
    },
    {
      id: 'paused-softshell-colour',
      turns: [
        {
          say: "I'm after a softshell jacket in, um, | grey, I think. Yeah, grey.",
          pauseMs: 900,
          firstPart: 'incomplete',
          expect: [
            search({ category: 'clothing', words: ['softshell', 'soft shell'], color: 'grey' }),
          ],
        },
        {
          say: "I'll take the North Peak one. | Could you make that two? My partner wants one as well.",
          pauseMs: 800,
          firstPart: 'complete',
          expect: [add(named('North Peak', 'Softshell Jacket'), 2)],
        },
      ],
    },
    {
      id: 'paused-winter-boot-price',
      turns: [
        {
          say: 'My feet freeze every winter. | Do you have winter boots under two hundred dollars?',
          pauseMs: 600,
          firstPart: 'complete',
          expect: [search({ category: 'footwear', words: ['boot'], maxPrice: 200 })],
        },
        {
          say: "Show me the second one, and | tell me if it's waterproof.",
          pauseMs: 1000,
          firstPart: 'incomplete',
          expect: [show(at(2))],
        },
      ],
    },
  ],
};
