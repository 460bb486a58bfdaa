// The router in French, Spanish and German: per language, a table of utterances and the route
// each must take, on a small shop written in that language (test-shops.ts). Every utterance runs
// in a fresh conversation after the turns it follows (`after`), with what the cart holds (`cart`).
import { initializeLogger, llm, voice } from '@livekit/agents';
import { describe, expect, it } from 'vitest';
import type { RouterReply } from './intents.js';
import { RoutedLLM } from './routed-llm.js';
import { ShopDialogue, testShop, type ShopLanguage } from './test-shops.js';

type Expected =
  | { tool: string; args: Record<string, unknown>; also?: Record<string, unknown>[] }
  | { reply: RouterReply }
  | 'llm';

interface Case {
  say: string;
  after?: string[];
  cart?: string[];
  route: Expected;
}

const search = (args: Record<string, unknown>): Expected => ({ tool: 'search_products', args });
const show = (id: string): Expected => ({ tool: 'show_product', args: { item_id: id } });
const compare = (...ids: string[]): Expected => ({
  tool: 'compare_products',
  args: { item_ids: ids },
});
const add = (id: string, quantity?: number): Expected => ({
  tool: 'add_to_cart',
  args: { item_id: id, ...(quantity ? { quantity } : {}) },
});
const remove = (...ids: string[]): Expected => ({
  tool: 'remove_from_cart',
  args: { item_id: ids[0] },
  ...(ids.length > 1 ? { also: ids.slice(1).map((id) => ({ item_id: id })) } : {}),
});
const showCart: Expected = { tool: 'show_cart', args: {} };
const end: Expected = { tool: 'end_conversation', args: { reason: 'the visitor said goodbye' } };
const reply = (kind: RouterReply): Expected => ({ reply: kind });

const CASES: Record<ShopLanguage, Case[]> = {
  'fr-FR': [
    // A need in words the catalogue does not know: all of them, for the search to read by
    // meaning; a word that says what an item is (a name's first in French) names that kind.
    {
      say: 'il me faut quelque chose pour garder les mains au chaud en randonnée',
      route: search({ query: 'garder mains chaud randonnee' }),
    },
    { say: 'une lampe qui tienne toute la nuit', route: search({ query: 'lampe' }) },
    { say: 'Je cherche une tente', route: search({ category: 'tents' }) },
    { say: 'Montrez-moi la deuxième', route: reply('nothing_shown') },
    // "Avez-vous" misheard: "quels" and a kind still ask for that kind.
    { say: 'Quel Sacs à dos, savez-vous ?', route: search({ category: 'backpacks' }) },
    // A near miss of the recognizer, mended from the shop's words (hearing.ts).
    { say: 'Vous avez des tantes rouges ?', route: search({ category: 'tents', color: 'red' }) },
    { say: 'Montre-moi des tentes rouges', route: search({ category: 'tents', color: 'red' }) },
    {
      say: 'Vous avez des sacs de couchage à moins de 100 euros ?',
      route: search({ category: 'sleeping-bags', max_price: 100 }),
    },
    {
      say: 'Je voudrais une veste imperméable à moins de soixante euros',
      route: search({ category: 'jackets', waterproof: true, max_price: 60 }),
    },
    // An article before a unit of weight is one of it.
    {
      say: "Montre-moi des sacs de couchage de moins d'un kilo",
      route: search({ category: 'sleeping-bags', max_weight_g: 1000 }),
    },
    {
      say: 'Montre-moi des sacs de couchage de moins de deux kilos et demi',
      route: search({ category: 'sleeping-bags', max_weight_g: 2500 }),
    },
    {
      say: 'Avez-vous des tentes entre 150 et 300 euros ?',
      route: search({ category: 'tents', min_price: 150, max_price: 300 }),
    },
    {
      say: 'Avez-vous des lampes frontales ?',
      route: search({ query: 'lampes frontales' }),
    },
    {
      say: 'Montre-moi les vestes North Peak',
      route: search({ category: 'jackets', brand: 'North Peak' }),
    },
    { say: 'La deuxième', after: ['Montre-moi des tentes'], route: show('tent-2') },
    { say: 'La troisième me convient', after: ['Montre-moi des tentes'], route: add('tent-3') },
    {
      say: 'Laquelle est la moins lourde ?',
      after: ['Montre-moi des tentes'],
      route: show('tent-2'),
    },
    // For how many: the number the names write, not a count.
    {
      say: 'Je cherche une tente pour quatre personnes',
      route: search({ category: 'tents', query: '4' }),
    },
    // A count of "those" is a count of the item in focus; with only a list shown, of no item.
    {
      say: 'trois de celles-ci',
      after: ['Montre-moi des tentes', 'La deuxième'],
      route: add('tent-2', 3),
    },
    { say: 'trois de celles-ci', after: ['Montre-moi des tentes'], route: 'llm' },
    { say: 'Montre-moi la moins chère', after: ['Montre-moi des tentes'], route: show('tent-1') },
    {
      say: 'Laquelle est la plus légère ?',
      after: ['Montre-moi des tentes'],
      route: show('tent-2'),
    },
    // A plain form ranks in a "which" question only: "elle est légère ?" asks a fact.
    { say: 'Laquelle est légère ?', after: ['Montre-moi des tentes'], route: show('tent-2') },
    // The pack writes the masculine singular; any agreement of it ranks.
    { say: 'Lesquels sont légers ?', after: ['Montre-moi des tentes'], route: show('tent-2') },
    { say: 'Laquelle est pas chère ?', after: ['Montre-moi des tentes'], route: show('tent-1') },
    { say: 'Laquelle est chère ?', after: ['Montre-moi des tentes'], route: show('tent-3') },
    {
      say: "Le moins cher, s'il vous plaît",
      after: ['Montre-moi des tentes'],
      route: show('tent-1'),
    },
    {
      say: 'Compare les deux premières',
      after: ['Montre-moi des tentes'],
      route: compare('tent-1', 'tent-2'),
    },
    // A pick out of the comparison on the page is a choice: the comparison showed it already.
    {
      say: 'La plus légère, merci',
      after: ['Montre-moi des tentes', 'Compare les deux premières'],
      route: add('tent-2'),
    },
    {
      say: 'Laquelle est la plus légère ?',
      after: ['Montre-moi des tentes', 'Compare les deux premières'],
      route: show('tent-2'),
    },
    {
      say: 'Compare la verte et la bleue',
      after: ['Montre-moi des tentes'],
      route: compare('tent-1', 'tent-3'),
    },
    {
      say: 'Ajoute-la au panier',
      after: ['Montre-moi des tentes', 'La deuxième'],
      route: add('tent-2'),
    },
    {
      say: 'Ajoute deux fois la première au panier',
      after: ['Montre-moi des tentes'],
      route: add('tent-1', 2),
    },
    {
      say: 'Mets la troisième dans mon panier',
      after: ['Montre-moi des tentes'],
      route: add('tent-3'),
    },
    {
      say: 'Ajoute aussi la deuxième',
      after: ['Montre-moi des tentes', 'Ajoute la première au panier'],
      route: add('tent-2'),
    },
    { say: 'Ajoute la veste de pluie au panier', route: add('jacket-1') },
    {
      say: 'Bon, je la prends',
      after: ['Montre-moi des tentes', 'La troisième'],
      route: add('tent-3'),
    },
    // Its homophone, as a recognizer may write it.
    {
      say: "Parfait, je l'apprends.",
      after: ['Montre-moi des tentes', 'La troisième'],
      route: add('tent-3'),
    },
    { say: "Qu'est-ce qu'il y a dans mon panier ?", cart: ['lamp-1'], route: showCart },
    {
      say: 'Enlève les chaussettes',
      cart: ['socks-1', 'socks-2', 'lamp-1'],
      route: remove('socks-1', 'socks-2'),
    },
    {
      say: 'Enlève-la du panier',
      after: ['Montre-moi des tentes', 'Ajoute la première au panier'],
      route: remove('tent-1'),
    },
    {
      say: 'Et les bleues ?',
      after: ['Montre-moi des vestes'],
      route: search({ category: 'jackets', color: 'blue' }),
    },
    {
      say: 'Quelque chose à moins de 50 euros ?',
      after: ['Montre-moi des vestes'],
      route: search({ category: 'jackets', max_price: 50 }),
    },
    { say: 'Au revoir !', route: end },
    { say: 'Merci, au revoir', route: end },
    { say: 'Bonne journée', route: end },
    { say: 'Bonjour', route: 'llm' },
    { say: 'Merci beaucoup', route: 'llm' },
    { say: 'Comment allez-vous ?', route: 'llm' },
    { say: "Qu'est-ce que vous vendez ?", route: reply('catalogue') },
    { say: 'Que pouvez-vous faire ?', route: 'llm' },
    // A fact of one item its card shows: the item is shown, and the reply says it.
    {
      say: 'Est-elle imperméable ?',
      after: ['Montre-moi des tentes', 'La deuxième'],
      route: show('tent-2'),
    },
    {
      say: 'Elle coûte combien ?',
      after: ['Montre-moi des tentes', 'La deuxième'],
      route: show('tent-2'),
    },
    { say: 'Combien coûte la première ?', after: ['Montre-moi des tentes'], route: show('tent-1') },
    // Items asked for are a search, not a fact of the one in focus.
    {
      say: 'Vous avez quelque chose d’imperméable ?',
      after: ['Montre-moi des tentes', 'La deuxième'],
      route: search({ category: 'tents', waterproof: true }),
    },
    {
      say: 'Combien coûtent les vestes ?',
      after: ['Montre-moi des tentes', 'La deuxième'],
      route: 'llm',
    },
    { say: 'Raconte-moi une blague', route: 'llm' },
    {
      say: 'Je voudrais une tente à 199,99 euros maximum',
      route: search({ category: 'tents', max_price: 199.99 }),
    },
    {
      say: 'Ajoute trois paires de chaussettes en laine au panier',
      route: add('socks-1', 3),
    },
    {
      say: 'La deuxième est en stock ?',
      after: ['Montre-moi des tentes'],
      route: 'llm',
    },
    { say: "D'accord, merci", route: 'llm' },
    {
      say: 'Je cherche une veste imperméable, pas plus de cent euros.',
      route: search({ category: 'jackets', waterproof: true, max_price: 100 }),
    },
    // A cart of one lamp: "the tent" is not that line.
    { say: 'Supprime la tente du panier', cart: ['lamp-1'], route: 'llm' },
    { say: 'Elle est légère ?', after: ['Montre-moi des tentes', 'La deuxième'], route: 'llm' },
    {
      say: 'Pourquoi la deuxième est plus chère ?',
      after: ['Montre-moi des tentes'],
      route: 'llm',
    },
    { say: 'Vide mon panier', cart: ['lamp-1'], route: 'llm' },
    {
      say: 'Je voudrais voir les tentes',
      after: ['Montre-moi des tentes'],
      route: search({ category: 'tents' }),
    },
    // "En" and "comme ça" stand for the item in focus; the count is how many of it.
    {
      say: 'Mettez-en trois dans le panier',
      after: ['Montre-moi des tentes', 'La deuxième'],
      route: add('tent-2', 3),
    },
    {
      say: 'Trois comme ça dans mon panier',
      after: ['Montre-moi des tentes', 'La deuxième'],
      route: add('tent-2', 3),
    },
    // A question about what nothing holds gets "I don't know" at once (rules/unheld.ts); one that
    // names a field of the items, or asks for items, does not.
    // Nothing holds the opening hours either, shown something or not: none of the question's
    // words is anywhere (rules/unheld.ts, `asksNothingHeld`).
    {
      say: 'Vous êtes ouverts le dimanche ?',
      after: ['Montre-moi des tentes'],
      route: reply('not_known'),
    },
    { say: 'Vous êtes ouverts le dimanche ?', route: reply('not_known') },
    {
      say: 'La deuxième, on peut la louer ?',
      after: ['Montre-moi des tentes'],
      route: reply('not_known'),
    },
    {
      say: 'Elle est de quelle couleur ?',
      after: ['Montre-moi des tentes', 'La deuxième'],
      route: 'llm',
    },
  ],
  'es-ES': [
    {
      say: 'necesito algo para no pasar frío en las manos de senderismo',
      route: search({ query: 'no pasar frio senderismo' }),
    },
    { say: 'una linterna que aguante toda la noche', route: search({ query: 'linterna' }) },
    {
      say: 'Enséñame sacos de dormir de menos de un kilo',
      route: search({ category: 'sleeping-bags', max_weight_g: 1000 }),
    },
    // A half beside a unit is part of the amount.
    {
      say: 'Enséñame sacos de dormir de menos de kilo y medio',
      route: search({ category: 'sleeping-bags', max_weight_g: 1500 }),
    },
    {
      say: 'dos de esas',
      after: ['Muéstrame tiendas de campaña', 'la segunda'],
      route: add('tent-2', 2),
    },
    { say: 'la tercera me sirve', after: ['Muéstrame tiendas de campaña'], route: add('tent-3') },
    {
      say: 'Busco una tienda de campaña para dos',
      route: search({ category: 'tents', query: '2' }),
    },
    // A ranking's word turned around by "menos": the lightest, not the heaviest.
    {
      say: '¿cuál de ellas pesa menos?',
      after: ['Muéstrame tiendas de campaña'],
      route: show('tent-2'),
    },
    {
      say: '¿cuál es la que menos pesa?',
      after: ['Muéstrame tiendas de campaña'],
      route: show('tent-2'),
    },
    { say: 'Busco una tienda de campaña', route: search({ category: 'tents' }) },
    { say: 'compara el primero y el segundo', route: reply('nothing_shown') },
    { say: '¿Qué mochilas?', route: search({ category: 'backpacks' }) },
    { say: 'busco una tienda de campana', route: search({ category: 'tents' }) },
    { say: 'busco una mochilla', route: search({ category: 'backpacks' }) },
    { say: '¿Tienes botas?', route: search({ query: 'botas' }) },
    {
      say: 'Muéstrame sacos de dormir de menos de cien euros',
      route: search({ category: 'sleeping-bags', max_price: 100 }),
    },
    {
      say: 'Quiero una chaqueta impermeable roja por menos de ciento cincuenta euros',
      route: search({ category: 'jackets', waterproof: true, color: 'red', max_price: 150 }),
    },
    {
      say: '¿Hay mochilas entre 50 y 120 euros?',
      route: search({ category: 'backpacks', min_price: 50, max_price: 120 }),
    },
    {
      say: 'Muéstrame las chaquetas de Alpina',
      route: search({ category: 'jackets', brand: 'Alpina' }),
    },
    { say: 'El segundo', after: ['Busco tiendas de campaña'], route: show('tent-2') },
    { say: '¿Cuál es más ligero?', after: ['Busco tiendas de campaña'], route: show('tent-2') },
    // A plain form ranks in a "which" question only: "¿es ligera?" asks a fact.
    { say: '¿Cuál es barata?', after: ['Busco tiendas de campaña'], route: show('tent-1') },
    { say: '¿Cuál es la pesada?', after: ['Busco tiendas de campaña'], route: show('tent-3') },
    { say: 'El más barato', after: ['Busco tiendas de campaña'], route: show('tent-1') },
    { say: '¿Qué tal la tercera?', after: ['Busco tiendas de campaña'], route: show('tent-3') },
    {
      say: 'Compara las dos primeras',
      after: ['Busco tiendas de campaña'],
      route: compare('tent-1', 'tent-2'),
    },
    {
      say: 'La más ligera, gracias',
      after: ['Busco tiendas de campaña', 'Compara las dos primeras'],
      route: add('tent-2'),
    },
    {
      say: 'Compara la verde y la azul',
      after: ['Busco tiendas de campaña'],
      route: compare('tent-1', 'tent-3'),
    },
    {
      say: 'Añádelo al carrito',
      after: ['Busco tiendas de campaña', 'El segundo'],
      route: add('tent-2'),
    },
    // Every gender and number of the demonstratives is the pack's grammar, not a phrasing.
    {
      say: 'Quita esas',
      after: ['Busco tiendas de campaña'],
      cart: ['tent-1', 'tent-3'],
      route: remove('tent-1', 'tent-3'),
    },
    {
      say: 'Añade dos al carrito',
      after: ['Busco tiendas de campaña', 'El segundo'],
      route: add('tent-2', 2),
    },
    {
      say: 'Pon la tercera en mi carrito',
      after: ['Busco tiendas de campaña'],
      route: add('tent-3'),
    },
    { say: 'Añade la chaqueta polar al carrito', route: add('jacket-2') },
    { say: '¿Qué hay en mi carrito?', cart: ['lamp-1'], route: showCart },
    {
      say: 'Quita los calcetines',
      cart: ['socks-1', 'socks-2', 'lamp-1'],
      route: remove('socks-1', 'socks-2'),
    },
    { say: 'Quita', cart: ['lamp-1'], route: remove('lamp-1') },
    {
      say: '¿Y en rojo?',
      after: ['Quiero ver chaquetas'],
      route: search({ category: 'jackets', color: 'red' }),
    },
    {
      say: 'Algo por menos de 80 euros',
      after: ['Quiero ver chaquetas'],
      route: search({ category: 'jackets', max_price: 80 }),
    },
    { say: 'Adiós', route: end },
    { say: 'Gracias, hasta luego', route: end },
    { say: 'Hola', route: 'llm' },
    { say: 'Buenos días', route: 'llm' },
    { say: 'Muchas gracias', route: 'llm' },
    { say: '¿Qué vendéis?', route: reply('catalogue') },
    {
      say: '¿Es impermeable?',
      after: ['Busco tiendas de campaña', 'El segundo'],
      route: show('tent-2'),
    },
    {
      say: '¿Cuánto cuesta?',
      after: ['Busco tiendas de campaña', 'El segundo'],
      route: show('tent-2'),
    },
    {
      say: '¿Cuánto cuesta el primero?',
      after: ['Busco tiendas de campaña'],
      route: show('tent-1'),
    },
    {
      say: '¿Tienes algo impermeable?',
      after: ['Busco tiendas de campaña', 'El segundo'],
      route: search({ category: 'tents', waterproof: true }),
    },
    { say: 'Cuéntame un chiste', route: 'llm' },
    {
      say: 'Quiero una tienda de campaña de 199,99 euros como máximo',
      route: search({ category: 'tents', max_price: 199.99 }),
    },
    {
      say: 'Añade tres pares de calcetines de lana al carrito',
      route: add('socks-1', 3),
    },
    { say: '¿La segunda está en stock?', after: ['Busco tiendas de campaña'], route: 'llm' },
    {
      say: 'Me quedo con la segunda',
      after: ['Busco tiendas de campaña'],
      route: add('tent-2'),
    },
    { say: 'Elimina la tienda del carrito', cart: ['lamp-1'], route: 'llm' },
    {
      say: 'Busco una chaqueta impermeable, no más de cien euros.',
      route: search({ category: 'jackets', waterproof: true, max_price: 100 }),
    },
    { say: '¿Por qué la segunda es más cara?', after: ['Busco tiendas de campaña'], route: 'llm' },
    // "Sacos" (sleeping bags) is no "saca" (take out), though both drop their endings.
    {
      say: '¿Tenéis sacos de dormir baratos?',
      cart: ['lamp-1'],
      route: search({ category: 'sleeping-bags' }),
    },
    {
      say: 'Quiero ver las tiendas de campaña',
      after: ['Busco tiendas de campaña'],
      route: search({ category: 'tents' }),
    },
    // A question about what nothing holds gets "I don't know" at once (rules/unheld.ts); one that
    // names a field of the items, or asks for items, does not.
    {
      say: '¿Esa se puede alquilar?',
      after: ['Enséñame tiendas de campaña', 'La segunda'],
      route: reply('not_known'),
    },
    {
      say: '¿De qué color es?',
      after: ['Enséñame tiendas de campaña', 'La segunda'],
      route: 'llm',
    },
  ],
  'de-DE': [
    // A word that says what an item is (a name's first in German, the compound) names that kind.
    {
      say: 'eine Stirnlampe, die die ganze Nacht durchhält',
      route: search({ query: 'stirnlampe' }),
    },
    {
      say: 'Zeig mir Rucksäcke, die weniger als ein Kilogramm wiegen',
      route: search({ category: 'backpacks', max_weight_g: 1000 }),
    },
    { say: 'Ich suche einen Schlafsack', route: search({ category: 'sleeping-bags' }) },
    // Nothing shown yet: positions point at nothing.
    { say: 'vergleiche den ersten und den zweiten', route: reply('nothing_shown') },
    { say: 'welcher ist billiger?', route: reply('nothing_shown') },
    { say: 'Welche Rucksäcke, sagen Sie?', route: search({ category: 'backpacks' }) },
    { say: 'Leg den billigeren in meinen Warenkorb', route: reply('nothing_shown') },
    // An empty cart shown is still nothing to point at.
    {
      say: 'vergleiche den ersten und den zweiten',
      after: ['zeig mir meinen Warenkorb'],
      route: reply('nothing_shown'),
    },
    { say: 'Ich suche einen Schlafsak', route: search({ category: 'sleeping-bags' }) },
    {
      say: 'Habt ihr Zelte unter 300 Euro?',
      route: search({ category: 'tents', max_price: 300 }),
    },
    { say: 'Zeig mir rote Jacken', route: search({ category: 'jackets', color: 'red' }) },
    {
      say: 'Ich brauche wasserdichte Wanderschuhe unter hundertfünfzig Euro',
      route: search({ query: 'wanderschuhe', waterproof: true, max_price: 150 }),
    },
    {
      say: 'Gibt es Rucksäcke zwischen 50 und 120 Euro?',
      route: search({ category: 'backpacks', min_price: 50, max_price: 120 }),
    },
    {
      say: 'Zeig mir Jacken von North Peak',
      route: search({ category: 'jackets', brand: 'North Peak' }),
    },
    { say: 'Das dritte', after: ['Zeig mir Zelte'], route: show('tent-3') },
    { say: 'Welches ist am leichtesten?', after: ['Zeig mir Zelte'], route: show('tent-2') },
    // A plain form ranks in a "which" question, as heard too ("billiger" heard "billige").
    { say: 'Welcher ist billige?', after: ['Zeig mir Zelte'], route: show('tent-1') },
    { say: 'Welches ist leicht?', after: ['Zeig mir Zelte'], route: show('tent-2') },
    { say: 'Welches ist teuer?', after: ['Zeig mir Zelte'], route: show('tent-3') },
    { say: 'Welcher ist billig?', route: reply('nothing_shown') },
    { say: 'Den günstigsten, bitte', after: ['Zeig mir Zelte'], route: show('tent-1') },
    {
      say: 'Vergleiche die ersten zwei',
      after: ['Zeig mir Zelte'],
      route: compare('tent-1', 'tent-2'),
    },
    {
      say: 'Das leichtere, bitte',
      after: ['Zeig mir Zelte', 'Vergleiche die ersten zwei'],
      route: add('tent-2'),
    },
    {
      say: 'Vergleiche das grüne und das blaue',
      after: ['Zeig mir Zelte'],
      route: compare('tent-1', 'tent-3'),
    },
    {
      say: 'Leg es in den Warenkorb',
      after: ['Zeig mir Zelte', 'Das zweite'],
      route: add('tent-2'),
    },
    {
      say: 'Leg zwei davon in den Warenkorb',
      after: ['Zeig mir Zelte', 'Das zweite'],
      route: add('tent-2', 2),
    },
    {
      say: 'Pack das erste in meinen Warenkorb',
      after: ['Zeig mir Zelte'],
      route: add('tent-1'),
    },
    // The cart as where the item goes, with no verb: the item in focus.
    {
      say: 'Prima, rein in den Warenkorb',
      after: ['Zeig mir Zelte', 'Das zweite'],
      route: add('tent-2'),
    },
    // Another kind named: not the tent in focus.
    {
      say: 'Leg einen Schlafsack in den Warenkorb',
      after: ['Zeig mir Zelte', 'Das zweite'],
      route: 'llm',
    },
    { say: 'Leg die Alpina Fleecejacke in den Warenkorb', route: add('jacket-2') },
    { say: 'Leg die Stirnlampe in den Warenkorb', route: add('lamp-1') },
    { say: 'Was ist in meinem Warenkorb?', cart: ['lamp-1'], route: showCart },
    { say: 'Entferne die Stirnlampe', cart: ['tent-1', 'lamp-1'], route: remove('lamp-1') },
    {
      say: 'Nimm beide Socken raus',
      cart: ['socks-1', 'socks-2', 'lamp-1'],
      route: remove('socks-1', 'socks-2'),
    },
    {
      say: 'Und in Blau?',
      after: ['Zeig mir Jacken'],
      route: search({ category: 'jackets', color: 'blue' }),
    },
    {
      say: 'Etwas unter 100 Euro',
      after: ['Zeig mir Jacken'],
      route: search({ category: 'jackets', max_price: 100 }),
    },
    { say: 'Tschüss', route: end },
    { say: 'Auf Wiederhören', route: end },
    { say: 'Danke, das war alles', route: end },
    { say: 'Hallo', route: 'llm' },
    { say: 'Guten Morgen', route: 'llm' },
    { say: 'Vielen Dank', route: 'llm' },
    { say: 'Wie geht es Ihnen?', route: 'llm' },
    { say: 'Was verkaufen Sie?', route: reply('catalogue') },
    { say: 'Ist es wasserdicht?', after: ['Zeig mir Zelte', 'Das zweite'], route: show('tent-2') },
    // The recognizer's split compound, joined where the router reads.
    { say: 'Ist es Wasser dicht?', after: ['Zeig mir Zelte', 'Das zweite'], route: show('tent-2') },
    { say: 'Was kostet sie?', after: ['Zeig mir Zelte', 'Das zweite'], route: show('tent-2') },
    { say: 'Wie viel kostet das erste?', after: ['Zeig mir Zelte'], route: show('tent-1') },
    {
      say: 'Haben Sie wasserdichte Jacken?',
      after: ['Zeig mir Zelte', 'Das zweite'],
      route: search({ category: 'jackets', waterproof: true }),
    },
    { say: 'Erzähl mir einen Witz', route: 'llm' },
    {
      say: 'Ich möchte ein Zelt für höchstens 199,99 Euro',
      route: search({ category: 'tents', max_price: 199.99 }),
    },
    {
      say: 'Leg drei Paar Merino Socken in den Warenkorb',
      route: add('socks-1', 3),
    },
    { say: 'Wie schwer ist es?', after: ['Zeig mir Zelte', 'Das zweite'], route: show('tent-2') },
    { say: 'Ist es leichter?', after: ['Zeig mir Zelte'], route: show('tent-2') },
    { say: 'Lösche das Zelt aus dem Warenkorb', cart: ['lamp-1'], route: 'llm' },
    {
      say: 'Ich suche eine wasserdichte Jacke, nicht mehr als hundert Euro.',
      route: search({ category: 'jackets', waterproof: true, max_price: 100 }),
    },
    {
      say: 'Nimm es raus',
      after: ['Zeig mir Zelte', 'Leg das zweite in den Warenkorb'],
      route: remove('tent-2'),
    },
    { say: 'Warum ist das zweite teurer?', after: ['Zeig mir Zelte'], route: 'llm' },
    { say: 'Leere meinen Warenkorb', cart: ['lamp-1'], route: 'llm' },
    // A count sent to the cart without a verb is that many of the item in focus.
    {
      say: 'Drei davon in den Warenkorb, bitte',
      after: ['Zeig mir Zelte', 'Das zweite'],
      route: add('tent-2', 3),
    },
    {
      say: 'Drei Stück in meinen Warenkorb',
      after: ['Zeig mir Zelte', 'Das zweite'],
      route: add('tent-2', 3),
    },
    // A word of taking after the item pointed at chooses it.
    { say: 'Das dritte passt', after: ['Zeig mir Zelte'], route: add('tent-3') },
    {
      say: 'Ich suche ein Zelt für vier Personen',
      route: search({ category: 'tents', query: '4 personen' }),
    },
    // A count of times written as one word.
    {
      say: 'Das nehme ich viermal',
      after: ['Zeig mir Zelte', 'Das zweite'],
      route: add('tent-2', 4),
    },
    // "Die" is an article, not the item in focus: the first two of the list, not the third
    // item viewed last with the first.
    {
      say: 'Vergleiche die beiden ersten',
      after: ['Zeig mir Zelte', 'Das erste', 'Das dritte'],
      route: compare('tent-1', 'tent-2'),
    },
    {
      say: 'Vergleiche dieses mit dem zweiten',
      after: ['Zeig mir Zelte', 'Das dritte'],
      route: compare('tent-3', 'tent-2'),
    },
    // A comparative as spoken, its ending's "e" dropped.
    { say: 'Ich nehme den billigern', after: ['Zeig mir Zelte'], route: add('tent-1') },
    // A question about what nothing holds gets "I don't know" at once (rules/unheld.ts); one that
    // names a field of the items, or asks for items, does not.
    {
      say: 'Kann man es auch mieten?',
      after: ['Zeig mir Zelte', 'Das zweite'],
      route: reply('not_known'),
    },
    { say: 'Welche Farbe hat es?', after: ['Zeig mir Zelte', 'Das zweite'], route: 'llm' },
  ],
};

for (const [language, cases] of Object.entries(CASES) as [ShopLanguage, Case[]][]) {
  describe(`the intent router in ${language}`, () => {
    const shop = testShop(language);

    it.each(cases)('routes "$say"', async ({ say, after = [], cart = [], route }) => {
      const dialogue = new ShopDialogue(shop);
      for (const id of cart) dialogue.run('add_to_cart', { item_id: id });
      for (const turn of after) expect(await dialogue.say(turn), turn).toBeDefined();
      const routed = await dialogue.say(say);
      if (route === 'llm') expect(routed).toBeUndefined();
      else if ('reply' in route) expect(routed).toEqual({ kind: 'reply', reply: route.reply });
      else {
        expect(routed?.kind === 'tool' ? routed.tool.name : routed).toBe(route.tool);
        expect(routed?.kind === 'tool' ? routed.args : undefined).toEqual(route.args);
        expect(routed?.kind === 'tool' ? routed.also : undefined).toEqual(route.also);
      }
    });
  });
}

/** The test shop's tools for a session, each running `execute` with its name and arguments. */
function shopTools(
  shop: ReturnType<typeof testShop>,
  execute: (name: string, args: Record<string, unknown>) => Promise<unknown>,
) {
  return Object.fromEntries(
    shop.tools.map((routed) => [
      routed.name,
      llm.tool({
        description: routed.name,
        parameters: { type: 'object', properties: {}, additionalProperties: true } as never,
        execute: (args: Record<string, unknown>) => execute(routed.name, args),
      }),
    ]),
  );
}

describe('RoutedLLM in French', () => {
  it('routes a French request to its tool and says the French template, the inner LLM untouched', async () => {
    initializeLogger({ pretty: false, level: 'warn' });
    const shop = testShop('fr-FR');
    const dialogue = new ShopDialogue(shop);
    const decisions: string[] = [];
    const model = new RoutedLLM(new voice.testing.FakeLLM(), {
      catalog: shop.catalog,
      style: {
        language: 'fr-FR',
        spoken: true,
        offer: shop.catalog.offer,
        roles: shop.catalog.roles,
      },
      lookup: shop.lookup,
      onDecision: (decision) => decisions.push(decision.by),
    });
    const called: Record<string, unknown>[] = [];
    const tools = shopTools(shop, async (name, args) => {
      called.push(args);
      return JSON.parse(dialogue.run(name, args)) as unknown;
    });
    const agent = new voice.Agent({ instructions: 'Vous aidez les visiteurs.', tools });
    const session = new voice.AgentSession({ llm: model });
    try {
      await session.start({ agent });
      await session.run({ userInput: 'Je cherche une tente à moins de 300 euros' }).wait();
      expect(called).toEqual([{ category: 'tents', max_price: 300 }]);
      const said = session.history.items.flatMap((item) =>
        item.type === 'message' && item.role === 'assistant' ? [item.textContent] : [],
      );
      expect(said.at(-1)).toBe(
        'J’ai trouvé 2 résultats. Le premier est Tente Nomade 2 places, à 189 euros.',
      );
      expect(decisions).toEqual(['router', 'template']);
    } finally {
      await session.close();
    }
  });
});

describe('RoutedLLM in German, for a turn the recognizer could not make words of', () => {
  const shop = testShop('de-DE');
  const tools = shopTools(shop, async () => undefined);
  const MISHEARD = 'Welchhoch, Zeighabenzieh';

  /** One turn said with `confidence`: what the model answers and who decided. */
  async function turn(say: string, confidence: number | undefined, askAgainBelow?: number) {
    const decisions: string[] = [];
    const model = new RoutedLLM(
      new voice.testing.FakeLLM([{ input: say, type: 'llm', content: 'Das Modell rät.' }]),
      {
        catalog: shop.catalog,
        style: {
          language: 'de-DE',
          spoken: true,
        },
        lookup: shop.lookup,
        askAgainBelow,
        onDecision: (decision) => decisions.push(decision.by),
      },
    );
    const chatCtx = llm.ChatContext.empty();
    chatCtx.addMessage({
      role: 'user',
      content: say,
      ...(confidence === undefined ? {} : { transcriptConfidence: confidence }),
    });
    let text = '';
    const calls: string[] = [];
    for await (const chunk of model.chat({ chatCtx, toolCtx: tools as never })) {
      text += chunk.delta?.content ?? '';
      for (const call of chunk.delta?.toolCalls ?? []) calls.push(call.name);
    }
    return { text, calls, decisions };
  }

  it('asks again at once instead of handing the LLM a transcript with no words it knows', async () => {
    expect(await turn(MISHEARD, 0, 0.5)).toEqual({
      text: 'Entschuldigung, das habe ich nicht verstanden. Können Sie es wiederholen?',
      calls: [],
      decisions: ['router'],
    });
  });

  it('hands the LLM a turn with enough known words, a typed turn, and any turn when not asked to', async () => {
    const byModel = { text: 'Das Modell rät.', calls: [], decisions: ['llm'] };
    expect(await turn(MISHEARD, 0.5, 0.5)).toEqual(byModel);
    expect(await turn(MISHEARD, undefined, 0.5)).toEqual(byModel);
    expect(await turn(MISHEARD, 0)).toEqual(byModel);
  });

  it('routes a turn it can read whatever its confidence', async () => {
    const routed = await turn('Haben Sie Zelte?', 0.2, 0.5);
    expect(routed.calls).toEqual(['search_products']);
    expect(routed.decisions).toEqual(['router']);
  });
});

describe('two requests in one turn, in each language', () => {
  const CASES: [ShopLanguage, string, string, string][] = [
    ['fr-FR', 'montre-moi les lampes frontales', 'enlève-la et cherche plutôt une tente', 'tents'],
    [
      'es-ES',
      'muéstrame las linternas frontales',
      'quita la frontal y búscame una mochila',
      'backpacks',
    ],
    [
      'de-DE',
      'zeig mir Stirnlampen',
      'nimm die Stirnlampe wieder raus und such mir stattdessen ein Zelt',
      'tents',
    ],
  ];
  it.each(CASES)(
    '%s: takes the lamp out first, then searches what the second request names',
    async (language, shown, both, kind) => {
      const shop = testShop(language);
      const dialogue = new ShopDialogue(shop);
      await dialogue.say(shown);
      dialogue.run('add_to_cart', { item_id: 'lamp-1' });
      const { decideUtterance, routerTable } = await import('./intents.js');
      const { conversationContext } = await import('./context.js');
      const decided = await decideUtterance(
        both,
        conversationContext(dialogue.entries, (name) => dialogue.operation(name)),
        shop.catalog,
        shop.lookup,
        routerTable(shop.catalog),
      );
      expect(decided.route?.kind === 'tool' ? decided.route.tool.name : undefined).toBe(
        'remove_from_cart',
      );
      expect(decided.route?.kind === 'tool' ? decided.route.args : undefined).toEqual({
        item_id: 'lamp-1',
      });
      expect(decided.then).toBeDefined();
      // The second request, read after the removal: a search in the kind it names.
      const next = await dialogue.say(decided.then ?? '');
      expect(next?.kind === 'tool' ? next.tool.name : undefined).toBe('search_products');
      expect(next?.kind === 'tool' ? next.args : undefined).toMatchObject({ category: kind });
    },
  );
});

describe('a swap of what was just added, in each language', () => {
  const CASES: [ShopLanguage, string, string, string, string][] = [
    [
      'fr-FR',
      'Montre-moi des tentes',
      'Compare les deux premières',
      'Mets la première dans mon panier',
      "Non, plutôt l'autre",
    ],
    [
      'es-ES',
      'Busco tiendas de campaña',
      'Compara las dos primeras',
      'Añade la primera al carrito',
      'No, mejor la otra',
    ],
    [
      'de-DE',
      'Zeig mir Zelte',
      'Vergleiche die ersten zwei',
      'Leg das erste in den Warenkorb',
      'Nein, lieber das andere',
    ],
  ];
  it.each(CASES)(
    '%s: takes the first out, then puts the other of the pair in',
    async (language, shown, compared, added, swap) => {
      const dialogue = new ShopDialogue(testShop(language));
      await dialogue.say(shown);
      await dialogue.say(compared);
      const add = await dialogue.say(added);
      expect(add?.kind === 'tool' && add.args, added).toEqual({ item_id: 'tent-1' });
      const route = await dialogue.say(swap);
      expect(route?.kind === 'tool' && route.tool.name, swap).toBe('remove_from_cart');
      expect(route?.kind === 'tool' && route.args, swap).toEqual({ item_id: 'tent-1' });
      expect(route?.kind === 'tool' && route.next?.tool.name, swap).toBe('add_to_cart');
      expect(route?.kind === 'tool' && route.next?.args, swap).toEqual({ item_id: 'tent-2' });
    },
  );
});

describe('a new count of what was just added, in each language', () => {
  const CASES: [ShopLanguage, string, string, string][] = [
    ['fr-FR', 'Montre-moi des tentes', 'Mets la première dans mon panier', 'Finalement, trois'],
    ['es-ES', 'Busco tiendas de campaña', 'Añade la primera al carrito', 'Mejor pon tres'],
    ['de-DE', 'Zeig mir Zelte', 'Leg das erste in den Warenkorb', 'Lieber drei'],
  ];
  it.each(CASES)(
    '%s: puts in as many more as make the new count, and reads no ranking in "rather"',
    async (language, shown, added, count) => {
      const dialogue = new ShopDialogue(testShop(language));
      await dialogue.say(shown);
      const add = await dialogue.say(added);
      expect(add?.kind === 'tool' && add.args, added).toEqual({ item_id: 'tent-1' });
      const route = await dialogue.say(count);
      expect(route?.kind === 'tool' && route.tool.name, count).toBe('add_to_cart');
      expect(route?.kind === 'tool' && route.args, count).toEqual({
        item_id: 'tent-1',
        quantity: 2,
      });
      expect(dialogue.cart.get('tent-1')).toBe(3);
    },
  );
});

describe('German compounds of the catalogue', () => {
  it('reads the noun a catalogue compound ends in as a word of the catalogue', async () => {
    const { routerCatalog } = await import('./catalog.js');
    const { conversationContext } = await import('./context.js');
    const { routeUtterance } = await import('./intents.js');
    const collection = {
      id: 1,
      name: 'Ausrüstung',
      description: '',
      company_id: 1,
      filter_fields: [
        { name: 'Preis', filter_key: 'price', field_type: 'number', role: 'price' as const },
        { name: 'Wasserdicht', filter_key: 'waterproof', field_type: 'boolean' },
      ],
    };
    const catalog = routerCatalog({
      language: 'de-DE',
      tools: [{ name: 'search_products', operation: 'search', collection }],
      collections: [collection],
      // The kind first or the brand first: both are written.
      itemNames: [
        'Wollsocken Summit',
        'North Peak Campingkocher',
        'Ultraleichte Regenjacke Summit',
      ],
    });
    const nothing = conversationContext([], () => undefined);
    const route = await routeUtterance('Socken bitte, höchstens sechzig Euro', nothing, catalog);
    expect(route?.kind === 'tool' && route.args).toEqual({ query: 'socken', max_price: 60 });
    const jacket = await routeUtterance('ich brauche eine wasserdichte Jacke', nothing, catalog);
    expect(jacket?.kind === 'tool' && jacket.args).toEqual({ query: 'jacke', waterproof: true });
    // Small talk stays small talk.
    expect(await routeUtterance('hallo, wie geht es', nothing, catalog)).toBeUndefined();
  });
});

describe('a limit said the other way round, and a kind where the item goes, in each language', () => {
  const CASES: [ShopLanguage, string, string][] = [
    ['fr-FR', 'Des sacs à dos, mais rien au-dessus de 80 euros', 'Une lampe pour ma tente'],
    [
      'es-ES',
      'Mochilas, pero nada por encima de 80 euros',
      'Una linterna para la tienda de campaña',
    ],
    ['de-DE', 'Rucksäcke, aber nichts über 80 Euro', 'Eine Lampe für das Zelt'],
  ];
  it.each(CASES)(
    '%s: "nothing over" is a maximum, and the kind after "for" is not the kind sought',
    async (language, bounded, complement) => {
      const shop = testShop(language);
      const limited = await new ShopDialogue(shop).say(bounded);
      expect(limited?.kind === 'tool' && limited.args, bounded).toEqual({
        category: 'backpacks',
        max_price: 80,
      });
      const lamp = await new ShopDialogue(shop).say(complement);
      expect(lamp?.kind === 'tool' && lamp.tool.name, complement).toBe('search_products');
      expect(lamp?.kind === 'tool' && lamp.args.category, complement).not.toBe('tents');
    },
  );
});
