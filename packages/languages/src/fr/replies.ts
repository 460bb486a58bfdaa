// French: what the agent says, the same things as in English, in the way a French shop would.
import type { ReplyTemplates } from '../replies/types.js';
import { capitalize, listOf } from '../replies/shared.js';

/** The French replies. */
export const replies: ReplyTemplates = {
  currency: 'EUR',
  spokenMoney: (whole, cents) => (cents > 0 ? `${whole} euros ${cents}` : `${whole} euros`),
  and: 'et',
  more: 'bien d’autres choses',
  catalogue: (kinds) => `Nous proposons : ${kinds}. Que recherchez-vous ?`,
  goodbye: 'Merci de votre visite. Au revoir !',
  failed: 'Désolé, je n’ai pas pu le faire. Pouvez-vous le dire autrement ?',
  notHeard: 'Pardon, je n’ai pas bien entendu. Pouvez-vous répéter ?',
  nothingShown: 'Je ne vous ai encore rien montré. Que recherchez-vous ?',
  display: (name, facts) => {
    const said: string[] = [];
    if (facts.price) said.push(`prix : ${facts.price}`);
    if (facts.weightGrams !== undefined) said.push(`poids : ${facts.weightGrams} grammes`);
    if (facts.waterproof !== undefined)
      said.push(facts.waterproof ? 'imperméable' : 'pas imperméable');
    return `Voici ${name}.${said.length ? ` ${capitalize(said.join(', '))}.` : ''}`;
  },
  asksWaterproof: /imperm[eé]abl/i,
  compare: (items, lightest) => {
    const prices = items.map((item) => `${item.name} à ${item.price ?? 'prix non indiqué'}`);
    const text = `Les voici côte à côte : ${listOf(prices, 'et')}.`;
    return lightest ? `${text} Le plus léger est ${lightest}.` : text;
  },
  added: (name, quantity, total) => {
    const what = name ?? 'l’article';
    const count = quantity !== undefined && quantity > 1 ? ` en ${quantity} exemplaires` : '';
    const totalText =
      total !== undefined
        ? ` Vous avez ${total} ${total === 1 ? 'article' : 'articles'} dans votre panier.`
        : '';
    return `J’ai ajouté ${what}${count} à votre panier.${totalText}`;
  },
  removed: (total) => `Je l’ai retiré de votre panier.${frenchLeft(total)}`,
  removedMany: (count, total) =>
    `J’ai retiré ${count === 2 ? 'les deux' : `les ${count}`} articles de votre panier.${frenchLeft(total)}`,
  cart: (lines, more, total) => {
    const names = lines.map((line) =>
      line.quantity > 1 ? `${line.name} en ${line.quantity} exemplaires` : line.name,
    );
    const rest = more > 0 ? ` et ${more} autres` : '';
    return `Vous avez ${total} ${total === 1 ? 'article' : 'articles'} dans votre panier : ${listOf(names, 'et')}${rest}.`;
  },
  cartEmpty: 'Votre panier est vide.',
  cleared: 'Votre panier est vide maintenant.',
  searchNone: () => 'Je n’ai rien trouvé de tel. Pouvez-vous le décrire autrement ?',
  searchNoneIn: (query, kind) => `Je n’ai rien pour « ${query} » dans la catégorie ${kind}.`,
  askFor: (what) => `Il me manque encore une information : « ${what} ». Pouvez-vous me la donner ?`,
  onlyAmong: (what, allowed) =>
    `Pour « ${what} », je ne peux prendre que ${allowed}. Que souhaitez-vous ?`,
  notKnown:
    'Je suis désolé, je n’ai pas d’information à ce sujet. Puis-je vous aider pour autre chose ?',
  knowledgeNear: (title, passage) =>
    `Je n’ai rien sur ce point précis. Le plus proche, dans « ${title} » : ${passage}`,
  searchFound: ({ count, relaxed, top, ranking }) => {
    const head = relaxed
      ? `Rien ne correspondait à tout cela, mais j’ai trouvé ${count} ${count === 1 ? 'résultat proche' : 'résultats proches'}.`
      : count === 1
        ? 'J’ai trouvé un résultat.'
        : `J’ai trouvé ${count} résultats.`;
    if (!top) return head;
    const named = top.price ? `${top.name}, à ${top.price}` : top.name;
    if (ranking) return `${head} ${capitalize(ranking)} est ${named}.`;
    return `${head} ${count === 1 ? 'C’est' : 'Le premier est'} ${named}.`;
  },
  limitGoodbyes: {
    max_duration: 'Nous avons atteint la durée maximale de cette conversation. Merci, au revoir !',
    idle_timeout: 'Je n’ai plus de nouvelles de vous, je m’arrête ici. Au revoir !',
  },
  acknowledgements: ['Un instant.', 'Voyons voir.', 'Une seconde.'],
};

function frenchLeft(total: number | undefined): string {
  if (total === 0) return ' Votre panier est vide maintenant.';
  return total !== undefined
    ? ` Il vous reste ${total} ${total === 1 ? 'article' : 'articles'}.`
    : '';
}
