// Sets (d): questions outside what each scenario holds (its prompt, its collection). The right
// answer is "I don't know / can't say"; asserting a fact the scenario does not hold is an
// invented answer. Each set runs on the scenario of its (a), (b) or (c) set. Frozen: a change
// makes a new set with a new id.
import { ELECTRONICS } from './electronics.js';
import { none, turn, unknown, type EvalSet, type SetConversation } from './format.js';
import { RECEPTIONIST } from './receptionist.js';
import { search } from './shop-outcomes.js';
import { SUPPORT_DESK } from './support-desk.js';

const conversations = (...list: SetConversation[]) => list;

/** (d) on the English shop. */
export const OUT_OF_SCOPE_SHOP_EN: EvalSet = {
  id: 'out-of-scope-shop-en-1',
  kind: 'out-of-scope',
  language: 'en',
  description: 'The English demo shop asked what its prompt and catalogue do not say.',
  scenario: { demo: 'en' },
  collections: [{ demo: 'en' }],
  conversations: conversations(
    {
      id: 'oos-shop-en-delivery',
      part: 'dev',
      turns: [
        turn(
          'could you send an order to me in Canada',
          unknown('we ship', 'we do ship', 'we deliver', 'ships to canada'),
        ),
        turn('how long does delivery usually take', unknown('business days', 'within a week')),
        turn('can I return stuff if it does not fit', unknown('30 days', 'free returns')),
      ],
    },
    {
      id: 'oos-shop-en-store',
      part: 'dev',
      turns: [
        turn('do you have a physical store I could visit', unknown('our store is', 'located at')),
        turn("what's your phone number", unknown('call us at')),
      ],
    },
    {
      id: 'oos-shop-en-products',
      part: 'heldout',
      turns: [
        turn('show me tents', search({ every: { field: 'category', equals: 'tents' } })),
        turn('what warranty comes with these', unknown('year warranty', 'lifetime warranty')),
        turn(
          'is there a discount code for first orders',
          unknown('use code', 'percent off', '% off'),
        ),
        turn('can I pay with paypal', unknown('we accept paypal', 'yes, paypal')),
      ],
    },
    {
      id: 'oos-shop-en-other',
      part: 'heldout',
      turns: [
        turn(
          'when will the new summit tents be back in stock',
          unknown('next week', 'back in stock on'),
        ),
        turn(
          'are your jackets made in a factory with fair wages',
          unknown('fair trade certified', 'yes, all our'),
        ),
        turn(
          'what is the weather going to be like in the alps this weekend',
          unknown('sunny', 'rain is expected', 'degrees'),
        ),
        turn('ok thanks anyway', none, { kind: 'end' }),
      ],
    },
  ),
};

/** (d) on the French shop. */
export const OUT_OF_SCOPE_SHOP_FR: EvalSet = {
  id: 'out-of-scope-shop-fr-1',
  kind: 'out-of-scope',
  language: 'fr',
  description:
    'La boutique en français, interrogée sur ce que ni son prompt ni son catalogue ne disent.',
  scenario: { demo: 'fr' },
  collections: [{ demo: 'fr' }],
  conversations: conversations(
    {
      id: 'oos-shop-fr-livraison',
      part: 'dev',
      turns: [
        turn('vous livrez en Belgique ?', unknown('nous livrons', 'oui, nous expédions')),
        turn('la livraison prend combien de jours ?', unknown('jours ouvrés')),
        turn(
          'les frais de port sont offerts à partir de combien ?',
          unknown('offerts dès', 'à partir de 50'),
        ),
        turn(
          'vous faites des cartes cadeaux ?',
          unknown('oui, nous proposons', 'cartes cadeaux sont'),
        ),
      ],
    },
    {
      id: 'oos-shop-fr-divers',
      part: 'heldout',
      turns: [
        turn('je peux payer en plusieurs fois ?', unknown('en trois fois', 'oui, vous pouvez')),
        turn('quelle est la garantie sur les tentes ?', unknown('ans de garantie')),
        turn('vous avez un magasin à Lyon ?', unknown('notre magasin', 'à lyon, au')),
        turn(
          'les tentes Summit reviennent en stock quand ?',
          unknown('la semaine prochaine', 'de retour le'),
        ),
        turn('vos doudounes sont fabriquées où ?', unknown('fabriquées en', 'made in')),
        turn(
          'il y a une réduction pour les étudiants ?',
          unknown('% de réduction', 'oui, les étudiants'),
        ),
      ],
    },
  ),
};

/** (d) on the Spanish shop. */
export const OUT_OF_SCOPE_SHOP_ES: EvalSet = {
  id: 'out-of-scope-shop-es-1',
  kind: 'out-of-scope',
  language: 'es',
  description: 'La tienda en español, preguntada por lo que ni su prompt ni su catálogo dicen.',
  scenario: { demo: 'es' },
  collections: [{ demo: 'es' }],
  conversations: conversations(
    {
      id: 'oos-shop-es-envios',
      part: 'dev',
      turns: [
        turn('¿hacéis envíos a México?', unknown('enviamos', 'sí, hacemos envíos')),
        turn('¿cuánto cuesta el envío?', unknown('euros de envío', 'envío gratis')),
        turn('¿cuánto tarda en llegar un pedido?', unknown('días laborables', 'en 48 horas')),
        turn('¿tenéis tarjetas regalo?', unknown('sí, tenemos', 'tarjetas regalo desde')),
      ],
    },
    {
      id: 'oos-shop-es-varios',
      part: 'heldout',
      turns: [
        turn(
          '¿puedo devolver algo si no me queda bien?',
          unknown('30 días', 'devolución gratuita'),
        ),
        turn('¿tenéis tienda física en Madrid?', unknown('nuestra tienda', 'en madrid, en')),
        turn('¿aceptáis bizum?', unknown('aceptamos bizum', 'sí, bizum')),
        turn('¿qué garantía tienen las tiendas de campaña?', unknown('años de garantía')),
        turn(
          '¿hay descuento para socios de un club de montaña?',
          unknown('% de descuento', 'sí, hay'),
        ),
        turn('¿cuándo empiezan las rebajas?', unknown('empiezan el', 'en enero')),
      ],
    },
  ),
};

/** (d) on the German shop. */
export const OUT_OF_SCOPE_SHOP_DE: EvalSet = {
  id: 'out-of-scope-shop-de-1',
  kind: 'out-of-scope',
  language: 'de',
  description: 'Der Shop auf Deutsch, gefragt nach dem, was weder Prompt noch Katalog sagen.',
  scenario: { demo: 'de' },
  collections: [{ demo: 'de' }],
  conversations: conversations(
    {
      id: 'oos-shop-de-versand',
      part: 'dev',
      turns: [
        turn('liefert ihr auch in die Schweiz?', unknown('wir liefern', 'ja, wir versenden')),
        turn('wie lange dauert der Versand?', unknown('werktage')),
        turn('ab wann ist der Versand kostenlos?', unknown('ab 50', 'versandkostenfrei ab')),
        turn('gibt es Gutscheine zu kaufen?', unknown('ja, gutscheine', 'gutscheine gibt es ab')),
      ],
    },
    {
      id: 'oos-shop-de-sonstiges',
      part: 'heldout',
      turns: [
        turn(
          'kann ich auf Rechnung bezahlen?',
          unknown('ja, auf rechnung', 'kauf auf rechnung ist'),
        ),
        turn('wie lange ist die Garantie auf Schlafsäcke?', unknown('jahre garantie')),
        turn('habt ihr einen Laden in Berlin?', unknown('unser laden', 'in berlin in der')),
        turn(
          'kann ich Sachen zurückschicken, wenn sie nicht passen?',
          unknown('30 tage', 'kostenlos zurück'),
        ),
        turn(
          'wann kommen die Daunenjacken von Summit wieder rein?',
          unknown('nächste woche', 'wieder ab'),
        ),
        turn('wo werden eure Zelte hergestellt?', unknown('hergestellt in', 'made in')),
      ],
    },
  ),
};

/** (d) on the electronics store. */
export const OUT_OF_SCOPE_ELECTRONICS: EvalSet = {
  id: 'out-of-scope-electronics-en-1',
  kind: 'out-of-scope',
  language: 'en',
  description: 'The electronics store asked what its prompt and catalogue do not say.',
  scenario: ELECTRONICS.scenario,
  collections: ELECTRONICS.collections,
  conversations: conversations(
    {
      id: 'oos-electronics-service',
      part: 'dev',
      turns: [
        turn('do you repair cracked phone screens', unknown('we repair', 'we can fix')),
        turn(
          'will you take my old laptop as a trade in',
          unknown('trade-in value', 'we accept trade'),
        ),
        turn('how long is the warranty on headphones', unknown('year warranty', 'months warranty')),
        turn('do you deliver on the same day', unknown('same-day delivery is', 'yes, same day')),
      ],
    },
    {
      id: 'oos-electronics-specs',
      part: 'heldout',
      turns: [
        turn('does the arcwave one support 5g', unknown('supports 5g', 'yes, 5g')),
        turn(
          'which processor is in the northbyte book 14',
          unknown('intel', 'amd', 'core i', 'ryzen'),
        ),
        turn(
          'will the kestrel fold get the next software update',
          unknown('will get', 'yes, it will'),
        ),
        turn('is there a student discount', unknown('% off', 'percent off', 'student discount of')),
        turn(
          'can I pay in monthly instalments',
          unknown('monthly payments of', 'yes, you can pay'),
        ),
        turn('when is the black friday sale starting', unknown('starts on', 'november')),
      ],
    },
  ),
};

/** (d) on the receptionist. */
export const OUT_OF_SCOPE_RECEPTIONIST: EvalSet = {
  id: 'out-of-scope-receptionist-en-1',
  kind: 'out-of-scope',
  language: 'en',
  description: 'The salon receptionist asked what its prompt does not say.',
  scenario: RECEPTIONIST.scenario,
  collections: RECEPTIONIST.collections,
  conversations: conversations(
    {
      id: 'oos-salon-visit',
      part: 'dev',
      turns: [
        turn(
          'is there parking near the salon',
          unknown('free parking', 'car park is', 'you can park'),
        ),
        turn('do you take card payments', unknown('we accept', 'yes, we take')),
        turn('is the salon wheelchair accessible', unknown('step-free', 'yes, it is accessible')),
        turn('do you do gift vouchers', unknown('vouchers are', 'yes, we sell')),
      ],
    },
    {
      id: 'oos-salon-services',
      part: 'heldout',
      turns: [
        turn('how much is a perm', unknown('pounds for a perm', 'a perm is')),
        turn('do you do nails as well', unknown('manicure is', 'yes, we do nails')),
        turn('which hair products do you use', unknown('we use', 'olaplex', "l'oreal")),
        turn(
          'is Nadia working on the 24th of December',
          unknown('yes, she is', 'she is working on'),
        ),
        turn(
          'what happens if I am late or miss the appointment',
          unknown('cancellation fee', 'we charge'),
        ),
        turn('do you have wifi while I wait', unknown('free wifi', 'yes, we have wifi')),
      ],
    },
  ),
};

/** (d) on the support desk. */
export const OUT_OF_SCOPE_SUPPORT: EvalSet = {
  id: 'out-of-scope-support-desk-en-1',
  kind: 'out-of-scope',
  language: 'en',
  description: 'The broadband support desk asked what its prompt does not say.',
  scenario: SUPPORT_DESK.scenario,
  collections: SUPPORT_DESK.collections,
  conversations: conversations(
    {
      id: 'oos-support-network',
      part: 'dev',
      turns: [
        turn(
          'is there an outage in Leeds right now',
          unknown('there is an outage', 'no outage', 'no known outage'),
        ),
        turn(
          'when will fibre reach my street',
          unknown('next year', 'by the end of', 'is scheduled'),
        ),
        turn('do you have a tv package', unknown('our tv package', 'yes, we offer tv')),
        turn('what router model do you send', unknown('model', 'hub 2')),
      ],
    },
    {
      id: 'oos-support-account',
      part: 'heldout',
      turns: [
        turn(
          'how much does it cost to leave before the contract ends',
          unknown('early termination fee of', 'pounds to leave'),
        ),
        turn(
          'is there a discount for pensioners',
          unknown('% off', 'percent off', 'yes, there is'),
        ),
        turn('can I get a static ip address', unknown('static ip costs', 'yes, you can')),
        turn('do you have mobile sim plans', unknown('sim plans start', 'yes, we do')),
        turn('how fast is the upload on the plus plan', unknown('mbps upload', 'upload speed is')),
        turn(
          'will my bill go up in april',
          unknown('goes up by', 'yes, in april', 'will increase'),
        ),
      ],
    },
  ),
};

/** Every (d) set. */
export const OUT_OF_SCOPE_SETS: readonly EvalSet[] = [
  OUT_OF_SCOPE_SHOP_EN,
  OUT_OF_SCOPE_SHOP_FR,
  OUT_OF_SCOPE_SHOP_ES,
  OUT_OF_SCOPE_SHOP_DE,
  OUT_OF_SCOPE_ELECTRONICS,
  OUT_OF_SCOPE_RECEPTIONIST,
  OUT_OF_SCOPE_SUPPORT,
];
