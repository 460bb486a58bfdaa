// English: what the agent says. The router's replies were written in English first; the other
// languages say the same things.
import type { ReplyTemplates } from '../replies/types.js';
import { capitalize, listOf } from '../replies/shared.js';

/** The English replies. */
export const replies: ReplyTemplates = {
  currency: 'USD',
  spokenMoney: (whole, cents) => (cents > 0 ? `${whole} dollars ${cents}` : `${whole} dollars`),
  and: 'and',
  more: 'more',
  catalogue: (kinds) => `We have ${kinds}. What are you looking for?`,
  goodbye: 'Thank you for visiting. Goodbye!',
  failed: "Sorry, I couldn't do that. Could you say it another way?",
  notHeard: "Sorry, I didn't catch that. Could you say it again?",
  nothingShown: "I haven't shown you anything yet. What are you looking for?",
  display: (name, facts) => {
    const said: string[] = [];
    if (facts.price) said.push(`it costs ${facts.price}`);
    if (facts.weightGrams !== undefined) said.push(`weighs ${facts.weightGrams} grams`);
    if (facts.waterproof !== undefined)
      said.push(facts.waterproof ? "it's waterproof" : "it isn't waterproof");
    return `Here is the ${name}.${said.length ? ` ${capitalize(listOf(said, 'and'))}.` : ''}`;
  },
  asksWaterproof: /water\s*proof/i,
  compare: (items, lightest) => {
    const prices = items.map((item) => `the ${item.name} is ${item.price ?? 'unpriced'}`);
    const text = `Here they are side by side: ${listOf(prices, 'and')}.`;
    return lightest ? `${text} The ${lightest} is the lightest.` : text;
  },
  added: (name, quantity, total) => {
    const count =
      quantity !== undefined && quantity > 1
        ? `${quantity} of the ${name ?? 'item'}`
        : `the ${name ?? 'item'}`;
    const totalText =
      total !== undefined
        ? ` You have ${total} ${total === 1 ? 'item' : 'items'} in your cart.`
        : '';
    return `I added ${count} to your cart.${totalText}`;
  },
  removed: (total) => `I removed it from your cart.${englishLeft(total)}`,
  removedMany: (count, total) =>
    `I removed ${count === 2 ? 'both' : `all ${count}`} from your cart.${englishLeft(total)}`,
  cart: (lines, more, total) => {
    const names = lines.map((line) =>
      line.quantity > 1 ? `${line.quantity} ${line.name}` : `the ${line.name}`,
    );
    const rest = more > 0 ? ` and ${more} more` : '';
    return `You have ${total} ${total === 1 ? 'item' : 'items'} in your cart: ${listOf(names, 'and')}${rest}.`;
  },
  cartEmpty: 'Your cart is empty.',
  cleared: 'Your cart is empty now.',
  searchNone: (query) =>
    query
      ? `I couldn't find any ${query}. Could you describe it another way?`
      : "I couldn't find anything like that. Could you describe it another way?",
  searchNoneIn: (query, kind) => `I have no ${query} in ${kind}.`,
  askFor: (what) => `I still need your ${what} for that. Could you tell me?`,
  onlyAmong: (what, allowed) =>
    `For the ${what}, I can only take ${allowed}. Which would you like?`,
  notKnown:
    "I'm sorry, I don't have any information about that. Is there something else I can help you with?",
  knowledgeNear: (title, passage) =>
    `I don't have anything on exactly that. The closest I have is from "${title}": ${passage}`,
  searchFound: ({ count, what, relaxed, top, ranking }) => {
    const head = relaxed
      ? `Nothing matched all of that, but I found ${count} close ${count === 1 ? 'match' : 'matches'}.`
      : count === 1
        ? 'I found one.'
        : `I found ${count} ${what ?? 'matches'}.`;
    if (!top) return head;
    const named = top.price ? `the ${top.name} at ${top.price}` : `the ${top.name}`;
    if (ranking) return `${head} The ${ranking} is ${named}.`;
    return `${head} ${count === 1 ? 'It is' : 'The first is'} ${named}.`;
  },
  limitGoodbyes: {
    max_duration: 'We have reached the time limit for this conversation. Thank you, goodbye!',
    idle_timeout: 'I have not heard from you for a while, so I will end here. Goodbye!',
  },
  acknowledgements: ['One moment.', 'Let me see.', 'Just a second.'],
};

function englishLeft(total: number | undefined): string {
  if (total === 0) return ' Your cart is empty now.';
  return total !== undefined ? ` You have ${total} ${total === 1 ? 'item' : 'items'} left.` : '';
}
