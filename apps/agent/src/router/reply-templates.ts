// The sentences of the router's replies, per language: short, plain, made to be spoken. The
// English ones are the router's first; French, Spanish and German say the same things in the
// way those shops would. Item names are the catalogue's, so no template puts an article before a
// name whose gender it cannot know.

/** What a display reply can say of an item. */
export interface ItemFacts {
  price?: string | undefined;
  weightGrams?: number | undefined;
  /** Said when true, and when false if the visitor asked ("is it waterproof?"). */
  waterproof?: boolean | undefined;
}

/** One language's reply sentences. */
export interface ReplyTemplates {
  /** The currency a written price is shown in (ISO 4217). */
  currency: string;
  /** A spoken amount: "149 dollars 99", "149 euros 99". */
  spokenMoney: (whole: number, cents: number) => string;
  /** The word before the last of a list ("and", "et"). */
  and: string;
  /** The last entry of a long list of kinds ("more"). */
  more: string;
  catalogue: (kinds: string) => string;
  goodbye: string;
  failed: string;
  /** A turn the recognizer could not make words of: asked again. */
  notHeard: string;
  /** "The first one" when nothing was shown yet. */
  nothingShown: string;
  display: (name: string, facts: ItemFacts) => string;
  /** Whether a request asks about waterproofness ("is it waterproof"), in the words as heard. */
  asksWaterproof: RegExp;
  compare: (items: { name: string; price: string | undefined }[], lightest?: string) => string;
  added: (
    name: string | undefined,
    quantity: number | undefined,
    total: number | undefined,
  ) => string;
  removed: (total: number | undefined) => string;
  removedMany: (count: number, total: number | undefined) => string;
  cart: (lines: { name: string; quantity: number }[], more: number, total: number) => string;
  cartEmpty: string;
  cleared: string;
  /** No result; `query` is the words searched for when they read well. */
  searchNone: (query: string | undefined) => string;
  /**
   * No result for the words asked for (`query`) in the kind asked for (`kind`, as said): the kind's
   * other items are not what was asked, so the reply says it has none.
   */
  searchNoneIn: (query: string, kind: string) => string;
  /**
   * Nothing the scenario holds (its documents, its prompt, its tools' results) answers the
   * question: the agent does not know, and offers to help otherwise.
   */
  notKnown: string;
  /**
   * The closest passage of the business's documents (`passage`, of the document titled `title`),
   * which is only near the question: said as the closest, not as an answer.
   */
  knowledgeNear: (title: string, passage: string) => string;
  /**
   * Results: how many, of what (`what`, when the words read well), whether the search was relaxed,
   * and the top one (by the ranking asked for, else the first).
   */
  searchFound: (found: {
    count: number;
    what: string | undefined;
    relaxed: boolean;
    top: { name: string; price: string | undefined } | undefined;
    ranking: string | undefined;
  }) => string;
}

/** "a, b and c" with the language's "and". */
export function listOf(names: readonly string[], and: string): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} ${and} ${names[names.length - 1]}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const english: ReplyTemplates = {
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
};

function englishLeft(total: number | undefined): string {
  if (total === 0) return ' Your cart is empty now.';
  return total !== undefined ? ` You have ${total} ${total === 1 ? 'item' : 'items'} left.` : '';
}

const french: ReplyTemplates = {
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
};

function frenchLeft(total: number | undefined): string {
  if (total === 0) return ' Votre panier est vide maintenant.';
  return total !== undefined
    ? ` Il vous reste ${total} ${total === 1 ? 'article' : 'articles'}.`
    : '';
}

const spanish: ReplyTemplates = {
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
};

function spanishLeft(total: number | undefined): string {
  if (total === 0) return ' Tu carrito está vacío ahora.';
  if (total === undefined) return '';
  return total === 1 ? ' Te queda 1 artículo.' : ` Te quedan ${total} artículos.`;
}

const german: ReplyTemplates = {
  currency: 'EUR',
  spokenMoney: (whole, cents) => (cents > 0 ? `${whole} Euro ${cents}` : `${whole} Euro`),
  and: 'und',
  more: 'vieles mehr',
  catalogue: (kinds) => `Wir haben ${kinds}. Wonach suchen Sie?`,
  goodbye: 'Vielen Dank für Ihren Besuch. Auf Wiederhören!',
  failed: 'Entschuldigung, das hat nicht geklappt. Können Sie es anders sagen?',
  notHeard: 'Entschuldigung, das habe ich nicht verstanden. Können Sie es wiederholen?',
  nothingShown: 'Ich habe Ihnen noch nichts gezeigt. Wonach suchen Sie?',
  display: (name, facts) => {
    const said: string[] = [];
    if (facts.price) said.push(`Preis: ${facts.price}`);
    if (facts.weightGrams !== undefined) said.push(`Gewicht: ${facts.weightGrams} Gramm`);
    if (facts.waterproof !== undefined)
      said.push(facts.waterproof ? 'wasserdicht' : 'nicht wasserdicht');
    return `Hier ist ${name}.${said.length ? ` ${said.join(', ')}.` : ''}`;
  },
  asksWaterproof: /wasser\s*dicht/i,
  compare: (items, lightest) => {
    const prices = items.map((item) => `${item.name} für ${item.price ?? 'ohne Preisangabe'}`);
    const text = `Hier sind sie nebeneinander: ${listOf(prices, 'und')}.`;
    return lightest ? `${text} Am leichtesten ist ${lightest}.` : text;
  },
  added: (name, quantity, total) => {
    const count = quantity !== undefined && quantity > 1 ? ` ${quantity}-mal` : '';
    const totalText = total !== undefined ? ` Sie haben ${total} Artikel im Warenkorb.` : '';
    return `Ich habe ${name ?? 'den Artikel'}${count} in Ihren Warenkorb gelegt.${totalText}`;
  },
  removed: (total) => `Ich habe es aus Ihrem Warenkorb entfernt.${germanLeft(total)}`,
  removedMany: (count, total) =>
    `Ich habe ${count === 2 ? 'beide' : `alle ${count}`} aus Ihrem Warenkorb entfernt.${germanLeft(total)}`,
  cart: (lines, more, total) => {
    const names = lines.map((line) =>
      line.quantity > 1 ? `${line.quantity}-mal ${line.name}` : line.name,
    );
    const rest = more > 0 ? ` und ${more} weitere` : '';
    return `Sie haben ${total} Artikel im Warenkorb: ${listOf(names, 'und')}${rest}.`;
  },
  cartEmpty: 'Ihr Warenkorb ist leer.',
  cleared: 'Ihr Warenkorb ist jetzt leer.',
  searchNone: () => 'Dazu habe ich nichts gefunden. Können Sie es anders beschreiben?',
  searchNoneIn: (query, kind) => `In der Kategorie ${kind} habe ich nichts zu „${query}“.`,
  notKnown: 'Tut mir leid, dazu habe ich keine Informationen. Kann ich Ihnen sonst weiterhelfen?',
  knowledgeNear: (title, passage) =>
    `Genau dazu habe ich nichts. Am nächsten kommt das hier, aus „${title}“: ${passage}`,
  searchFound: ({ count, relaxed, top, ranking }) => {
    const head = relaxed
      ? `Nichts passte zu allem, aber ich habe ${count === 1 ? 'einen ähnlichen Treffer' : `${count} ähnliche Treffer`} gefunden.`
      : count === 1
        ? 'Ich habe einen Treffer gefunden.'
        : `Ich habe ${count} Treffer gefunden.`;
    if (!top) return head;
    const named = top.price ? `${top.name} für ${top.price}` : top.name;
    if (ranking) return `${head} ${capitalize(ranking)} ist ${named}.`;
    return `${head} ${count === 1 ? 'Es ist' : 'Der erste ist'} ${named}.`;
  },
};

function germanLeft(total: number | undefined): string {
  if (total === 0) return ' Ihr Warenkorb ist jetzt leer.';
  return total !== undefined ? ` Sie haben noch ${total} Artikel.` : '';
}

const TEMPLATES: Readonly<Record<string, ReplyTemplates>> = {
  en: english,
  fr: french,
  es: spanish,
  de: german,
};

/** The reply sentences of a language ("de-AT" reads as German), if it has them. */
export function templatesFor(language: string): ReplyTemplates | undefined {
  const base = language.toLowerCase().split(/[-_]/)[0] ?? '';
  return Object.hasOwn(TEMPLATES, base) ? TEMPLATES[base] : undefined;
}
