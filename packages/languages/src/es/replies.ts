// Spanish: what the agent says, the same things as in English, in the way a Spanish shop would.
import type { ReplyTemplates } from '../replies/types.js';
import { capitalize, listOf } from '../replies/shared.js';

/** The Spanish replies. */
export const replies: ReplyTemplates = {
  currency: 'EUR',
  spokenMoney: (whole, cents) => (cents > 0 ? `${whole} euros con ${cents}` : `${whole} euros`),
  and: 'y',
  more: 'mucho más',
  catalogue: (kinds) => `Tenemos ${kinds}. ¿Qué estás buscando?`,
  goodbye: 'Gracias por tu visita. ¡Adiós!',
  failed: 'Lo siento, no he podido hacerlo. ¿Puedes decirlo de otra manera?',
  notHeard: 'Perdona, no te he entendido bien. ¿Puedes repetirlo?',
  nothingShown: 'Todavía no te he mostrado nada. ¿Qué estás buscando?',
  display: (name, facts) => {
    const said: string[] = [];
    if (facts.price) said.push(`precio: ${facts.price}`);
    if (facts.weightGrams !== undefined) said.push(`peso: ${facts.weightGrams} gramos`);
    if (facts.waterproof !== undefined)
      said.push(facts.waterproof ? 'impermeable' : 'no es impermeable');
    return `Aquí tienes ${name}.${said.length ? ` ${capitalize(said.join(', '))}.` : ''}`;
  },
  asksWaterproof: /impermeabl/i,
  compare: (items, lightest) => {
    const prices = items.map((item) => `${item.name} a ${item.price ?? 'precio sin indicar'}`);
    const text = `Aquí los tienes lado a lado: ${listOf(prices, 'y')}.`;
    return lightest ? `${text} El más ligero es ${lightest}.` : text;
  },
  added: (name, quantity, total) => {
    const what =
      quantity !== undefined && quantity > 1
        ? `${quantity} unidades de ${name ?? 'este artículo'}`
        : (name ?? 'el artículo');
    const totalText =
      total !== undefined
        ? ` Tienes ${total} ${total === 1 ? 'artículo' : 'artículos'} en tu carrito.`
        : '';
    return `He añadido ${what} a tu carrito.${totalText}`;
  },
  removed: (total) => `Lo he quitado de tu carrito.${spanishLeft(total)}`,
  removedMany: (count, total) =>
    `He quitado ${count === 2 ? 'los dos' : `los ${count}`} artículos de tu carrito.${spanishLeft(total)}`,
  cart: (lines, more, total) => {
    const names = lines.map((line) =>
      line.quantity > 1 ? `${line.quantity} unidades de ${line.name}` : line.name,
    );
    const rest = more > 0 ? ` y ${more} más` : '';
    return `Tienes ${total} ${total === 1 ? 'artículo' : 'artículos'} en tu carrito: ${listOf(names, 'y')}${rest}.`;
  },
  cartEmpty: 'Tu carrito está vacío.',
  cleared: 'Tu carrito está vacío ahora.',
  searchNone: () => 'No he encontrado nada parecido. ¿Puedes describirlo de otra manera?',
  searchNoneIn: (query, kind) => `No tengo nada de «${query}» en la categoría ${kind}.`,
  askFor: (what) => `Todavía me falta un dato: «${what}». ¿Me lo puede decir?`,
  onlyAmong: (what, allowed) => `Para «${what}» solo puedo aceptar ${allowed}. ¿Qué prefiere?`,
  notKnown: 'Lo siento, no tengo información sobre eso. ¿Puedo ayudarle con otra cosa?',
  knowledgeNear: (title, passage) =>
    `No tengo nada sobre eso exactamente. Lo más parecido, en «${title}»: ${passage}`,
  searchFound: ({ count, relaxed, top, ranking }) => {
    const head = relaxed
      ? `Nada coincidía con todo eso, pero he encontrado ${count} ${count === 1 ? 'resultado parecido' : 'resultados parecidos'}.`
      : count === 1
        ? 'He encontrado un resultado.'
        : `He encontrado ${count} resultados.`;
    if (!top) return head;
    const named = top.price ? `${top.name}, a ${top.price}` : top.name;
    if (ranking) return `${head} ${capitalize(ranking)} es ${named}.`;
    return `${head} ${count === 1 ? 'Es' : 'El primero es'} ${named}.`;
  },
  limitGoodbyes: {
    max_duration: 'Hemos llegado al límite de tiempo de esta conversación. ¡Gracias, adiós!',
    idle_timeout: 'Hace rato que no sé de ti, así que termino aquí. ¡Adiós!',
  },
  acknowledgements: ['Un momento.', 'Déjame ver.', 'Un segundo.'],
};

function spanishLeft(total: number | undefined): string {
  if (total === 0) return ' Tu carrito está vacío ahora.';
  if (total === undefined) return '';
  return total === 1 ? ' Te queda 1 artículo.' : ` Te quedan ${total} artículos.`;
}
