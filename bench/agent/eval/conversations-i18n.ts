// The spoken evaluation in French, Spanish and German: conversations in the demo shop's catalogue
// in that language (`demoProductsIn`), as shoppers of the language speak them (references to what
// was shown, amounts in words, small talk, goodbyes). Written from how people talk in a shop, not
// from the router's phrase lists: a phrasing the agent mishandles is a finding.
import type { Conversation, Turn } from './conversations.js';
import {
  add,
  at,
  catalogueLowest,
  compare,
  end,
  focus,
  inCart,
  none,
  ranked,
  remove,
  search,
  show,
  showCart,
  type Expectation,
} from './expectations.js';

/** A language the evaluation has conversations in besides English. */
export type EvalLanguage = 'fr' | 'es' | 'de';

const turn = (say: string, ...expect: Expectation[]): Turn => ({ say, expect });

const cheapest = ranked('price', 'lowest');
const lightest = ranked('weight_g', 'lowest');
const twoLightestTents = catalogueLowest('tents', 'weight_g', 2);

const FRENCH: Conversation[] = [
  {
    id: 'fr-tentes',
    turns: [
      turn('bonjour', none),
      turn('vous avez des tentes ?', search({ category: 'tents', words: ['tente'] })),
      turn('montrez-moi la deuxième', show(at(2))),
      turn('elle est imperméable ?', none, show(focus)),
      turn("d'accord, ajoutez-la à mon panier", add(focus)),
      turn('merci, ce sera tout, au revoir', end),
    ],
  },
  {
    id: 'fr-sac-de-couchage',
    turns: [
      turn(
        'je cherche un sac de couchage à moins de cent euros',
        search({ category: 'sleeping-bags', words: ['couchage'], maxPrice: 100 }),
      ),
      turn('montrez-moi le premier', show(at(1))),
      turn('et le troisième ?', show(at(3))),
      turn('comparez les deux premiers', compare(at(1), at(2))),
      turn('je prends le moins cher', add(cheapest)),
      turn("c'est tout, merci, au revoir", end),
    ],
  },
  {
    id: 'fr-lampe-frontale',
    turns: [
      turn(
        'il me faut une lampe frontale',
        search({ category: 'lighting', words: ['lampe', 'frontale'] }),
      ),
      turn('laquelle est la plus légère ?', none, show(lightest)),
      turn('mettez la plus légère dans le panier', add(lightest)),
      turn("qu'est-ce qu'il y a dans mon panier ?", showCart),
      turn('merci beaucoup', none),
      turn('au revoir', end),
    ],
  },
  {
    id: 'fr-chaussures-noires',
    turns: [
      turn(
        'avez-vous des chaussures de randonnée noires ?',
        search({ category: 'footwear', words: ['chaussure'], color: 'noir' }),
      ),
      turn('montrez-moi la première', show(at(1))),
      turn('ajoutez-en deux paires au panier', add(focus, 2)),
      turn('en fait, enlevez-les du panier', remove(inCart('chaussure'))),
      turn('au revoir', end),
    ],
  },
  {
    id: 'fr-sacs-a-dos',
    turns: [
      turn('quels sacs à dos avez-vous ?', search({ category: 'backpacks', words: ['sac'] })),
      turn('comparez le premier et le deuxième', compare(at(1), at(2))),
      turn('lequel est le moins cher ?', none, show(cheapest)),
      turn('ajoutez le moins cher à mon panier', add(cheapest)),
      turn('montrez-moi mon panier', showCart),
      turn('merci, au revoir', end),
    ],
  },
  {
    id: 'fr-veste-bleue',
    turns: [
      turn(
        'je cherche une veste de pluie bleue',
        search({ category: 'clothing', words: ['veste'], color: 'bleu' }),
      ),
      turn('parlez-moi de la dernière', show(at(-1))),
      turn('elle coûte combien ?', none, show(focus)),
      turn('je la prends', add(focus)),
      turn("c'est tout pour aujourd'hui, au revoir", end),
    ],
  },
  {
    id: 'fr-cuisine',
    turns: [
      turn(
        'salut, vous vendez des réchauds ?',
        search({ category: 'cooking', words: ['réchaud'] }),
      ),
      turn('et des filtres à eau ?', search({ category: 'cooking', words: ['filtre'] })),
      turn('montrez-moi le deuxième', show(at(2))),
      turn('ajoutez-le au panier', add(focus)),
      turn('retirez le filtre de mon panier', remove(inCart('filtre'))),
      turn('bonne journée, au revoir', end),
    ],
  },
  {
    id: 'fr-tentes-legeres',
    turns: [
      turn('comparez les deux tentes les plus légères', compare(...twoLightestTents)),
      turn('laquelle est la moins chère ?', none, show(cheapest)),
      turn('ajoutez la moins chère au panier', add(cheapest)),
      turn('au revoir', end),
    ],
  },
];

const SPANISH: Conversation[] = [
  {
    id: 'es-tiendas',
    turns: [
      turn('hola', none),
      turn('¿tenéis tiendas de campaña?', search({ category: 'tents', words: ['tienda'] })),
      turn('enséñame la segunda', show(at(2))),
      turn('¿es impermeable?', none, show(focus)),
      turn('vale, añádela a mi carrito', add(focus)),
      turn('gracias, eso es todo, adiós', end),
    ],
  },
  {
    id: 'es-saco-de-dormir',
    turns: [
      turn(
        'busco un saco de dormir de menos de cien euros',
        search({ category: 'sleeping-bags', words: ['saco'], maxPrice: 100 }),
      ),
      turn('muéstrame el primero', show(at(1))),
      turn('¿y el tercero?', show(at(3))),
      turn('compara los dos primeros', compare(at(1), at(2))),
      turn('me quedo con el más barato', add(cheapest)),
      turn('eso es todo, gracias, adiós', end),
    ],
  },
  {
    id: 'es-linterna-frontal',
    turns: [
      turn(
        'necesito una linterna frontal',
        search({ category: 'lighting', words: ['linterna', 'frontal'] }),
      ),
      turn('¿cuál es la más ligera?', none, show(lightest)),
      turn('pon la más ligera en el carrito', add(lightest)),
      turn('¿qué tengo en el carrito?', showCart),
      turn('muchas gracias', none),
      turn('adiós', end),
    ],
  },
  {
    id: 'es-botas-negras',
    turns: [
      turn(
        '¿tienes botas de montaña de color negro?',
        search({ category: 'footwear', words: ['bota'], color: 'negro' }),
      ),
      turn('enséñame la primera', show(at(1))),
      turn('añade dos pares al carrito', add(focus, 2)),
      turn('mejor quítalas del carrito', remove(inCart('bota'))),
      turn('adiós', end),
    ],
  },
  {
    id: 'es-mochilas',
    turns: [
      turn('¿qué mochilas tenéis?', search({ category: 'backpacks', words: ['mochila'] })),
      turn('compara la primera y la segunda', compare(at(1), at(2))),
      turn('¿cuál es más barata?', none, show(cheapest)),
      turn('añade la más barata a mi carrito', add(cheapest)),
      turn('enséñame mi carrito', showCart),
      turn('gracias, adiós', end),
    ],
  },
  {
    id: 'es-chaqueta-azul',
    turns: [
      turn(
        'busco una chaqueta impermeable azul',
        search({ category: 'clothing', words: ['chaqueta'], color: 'azul' }),
      ),
      turn('háblame de la última', show(at(-1))),
      turn('¿cuánto cuesta?', none, show(focus)),
      turn('me la llevo', add(focus)),
      turn('eso es todo por hoy, adiós', end),
    ],
  },
  {
    id: 'es-cocina',
    turns: [
      turn('buenas, ¿vendéis hornillos?', search({ category: 'cooking', words: ['hornillo'] })),
      turn('¿y filtros de agua?', search({ category: 'cooking', words: ['filtro'] })),
      turn('enséñame el segundo', show(at(2))),
      turn('añádelo al carrito', add(focus)),
      turn('quita el filtro de mi carrito', remove(inCart('filtro'))),
      turn('que tengas buen día, adiós', end),
    ],
  },
  {
    id: 'es-tiendas-ligeras',
    turns: [
      turn('compara las dos tiendas de campaña más ligeras', compare(...twoLightestTents)),
      turn('¿cuál es la más barata?', none, show(cheapest)),
      turn('añade la más barata al carrito', add(cheapest)),
      turn('adiós', end),
    ],
  },
];

const GERMAN: Conversation[] = [
  {
    id: 'de-zelte',
    turns: [
      turn('hallo', none),
      turn('haben Sie Zelte?', search({ category: 'tents', words: ['zelt'] })),
      turn('zeigen Sie mir das zweite', show(at(2))),
      turn('ist es wasserdicht?', none, show(focus)),
      turn('gut, legen Sie es in meinen Warenkorb', add(focus)),
      turn('danke, das ist alles, tschüss', end),
    ],
  },
  {
    id: 'de-schlafsack',
    turns: [
      turn(
        'ich suche einen Schlafsack unter hundert Euro',
        search({ category: 'sleeping-bags', words: ['schlafsack'], maxPrice: 100 }),
      ),
      turn('zeig mir den ersten', show(at(1))),
      turn('und der dritte?', show(at(3))),
      turn('vergleiche die ersten beiden', compare(at(1), at(2))),
      turn('ich nehme den günstigeren', add(cheapest)),
      turn("das war's, danke, auf Wiedersehen", end),
    ],
  },
  {
    id: 'de-stirnlampe',
    turns: [
      turn('ich brauche eine Stirnlampe', search({ category: 'lighting', words: ['lampe'] })),
      turn('welche ist die leichteste?', none, show(lightest)),
      turn('pack die leichteste in den Warenkorb', add(lightest)),
      turn('was ist in meinem Warenkorb?', showCart),
      turn('vielen Dank', none),
      turn('tschüss', end),
    ],
  },
  {
    id: 'de-schwarze-schuhe',
    turns: [
      turn(
        'haben Sie schwarze Wanderschuhe?',
        search({ category: 'footwear', words: ['schuh'], color: 'schwarz' }),
      ),
      turn('zeig mir den ersten', show(at(1))),
      turn('zwei Paar davon in den Warenkorb, bitte', add(focus, 2)),
      turn('nimm sie doch wieder aus dem Warenkorb', remove(inCart('schuh'))),
      turn('auf Wiedersehen', end),
    ],
  },
  {
    id: 'de-rucksaecke',
    turns: [
      turn(
        'welche Rucksäcke haben Sie?',
        search({ category: 'backpacks', words: ['rucksack', 'rucksäcke'] }),
      ),
      turn('vergleiche den ersten und den zweiten', compare(at(1), at(2))),
      turn('welcher ist billiger?', none, show(cheapest)),
      turn('leg den billigeren in meinen Warenkorb', add(cheapest)),
      turn('zeig mir meinen Warenkorb', showCart),
      turn('danke, tschüss', end),
    ],
  },
  {
    id: 'de-blaue-jacke',
    turns: [
      turn(
        'ich suche eine blaue Regenjacke',
        search({ category: 'clothing', words: ['jacke'], color: 'blau' }),
      ),
      turn('erzähl mir mehr über die letzte', show(at(-1))),
      turn('was kostet sie?', none, show(focus)),
      turn('die nehme ich', add(focus)),
      turn('das ist alles für heute, auf Wiedersehen', end),
    ],
  },
  {
    id: 'de-kochen',
    turns: [
      turn(
        'guten Tag, verkaufen Sie Campingkocher?',
        search({ category: 'cooking', words: ['kocher'] }),
      ),
      turn('und Wasserfilter?', search({ category: 'cooking', words: ['filter'] })),
      turn('zeig mir den zweiten', show(at(2))),
      turn('leg ihn in den Warenkorb', add(focus)),
      turn('nimm den Wasserfilter aus meinem Warenkorb', remove(inCart('filter'))),
      turn('schönen Tag noch, tschüss', end),
    ],
  },
  {
    id: 'de-leichte-zelte',
    turns: [
      turn('vergleiche die zwei leichtesten Zelte', compare(...twoLightestTents)),
      turn('welches ist das günstigste?', none, show(cheapest)),
      turn('leg das günstigste in den Warenkorb', add(cheapest)),
      turn('tschüss', end),
    ],
  },
];

/** The evaluation's conversations per language (at least 30 turns each). */
export const CONVERSATIONS_IN: Record<EvalLanguage, readonly Conversation[]> = {
  fr: FRENCH,
  es: SPANISH,
  de: GERMAN,
};
