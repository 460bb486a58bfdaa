// Sets (d), second family: what each scenario holds and what it does not, asked in the visitor's
// own words. About half the turns ask what neither the prompt nor the items say (the right answer
// is "I don't know", as in the first (d) sets); the other half ask what they do say (opening
// hours, a price in the prompt, an item's price, colour, weight or stock), where "I don't know"
// or a wrong value is the failure. The two are measured together because an agent can look
// careful on the first half only by refusing everything. Each set runs on the scenario and
// collections of its (a), (b) or (c) set. Frozen: a change makes a new set with a new id.
import { ELECTRONICS } from './electronics.js';
import {
  call,
  catalogueWhere,
  either,
  fact,
  focus,
  is,
  refers,
  some,
  turn,
  unknown,
  type EvalSet,
  type Outcome,
  type Reference,
} from './format.js';
import { RECEPTIONIST } from './receptionist.js';
import { search, show } from './shop-outcomes.js';
import { SUPPORT_DESK } from './support-desk.js';

// A question about a named item may rightly be answered by putting the item on the page: its
// card carries the price, colour and weight. Names are unique in both catalogues, so an item is
// pointed at by its exact name (a kind word alone would also match "solar lantern" for "lantern").

/** The catalogue's item of that exact name. */
const item = (name: string): Reference => catalogueWhere(is('name', name));

/** The item just talked about ("it"), else the named one when nothing is in focus. */
const itAgain = (name: string): Reference => either(focus, item(name));

/** The demo shop's ways to answer with the item itself: shown, or found by a search. */
const shopItem = (name: string): Outcome[] => [show(item(name)), search(some(is('name', name)))];

/** A follow-up on the shop's item in focus. */
const shopItemAgain = (name: string): Outcome[] => [show(itAgain(name))];

/** The electronics store's ways to answer with the device itself (its own tool names). */
const device = (name: string): Outcome[] => [
  call('show_device', { args: [refers('item_id', item(name))] }),
  call('find_devices', { shows: [some(is('name', name))] }),
];

/** A follow-up on the store's device in focus. */
const deviceAgain = (name: string): Outcome[] => [
  call('show_device', { args: [refers('item_id', itAgain(name))] }),
];

/** The English demo shop. */
export const GROUNDED_SHOP_EN: EvalSet = {
  id: 'grounded-shop-en-2',
  kind: 'out-of-scope',
  language: 'en',
  description:
    'The English demo shop asked what its catalogue says (in other words) and what nothing it holds says.',
  scenario: { demo: 'en' },
  collections: [{ demo: 'en' }],
  conversations: [
    {
      id: 'gr-shop-en-headlamp',
      part: 'dev',
      turns: [
        turn(
          'hey, how much is the north peak headlamp?',
          fact(['70.99', '70,99', '70 dollars', '71 dollars', '$71', 'seventy']),
          ...shopItem('North Peak Headlamp'),
        ),
        turn(
          'does it run on AAA batteries or do you charge it',
          unknown(
            'charges via',
            'charges over',
            'yes, it',
            'yes it',
            'usb-c',
            'micro usb',
            'built-in battery',
          ),
        ),
        turn(
          'ok and what colour is it, i kind of want something bright',
          fact(['black']),
          ...shopItemAgain('North Peak Headlamp'),
        ),
        turn(
          'how long would delivery to leeds take if i ordered today',
          unknown(
            'working days',
            'business days',
            'next day',
            'next-day',
            'arrive tomorrow',
            'arrives by',
            '1-3',
            '2-3',
            '3-5',
          ),
        ),
      ],
    },
    {
      id: 'gr-shop-en-boots',
      part: 'dev',
      turns: [
        turn(
          'going to scotland in february, is the north peak winter boot waterproof?',
          fact(
            [
              'is waterproof',
              "it's waterproof",
              'they are waterproof',
              "they're waterproof",
              'yes',
            ],
            ['not waterproof', "isn't waterproof", "aren't waterproof"],
          ),
          ...shopItem('North Peak Winter Boot'),
        ),
        turn(
          'whats your returns policy if they dont fit',
          unknown(
            '30 days',
            '14 days',
            '28 days',
            '60 days',
            'free returns',
            'full refund',
            'return them within',
          ),
        ),
        turn(
          'do they come in a 46?',
          unknown('yes, size', 'available in size', 'come in size', 'comes in size', 'sizes from'),
        ),
        turn(
          'how heavy are they roughly',
          fact(['1330', '1,330', '1 330', '1.33', '1.3 kg', '1.3kg', '1.3 kilo']),
          ...shopItemAgain('North Peak Winter Boot'),
        ),
      ],
    },
    {
      id: 'gr-shop-en-store',
      part: 'heldout',
      turns: [
        turn('sorry what is this shop called again?', fact(['trailhead'])),
        turn(
          'do you have an actual store in manchester i could pop into',
          unknown(
            'yes, we have a store',
            'yes we have a store',
            'our store is',
            'our shop is',
            'located at',
            'high street',
            'street, manchester',
          ),
        ),
        turn(
          'and you sell camping gear or is it just clothes',
          fact(['camping', 'tents', 'outdoor', 'sleeping bags', 'cooking', 'backpacks', 'hiking']),
        ),
      ],
    },
    {
      id: 'gr-shop-en-stove',
      part: 'heldout',
      turns: [
        turn(
          'the blue ridge camp stove, whats the price on that',
          fact(['21.99', '21,99', '22 dollars', '$22', 'twenty-one', 'twenty one', 'twenty-two']),
          ...shopItem('Blue Ridge Camp Stove'),
        ),
        turn(
          'what fuel does it take? gas canisters?',
          unknown(
            'isobutane',
            'butane',
            'propane',
            'white gas',
            'screw-on',
            'screw-in',
            'standard gas',
            'yes, gas',
            'yes, it takes',
          ),
        ),
        turn(
          'fine, have you got it in stock',
          fact(
            ['in stock', 'available', 'yes'],
            ['out of stock', 'not in stock', 'sold out', 'not available', 'unavailable'],
          ),
          ...shopItemAgain('Blue Ridge Camp Stove'),
        ),
      ],
    },
    {
      id: 'gr-shop-en-jacket',
      part: 'heldout',
      turns: [
        turn(
          'how much does the red cedar down jacket weigh',
          fact(['350', '0.35 kg', '0.35kg']),
          ...shopItem('Red Cedar Down Jacket'),
        ),
        turn(
          'whats the fill power on it? and is it duck or goose',
          unknown(
            'fill power is',
            '800',
            '750',
            '700',
            '650',
            '600',
            '550',
            'it is goose',
            "it's goose",
            'it is duck',
            "it's duck",
          ),
        ),
        turn(
          'and the price?',
          fact(['70.99', '70,99', '70 dollars', '71 dollars', '$71', 'seventy']),
          ...shopItemAgain('Red Cedar Down Jacket'),
        ),
      ],
    },
    {
      id: 'gr-shop-en-checkout',
      part: 'heldout',
      turns: [
        turn(
          'do you ship to ireland?',
          unknown(
            'yes, we ship',
            'yes we ship',
            'yes, we deliver',
            'yes we deliver',
            'yes we do',
            'yes, we do',
            'shipping costs',
            'free shipping',
            'shipping is free',
            'delivery costs',
            '€',
            'euro',
          ),
        ),
        turn(
          'can i pay with paypal or klarna',
          unknown(
            'yes, you can',
            'yes you can',
            'paypal is accepted',
            'klarna is available',
            'pay in 3',
            'pay in three',
            'instalments',
            'installments',
          ),
        ),
        turn(
          'ok whatever. how much is the summit camp kettle',
          fact([
            '129.99',
            '129,99',
            '130 dollars',
            '$130',
            'a hundred and thirty',
            'one hundred and thirty',
            'hundred and twenty-nine',
            'hundred twenty-nine',
          ]),
          ...shopItem('Summit Camp Kettle'),
        ),
        turn(
          'any discount codes going at the moment?',
          unknown(
            '10%',
            '15%',
            '20%',
            '% off',
            'code is',
            'use code',
            'use the code',
            'discount of',
          ),
        ),
      ],
    },
  ],
};

/** The French demo shop. */
export const GROUNDED_SHOP_FR: EvalSet = {
  id: 'grounded-shop-fr-2',
  kind: 'out-of-scope',
  language: 'fr',
  description:
    'La boutique en français : ce que son catalogue dit (en d’autres mots) et ce que rien ne dit.',
  scenario: { demo: 'fr' },
  collections: [{ demo: 'fr' }],
  conversations: [
    {
      id: 'gr-shop-fr-lanterne',
      part: 'dev',
      turns: [
        turn(
          'Bonjour, la lanterne Stone Creek elle coûte combien ?',
          fact(['49,99', '49.99', '49 dollars', '50 dollars', '50 $', '50$', 'cinquante']),
          ...shopItem('Lanterne Stone Creek'),
        ),
        turn(
          'elle tient combien d’heures allumée à peu près ?',
          unknown(
            '0 heures',
            '2 heures',
            '4 heures',
            '5 heures',
            '6 heures',
            '8 heures',
            'heures environ',
          ),
        ),
        turn(
          "et elle craint la pluie ou pas ? c'est pour camper en Bretagne",
          fact(
            ['étanche', 'imperméable', 'ne craint pas', 'résiste à la pluie', 'oui'],
            ['pas étanche', 'pas imperméable'],
          ),
          ...shopItemAgain('Lanterne Stone Creek'),
        ),
        turn(
          'vous livrez en Belgique ?',
          unknown(
            'oui, nous livrons',
            'oui nous livrons',
            'oui, on livre',
            'nous livrons en belgique',
            'frais de port',
            'livraison gratuite',
            'livraison offerte',
          ),
        ),
      ],
    },
    {
      id: 'gr-shop-fr-veste',
      part: 'dev',
      turns: [
        turn(
          'La veste de pluie de chez North Peak, elle pèse combien ?',
          fact(['380']),
          ...shopItem('Veste de pluie North Peak'),
        ),
        turn(
          'y a une garantie dessus ? combien de temps',
          unknown(
            '2 ans',
            'deux ans',
            '1 an',
            'd’un an',
            "d'un an",
            '3 ans',
            '5 ans',
            'à vie',
            'garantie légale',
          ),
        ),
        turn(
          'ok et elle existe en quelle couleur',
          fact(['bleu']),
          ...shopItemAgain('Veste de pluie North Peak'),
        ),
      ],
    },
    {
      id: 'gr-shop-fr-boutique',
      part: 'heldout',
      turns: [
        turn(
          "Trailhead c'est quoi comme magasin exactement ?",
          fact(['plein air', 'outdoor', 'randonnée', 'camping', 'montagne', 'matériel']),
        ),
        turn(
          'vous avez une vraie boutique à Lyon ?',
          unknown(
            'oui, nous avons',
            'oui nous avons',
            'oui, on a',
            'notre magasin est',
            'notre boutique est',
            'se trouve au',
            'se trouve rue',
            'adresse est',
          ),
        ),
        turn(
          'et le dimanche vous êtes ouverts ?',
          unknown(
            'oui, nous sommes ouverts',
            'oui, on est ouvert',
            'ouverts de',
            'ouvert de',
            'fermé le dimanche',
            'fermés le dimanche',
            'de 9h',
            'de 10h',
            'à 9h',
            'à 10h',
          ),
        ),
      ],
    },
    {
      id: 'gr-shop-fr-sac',
      part: 'heldout',
      turns: [
        turn(
          'Combien pour le sac à dos de journée Blue Ridge ?',
          fact(['154,99', '154.99', '155 dollars', '155 $', '155$', 'cent cinquante']),
          ...shopItem('Sac à dos de journée Blue Ridge'),
        ),
        turn(
          'il fait combien de litres ?',
          unknown(
            '0 litres',
            '5 litres',
            '0 l ',
            '5 l ',
            '0l',
            '5l',
            'contenance de 2',
            'contenance de 3',
          ),
        ),
        turn(
          'si je le prends sous l’averse mes affaires restent au sec ?',
          fact(
            ['imperméable', 'étanche', 'oui'],
            ['pas imperméable', 'pas étanche', "n'est pas imperméable"],
          ),
          ...shopItemAgain('Sac à dos de journée Blue Ridge'),
        ),
      ],
    },
    {
      id: 'gr-shop-fr-divers',
      part: 'heldout',
      turns: [
        turn(
          'Le filtre à eau North Peak, vous l’avez en stock là ?',
          fact(
            ['en stock', 'disponible', 'oui'],
            ['rupture', 'pas en stock', "n'est pas disponible", 'indisponible', 'épuisé'],
          ),
          ...shopItem('Filtre à eau North Peak'),
        ),
        turn(
          'il arrête aussi les virus ou seulement les bactéries ?',
          unknown('oui, il', 'oui il', 'non, il', 'non il', '99,9', '99.9', 'micron'),
        ),
        turn(
          'on peut payer en plusieurs fois chez vous ?',
          unknown(
            'oui, vous pouvez',
            'oui vous pouvez',
            'en 3 fois',
            'en trois fois',
            'en 4 fois',
            'en quatre fois',
            'klarna',
            'alma',
            'paypal',
          ),
        ),
        turn(
          'dernière chose, la couette de bivouac Blue Ridge elle est de quelle couleur ?',
          fact(['bleu']),
          ...shopItem('Couette de bivouac Blue Ridge'),
        ),
      ],
    },
  ],
};

/** The Spanish demo shop. */
export const GROUNDED_SHOP_ES: EvalSet = {
  id: 'grounded-shop-es-2',
  kind: 'out-of-scope',
  language: 'es',
  description:
    'La tienda en español: lo que su catálogo dice (con otras palabras) y lo que nada de lo que tiene dice.',
  scenario: { demo: 'es' },
  collections: [{ demo: 'es' }],
  conversations: [
    {
      id: 'gr-shop-es-tienda',
      part: 'dev',
      turns: [
        turn(
          'hola! cuanto cuesta la tienda de campaña para dos de blue ridge?',
          fact(['472,99', '472.99', '473 dólares', '473 $', '473$', 'cuatrocientos setenta']),
          ...shopItem('Tienda de campaña para dos Blue Ridge'),
        ),
        turn(
          'y cuanto pesa?',
          fact(['1000', '1.000', '1 000', '1 kg', '1kg', 'un kilo', '1 kilo']),
          ...shopItemAgain('Tienda de campaña para dos Blue Ridge'),
        ),
        turn(
          'aguanta bien la nieve? es para el pirineo en enero',
          unknown(
            'cuatro estaciones',
            '4 estaciones',
            'sí, aguanta',
            'si, aguanta',
            'sí, es apta',
            'si, es apta',
            'perfecta para',
            'ideal para',
          ),
        ),
        turn(
          '¿y cuánto tarda el envío a Valencia?',
          unknown(
            '24 horas',
            '48 horas',
            '24/48',
            'días laborables',
            'días hábiles',
            'en 2 días',
            'en 3 días',
            'entre 2',
            'entre 3',
          ),
        ),
      ],
    },
    {
      id: 'gr-shop-es-cafetera',
      part: 'dev',
      turns: [
        turn(
          'la cafetera de émbolo de north peak de qué color es?',
          fact(['negro', 'negra']),
          ...shopItem('Cafetera de émbolo North Peak'),
        ),
        turn(
          'cuantas tazas salen? somos 4 en la furgo',
          unknown(
            '3 tazas',
            'tres tazas',
            '4 tazas',
            'cuatro tazas',
            '6 tazas',
            'seis tazas',
            '8 tazas',
            'ocho tazas',
            '0 ml',
            '1 litro',
            'medio litro',
          ),
        ),
        turn(
          'vale y de precio?',
          fact([
            '113,99',
            '113.99',
            '114 dólares',
            '114 $',
            '114$',
            'ciento trece',
            'ciento catorce',
          ]),
          ...shopItemAgain('Cafetera de émbolo North Peak'),
        ),
      ],
    },
    {
      id: 'gr-shop-es-luz',
      part: 'heldout',
      turns: [
        turn(
          'busco algo barato pa la bici, cuanto vale la luz de bicicleta summit?',
          fact(['12,99', '12.99', '13 dólares', '13 $', '13$', 'trece']),
          ...shopItem('Luz de bicicleta Summit'),
        ),
        turn(
          'se carga por usb o va con pilas?',
          unknown(
            'sí, es recargable',
            'si, es recargable',
            'sí, se carga',
            'si, se carga',
            'usb-c',
            'micro usb',
            'micro-usb',
            'pilas aaa',
            'batería integrada',
          ),
        ),
        turn(
          'y con lluvia aguanta?',
          fact(
            [
              'no es impermeable',
              'no es resistente al agua',
              'no figura como impermeable',
              'no aparece como impermeable',
              'no está marcada como impermeable',
              'no está indicada como impermeable',
              'no aguanta',
              'no la aguanta',
            ],
            ['sí, es impermeable', 'si, es impermeable', 'sí, aguanta', 'si, aguanta'],
          ),
          ...shopItemAgain('Luz de bicicleta Summit'),
        ),
        turn(
          'tenéis tienda física en Madrid?',
          unknown(
            'sí, tenemos',
            'si, tenemos',
            'nuestra tienda está',
            'nuestra tienda se encuentra',
            'calle',
            'dirección es',
          ),
        ),
      ],
    },
    {
      id: 'gr-shop-es-saco',
      part: 'heldout',
      turns: [
        turn(
          'el saco de dormir de invierno de summit cuanto pesa',
          fact(['1750', '1.750', '1 750', '1,75', '1.75']),
          ...shopItem('Saco de dormir de invierno Summit'),
        ),
        turn(
          'hasta qué temperatura aguanta? voy a dormir a -10',
          unknown(
            'temperatura de confort es',
            'confort de -',
            'límite de -',
            'hasta -5',
            'hasta -15',
            'hasta -20',
            'aguanta hasta',
            'sí, aguanta',
            'si, aguanta',
          ),
        ),
        turn(
          'vale, y en qué color lo tenéis?',
          fact(['gris']),
          ...shopItemAgain('Saco de dormir de invierno Summit'),
        ),
      ],
    },
    {
      id: 'gr-shop-es-varios',
      part: 'heldout',
      turns: [
        turn(
          'las zapatillas de aproximación summit son impermeables?',
          fact(['impermeable', 'sí,', 'sí.', 'sí!'], ['no son impermeables', 'no es impermeable']),
          ...shopItem('Zapatilla de aproximación Summit'),
        ),
        turn(
          '¿hacéis descuento a estudiantes?',
          unknown(
            '10%',
            '15%',
            '20%',
            '% de descuento',
            'sí, hay',
            'si, hay',
            'sí, hacemos',
            'si, hacemos',
          ),
        ),
        turn(
          'y si no me quedan bien las puedo devolver sin pagar nada?',
          unknown(
            '14 días',
            '15 días',
            '30 días',
            '60 días',
            'devolución gratuita',
            'devoluciones gratuitas',
            'sí, puedes',
            'si, puedes',
            'sí, la devolución',
          ),
        ),
      ],
    },
  ],
};

/** The German demo shop. */
export const GROUNDED_SHOP_DE: EvalSet = {
  id: 'grounded-shop-de-2',
  kind: 'out-of-scope',
  language: 'de',
  description:
    'Der Shop auf Deutsch: was sein Katalog sagt (in anderen Worten) und was nichts von dem sagt, was er hat.',
  scenario: { demo: 'de' },
  collections: [{ demo: 'de' }],
  conversations: [
    {
      id: 'gr-shop-de-kocher',
      part: 'dev',
      turns: [
        turn(
          'Was kostet eigentlich der Summit Campingkocher?',
          fact([
            '56,99',
            '56.99',
            '57 dollar',
            '57 $',
            '57$',
            '57 usd',
            'siebenundfünfzig',
            'sechsundfünfzig',
          ]),
          ...shopItem('Campingkocher Summit'),
        ),
        turn(
          'Läuft der mit Gaskartuschen oder mit Spiritus?',
          unknown(
            'läuft mit',
            'wird mit',
            'benzin',
            'butan',
            'propan',
            'multifuel',
            'schraubkartusche',
            'ventilkartusche',
          ),
        ),
        turn(
          'und wie schwer ist das ding?',
          fact(['610']),
          ...shopItemAgain('Campingkocher Summit'),
        ),
        turn(
          'Liefert ihr auch in die Schweiz?',
          unknown(
            'ja, wir liefern',
            'ja wir liefern',
            'ja, liefern wir',
            'wir liefern in die schweiz',
            'zoll',
            'chf',
            'franken',
          ),
        ),
      ],
    },
    {
      id: 'gr-shop-de-isomatte',
      part: 'dev',
      turns: [
        turn(
          'hab die Isomatte von Summit gesehen, welche farbe hat die?',
          fact(['rot']),
          ...shopItem('Isomatte Summit'),
        ),
        turn(
          'wie dick ist die denn so in cm?',
          unknown(
            'cm dick',
            'zentimeter dick',
            'cm stark',
            '2,5 cm',
            '3 cm',
            '3,8 cm',
            '5 cm',
            '7 cm',
            '8 cm',
            '10 cm',
          ),
        ),
        turn(
          'und wenn der boden nass ist, macht die das mit?',
          fact(
            ['wasserdicht', 'wasserfest', 'ja,', 'ja.', 'ja!'],
            ['nicht wasserdicht', 'nicht wasserfest'],
          ),
          ...shopItemAgain('Isomatte Summit'),
        ),
      ],
    },
    {
      id: 'gr-shop-de-rucksack',
      part: 'heldout',
      turns: [
        turn(
          'Wie viel kostet der Wanderrucksack von North Peak?',
          fact(['271,99', '271.99', '272 dollar', '272 $', '272$', '272 usd']),
          ...shopItem('Wanderrucksack North Peak'),
        ),
        turn(
          'hat der ein fach für ne trinkblase?',
          unknown(
            'ja, er hat',
            'ja, der hat',
            'er hat ein',
            'verfügt über',
            'kompatibel mit',
            'ja, da passt',
            'ja, es passt',
          ),
        ),
        turn(
          'ist der bei regen dicht?',
          fact(
            ['nicht wasserdicht', 'nicht wasserfest', 'nein'],
            ['ist wasserdicht', 'ist wasserfest', 'ja, er ist', 'ja, der ist'],
          ),
          ...shopItemAgain('Wanderrucksack North Peak'),
        ),
        turn(
          'was sind eure öffnungszeiten im laden?',
          unknown(
            ' uhr',
            'montag bis',
            'mo-fr',
            'mo.-fr',
            'geöffnet von',
            'von 9',
            'von 10',
            'ab 9',
            'ab 10',
          ),
        ),
      ],
    },
    {
      id: 'gr-shop-de-stirnlampe',
      part: 'heldout',
      turns: [
        turn(
          'die Stirnlampe von Red Cedar, wie schwer ist die?',
          fact(['70 g', '70g', '70 gramm']),
          ...shopItem('Stirnlampe Red Cedar'),
        ),
        turn(
          'wie lange hält der akku',
          unknown(
            'stunden lang',
            'bis zu',
            '5 stunden',
            '8 stunden',
            '10 stunden',
            '20 stunden',
            '40 stunden',
            '50 stunden',
            '100 stunden',
          ),
        ),
        turn(
          'und was wollt ihr dafür haben?',
          fact([
            '80,99',
            '80.99',
            '81 dollar',
            '81 $',
            '81$',
            '81 usd',
            'einundachtzig',
            'achtzig',
          ]),
          ...shopItemAgain('Stirnlampe Red Cedar'),
        ),
      ],
    },
    {
      id: 'gr-shop-de-sonstiges',
      part: 'heldout',
      turns: [
        turn(
          'ist die funktionsunterwäsche von blue ridge grad lieferbar?',
          fact(
            [
              'nicht auf lager',
              'nicht vorrätig',
              'ausverkauft',
              'nicht lieferbar',
              'nicht verfügbar',
              'vergriffen',
            ],
            ['ist auf lager', 'ist lieferbar', 'ist verfügbar', 'ja,'],
          ),
          ...shopItem('Funktionsunterwäsche Blue Ridge'),
        ),
        turn(
          'wann kommt die wieder rein?',
          unknown(
            'nächste woche',
            'in zwei wochen',
            'in 2 wochen',
            'ab dem',
            'ende des monats',
            'anfang nächsten',
            'wieder verfügbar ab',
            'wieder da ab',
            'kommt am',
          ),
        ),
        turn(
          "gibt's bei euch gutscheine zum verschenken?",
          unknown(
            'ja, wir haben',
            'ja, es gibt',
            'ja, gibt es',
            'gutscheine gibt es',
            'ab 10',
            'ab 25',
            'im wert von',
          ),
        ),
      ],
    },
  ],
};

/** The electronics store. */
export const GROUNDED_ELECTRONICS: EvalSet = {
  id: 'grounded-electronics-en-2',
  kind: 'out-of-scope',
  language: 'en',
  description:
    'The electronics store asked what its catalogue says (in other words) and what nothing it holds says.',
  scenario: ELECTRONICS.scenario,
  collections: ELECTRONICS.collections,
  conversations: [
    {
      id: 'gr-electronics-laptop',
      part: 'dev',
      turns: [
        turn(
          'how long does the battery go on the kestrel slim 13? needs to last a full day at uni',
          fact(['16 hours', '16 hrs', '16h', '16 hour', 'sixteen']),
          ...device('Kestrel Slim 13'),
        ),
        turn(
          'what processor has it got',
          unknown('intel', 'amd', 'ryzen', 'core i', 'snapdragon', 'ghz', 'celeron', 'apple m'),
        ),
        turn(
          'and how much ram',
          unknown('gb of ram', 'gb ram', 'gb of memory', '4 gb', '8 gb', '16 gb', '32 gb'),
        ),
        turn('what colour is it btw', fact(['blue']), ...deviceAgain('Kestrel Slim 13')),
      ],
    },
    {
      id: 'gr-electronics-audio',
      part: 'dev',
      turns: [
        turn(
          'do the northbyte quiet 700 block out noise? i work in an open office',
          fact(
            ['noise cancelling', 'noise-cancelling', 'noise canceling', 'noise-canceling', 'yes'],
            ['no noise cancelling', 'not noise', 'without noise cancelling'],
          ),
          ...device('Northbyte Quiet 700'),
        ),
        turn(
          'do they fold up for travel',
          unknown(
            'yes, they fold',
            'yes they fold',
            'they are foldable',
            "they're foldable",
            'they do fold',
            'folding design',
            'collapsible',
            'swivel',
          ),
        ),
        turn(
          'how many hours do they get per charge',
          fact(['40', 'forty']),
          ...deviceAgain('Northbyte Quiet 700'),
        ),
        turn(
          'if they break after a year can you repair them for me',
          unknown(
            'yes, we',
            'yes we',
            'year warranty',
            'year’s warranty',
            "year's warranty",
            '2-year',
            'two-year',
            '1-year',
            'one-year',
            '12 months',
            '24 months',
          ),
        ),
      ],
    },
    {
      id: 'gr-electronics-tablet',
      part: 'heldout',
      turns: [
        turn(
          'does the kestrel draw 12 come with a pen or do i have to buy one',
          fact(
            ['included', 'comes with', 'yes'],
            [
              'sold separately',
              'not included',
              "doesn't come with",
              'does not come with',
              'no stylus',
            ],
          ),
          ...device('Kestrel Draw 12'),
        ),
        turn(
          'hw big is the screen on it',
          fact(['12.4', '12,4', 'twelve point four']),
          ...deviceAgain('Kestrel Draw 12'),
        ),
        turn(
          'would it run photoshop ok',
          unknown(
            'yes, it can',
            'yes it can',
            'yes, it runs',
            'yes it runs',
            'runs photoshop fine',
            'handles photoshop',
            'fully compatible',
          ),
        ),
        turn(
          "when's the next version of it coming out",
          unknown(
            'next year',
            'this autumn',
            'in the fall',
            'this spring',
            'later this year',
            'coming soon',
            '2026',
            '2027',
            'in september',
          ),
        ),
      ],
    },
    {
      id: 'gr-electronics-phone',
      part: 'heldout',
      turns: [
        turn(
          'is the orbit rugged x waterproof, i drop my phone in the sink like every week lol',
          fact(['waterproof', 'yes'], ['not waterproof', "isn't waterproof", 'is not waterproof']),
          ...device('Orbit Rugged X'),
        ),
        turn('whats the IP rating exactly', unknown('ip6', 'ip 6', 'ip5', 'ip 5')),
        turn('how much storage does it have', fact(['128']), ...deviceAgain('Orbit Rugged X')),
        turn(
          'does it do 5g',
          unknown(
            'yes, it supports',
            'yes it supports',
            'yes, it does',
            'yes it does',
            '5g capable',
            '5g-capable',
            '5g ready',
            '4g only',
            'only 4g',
            'only supports 4g',
            'lte only',
          ),
        ),
      ],
    },
    {
      id: 'gr-electronics-misc',
      part: 'heldout',
      turns: [
        turn(
          "how heavy is the kestrel party tower? i'd have to carry it up 3 flights of stairs",
          fact(['9.8', '9,8', '9800', '9,800', 'nearly 10', 'almost 10', 'about 10', 'around 10']),
          ...device('Kestrel Party Tower'),
        ),
        turn(
          'do you do student discount',
          unknown(
            '10%',
            '15%',
            '20%',
            '% off',
            'student discount of',
            'yes, we',
            'yes we',
            'unidays',
            'student beans',
          ),
        ),
        turn(
          'and the orbit beach cube, can that one get wet?',
          fact(['waterproof', 'yes'], ['not waterproof', "isn't waterproof", 'is not waterproof']),
          ...device('Orbit Beach Cube'),
        ),
        turn(
          'do you price match amazon',
          unknown(
            'yes, we',
            'yes we',
            'we will match',
            "we'll match",
            'we do match',
            'price match guarantee',
            'price-match guarantee',
          ),
        ),
      ],
    },
  ],
};

/** The hair salon's receptionist. */
export const GROUNDED_RECEPTIONIST: EvalSet = {
  id: 'grounded-receptionist-en-2',
  kind: 'out-of-scope',
  language: 'en',
  description:
    'The salon receptionist asked what its prompt says (in other words) and what it does not say.',
  scenario: RECEPTIONIST.scenario,
  collections: RECEPTIONIST.collections,
  conversations: [
    {
      id: 'gr-salon-weekend',
      part: 'dev',
      turns: [
        turn(
          'hiya what time do you open on a saturday',
          fact(
            [
              '9am',
              '9 am',
              '9:00',
              '9.00',
              '09:00',
              'nine',
              'at 9',
              'from 9',
              '9 till',
              '9 until',
              '9 to',
              '9 -',
              '9-',
            ],
            ['8am', '8:00', '10am', '10:00'],
          ),
        ),
        turn(
          'and sundays?',
          fact(
            ['closed', 'not open', 'shut', "we're not", 'we are not'],
            [
              'open on sunday from',
              'open sundays from',
              'sunday from',
              'sundays from',
              'sunday 9',
              'sunday 10',
            ],
          ),
        ),
        turn(
          'is there anywhere to park near you',
          unknown(
            'free parking',
            'street parking',
            'pay and display',
            'pay-and-display',
            'you can park',
            'parking behind',
            'parking outside',
            'car park behind',
            'car park next',
          ),
        ),
      ],
    },
    {
      id: 'gr-salon-beard',
      part: 'dev',
      turns: [
        turn(
          'who would i see for a beard tidy up',
          fact(['tom ', 'tom.', 'tom,', 'tom!', 'see tom', 'with tom', 'ask for tom', 'book tom']),
        ),
        turn('how much is it', fact(['15', 'fifteen'])),
        turn(
          'does he do hot towel shaves as well',
          unknown(
            'yes, he does',
            'yes he does',
            'yes, tom does',
            'yes tom does',
            'hot towel shave is',
          ),
        ),
        turn(
          'can i pay by card when i come in',
          unknown(
            'yes, we take',
            'yes we take',
            'yes, you can',
            'yes you can',
            'card is fine',
            'cash only',
            'contactless',
            'we take cards',
            'amex',
          ),
        ),
      ],
    },
    {
      id: 'gr-salon-extras',
      part: 'dev',
      turns: [
        turn(
          'do you sell gift vouchers? for my mum',
          unknown(
            'yes, we sell',
            'yes we sell',
            'yes, we do',
            'yes we do',
            'vouchers are available',
            'vouchers start',
            'any amount',
            'from £',
          ),
        ),
        turn(
          'how long has nadia been doing hair, is she experienced',
          unknown(
            '5 years',
            '10 years',
            '15 years',
            '20 years',
            'over 10',
            'since 19',
            'since 20',
            'very experienced',
            'highly experienced',
            'trained at',
          ),
        ),
      ],
    },
    {
      id: 'gr-salon-colour',
      part: 'heldout',
      turns: [
        turn("my daughter's 9, how much would her haircut be", fact(['18', 'eighteen'])),
        turn('and who does colour there', fact(['nadia'])),
        turn(
          'is she in on mondays',
          fact(
            [
              'not on monday',
              'not in on monday',
              "doesn't work on monday",
              'does not work on monday',
              "doesn't work monday",
              'not monday',
              'tuesday',
              'no,',
              'no.',
            ],
            ['yes, nadia', 'yes she', 'yes, she', 'she works monday', 'she is in on monday'],
          ),
        ),
        turn(
          "what brand of dye do you use? i'm allergic to ppd",
          unknown(
            'wella',
            'loreal',
            "l'oreal",
            'l’oreal',
            'schwarzkopf',
            'goldwell',
            'redken',
            'organic',
            'we only use',
          ),
        ),
      ],
    },
    {
      id: 'gr-salon-visit',
      part: 'heldout',
      turns: [
        turn('where are you exactly', fact(['14 maple', 'maple street', '14, maple'])),
        turn(
          "what's the nearest bus stop",
          unknown(
            'bus stop is',
            'stop on',
            'bus 7',
            'just outside',
            'around the corner',
            'round the corner',
            'minute walk',
            'minutes walk',
            'minutes’ walk',
          ),
        ),
        turn(
          'do you stay open late on thursdays? i finish work at 6',
          fact(
            ['19:00', '19.00', '7pm', '7 pm', '7:00', '7.00', 'seven'],
            ['until 8', 'until 9', 'till 8', 'till 9', '20:00', '21:00', '8pm', '9pm'],
          ),
        ),
        turn(
          'my dad uses a wheelchair, can he get in ok?',
          unknown(
            'yes, he can',
            'yes he can',
            'step-free',
            'step free',
            'a ramp',
            'ground floor',
            'ground-floor',
            'fully accessible',
            'there is a lift',
            "there's a lift",
          ),
        ),
      ],
    },
    {
      id: 'gr-salon-men',
      part: 'heldout',
      turns: [
        turn('how much for a gents cut', fact(['25', 'twenty-five', 'twenty five'])),
        turn(
          'roughly how long does that take',
          unknown(
            '30 minutes',
            '45 minutes',
            '20 minutes',
            '15 minutes',
            'half an hour',
            'an hour',
            '30 mins',
            '20 mins',
          ),
        ),
        turn(
          'is there a fee if i have to cancel last minute',
          unknown(
            'yes, there is',
            "yes, there's",
            'cancellation fee is',
            'fee of',
            'no fee',
            'no charge',
            'free of charge',
            '24 hours',
            '48 hours',
            '50%',
          ),
        ),
        turn(
          'could priya squeeze me in on a sunday then',
          fact(
            ['closed', 'not open', 'shut', 'monday to saturday', "we're not", 'we are not'],
            ['yes, priya can', 'yes she can', 'yes, she can', 'sunday at'],
          ),
        ),
      ],
    },
  ],
};

/** The broadband support desk. */
export const GROUNDED_SUPPORT: EvalSet = {
  id: 'grounded-support-desk-en-2',
  kind: 'out-of-scope',
  language: 'en',
  description:
    'The broadband support desk asked what its prompt says (in other words) and what it does not say.',
  scenario: SUPPORT_DESK.scenario,
  collections: SUPPORT_DESK.collections,
  conversations: [
    {
      id: 'gr-support-plans',
      part: 'dev',
      turns: [
        turn('whats the fastest package you do', fact(['900', 'max'])),
        turn('how much is that one a month', fact(['45', 'forty-five', 'forty five'])),
        turn(
          'does it come with a tv box or anything',
          unknown(
            'yes, it comes',
            'yes it comes',
            'yes, it includes',
            'yes it includes',
            'tv box is included',
            'freeview',
            'netflix',
            'now tv',
          ),
        ),
        turn(
          'whats the upload like on it',
          unknown(
            'mbps upload',
            'upload of',
            'symmetric',
            'symmetrical',
            'upload speed of',
            'upload is 1',
            'upload is 2',
            'upload is 9',
          ),
        ),
      ],
    },
    {
      id: 'gr-support-down',
      part: 'dev',
      turns: [
        turn(
          "net's been dead since this morning, anything i can try myself first?",
          fact([
            'unplug',
            'restart',
            'reboot',
            'turn it off',
            'switch it off',
            '30 seconds',
            'thirty seconds',
          ]),
        ),
        turn('how long do i leave it unplugged for', fact(['30', 'thirty', 'half a minute'])),
        turn(
          "is there an outage in my area? i'm in SE15",
          unknown(
            'there is an outage',
            "there's an outage",
            'there is no outage',
            "there's no outage",
            'no known',
            'no reported',
            'engineers are working',
            'known issue',
            'fixed by',
          ),
        ),
        turn(
          "will i get money back for the days i've been offline",
          unknown(
            'yes, you will',
            'yes you will',
            'compensation of',
            'refund of',
            'credit of',
            'per day',
            'automatically credited',
            'you will be credited',
            "you'll be credited",
          ),
        ),
      ],
    },
    {
      id: 'gr-support-bill',
      part: 'heldout',
      turns: [
        turn('what day of the month do you take the money', fact(['1st', 'first'])),
        turn(
          'can i move it to the 15th instead, i get paid mid month',
          unknown(
            'yes, you can',
            'yes you can',
            'you can change the date',
            'any date you like',
            'any day you like',
          ),
        ),
        turn(
          'also how long am i tied in for',
          fact([
            '12 month',
            '12-month',
            'twelve month',
            'twelve-month',
            'one year',
            'a year',
            '1 year',
          ]),
        ),
        turn(
          'how much would it cost to leave early',
          unknown(
            'exit fee of',
            'fee is £',
            'fee of £',
            'remaining months',
            'per remaining month',
            'rest of your contract',
            'cancellation fee of',
            'free to leave',
            'no fee',
            'no charge',
          ),
        ),
      ],
    },
    {
      id: 'gr-support-upgrade',
      part: 'heldout',
      turns: [
        turn(
          "im on basic. if i go up to plus how much more's that",
          fact(
            [
              '£10',
              '10 pounds',
              'ten pounds',
              '10 more',
              'ten more',
              '£35',
              '35 pounds',
              '35 a month',
              '35 per month',
              'thirty-five',
              'thirty five',
            ],
            ['£15 more', '£20 more', '15 pounds more', '20 pounds more'],
          ),
        ),
        turn(
          'and when does the new price kick in',
          fact(['next month', 'following month', 'next bill', 'next billing']),
        ),
        turn(
          'do i need a new router for the faster speed',
          unknown(
            'yes, you need',
            'yes you need',
            'you will need a new',
            "you'll need a new",
            "we'll send",
            'we will send',
            'no, your current',
            'no, you can keep',
            'no need',
          ),
        ),
        turn(
          'will an engineer need to come round',
          unknown(
            'yes, an engineer',
            'an engineer will',
            'no engineer',
            'no, an engineer',
            'no visit',
            'engineer visit is',
          ),
        ),
      ],
    },
    {
      id: 'gr-support-contact',
      part: 'heldout',
      turns: [
        turn(
          'can i ring someone on a sunday',
          fact(
            [
              'every day',
              '7 days',
              'seven days',
              'daily',
              '8:00',
              '8am',
              '8 am',
              '20:00',
              '8pm',
              '8 pm',
              'yes,',
              'yes.',
              'yes you',
              'yes, you',
            ],
            ['closed on sunday', 'not on sunday', 'not open on sunday'],
          ),
        ),
        turn('whats the number', fact(['123 456', '123456'])),
        turn(
          'i forgot my password for the account page, how do i get back in',
          fact(['forgot password', 'forgotten password', 'sign-in page', 'sign in page', 'reset']),
        ),
        turn(
          'do you have an email address i can send a complaint to',
          unknown('@', 'email us at', 'write to us at'),
        ),
      ],
    },
  ],
};

/** Every set of this family. */
export const GROUNDED_SETS: readonly EvalSet[] = [
  GROUNDED_SHOP_EN,
  GROUNDED_SHOP_FR,
  GROUNDED_SHOP_ES,
  GROUNDED_SHOP_DE,
  GROUNDED_ELECTRONICS,
  GROUNDED_RECEPTIONIST,
  GROUNDED_SUPPORT,
];
