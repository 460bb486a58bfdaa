// The demo catalogue in French, Spanish and German: the same products (ids, brands, prices,
// weights, ratings, stock, category values) with names, colours and descriptions in the language,
// for the demo's French publication and the per-language evaluations.
import { CATEGORIES, COLORS, DEMO_COLLECTION, demoProducts, type DemoProduct } from './products.js';

/** A language the demo catalogue is translated into. */
export type CatalogueLanguage = 'fr' | 'es' | 'de';

type Category = (typeof CATEGORIES)[number]['value'];
type Color = (typeof COLORS)[number];

/** One language's words for the catalogue. */
interface CatalogueWords {
  /** BCP-47 tag of the collection. */
  tag: string;
  collectionName: string;
  collectionDescription: string;
  /** Product kinds by their English name. */
  kinds: Record<string, string>;
  colors: Record<Color, string>;
  categories: Record<Category, string>;
  /** What each category's products are made for. */
  uses: Record<Category, string>;
  /** A product's description from its parts. */
  describe(parts: {
    kind: string;
    brand: string;
    color: string;
    use: string;
    waterproof: boolean;
    weight: string;
  }): string;
  filterNames: {
    category: string;
    brand: string;
    color: string;
    price: string;
    weight: string;
    rating: string;
  };
  filterFlags: { waterproof: string; inStock: string };
}

const WORDS: Record<CatalogueLanguage, CatalogueWords> = {
  fr: {
    tag: 'fr-FR',
    collectionName: 'Produits Trailhead (français)',
    collectionDescription:
      'Matériel de plein air : chaussures, tentes, sacs de couchage, sacs à dos, vêtements, éclairage, cuisine.',
    kinds: {
      'Trail Runner': 'Chaussure de trail',
      'Hiking Boot': 'Chaussure de randonnée',
      'Approach Shoe': "Chaussure d'approche",
      'Camp Sandal': 'Sandale de camp',
      'Winter Boot': "Botte d'hiver",
      'Mountain Boot': 'Chaussure de montagne',
      'Walking Shoe': 'Chaussure de marche',
      'Solo Tent': 'Tente solo',
      'Two Person Tent': 'Tente deux places',
      'Family Tent': 'Tente familiale',
      'Dome Tent': 'Tente dôme',
      'Tunnel Tent': 'Tente tunnel',
      'Trekking Shelter': 'Abri de trek',
      'Tarp Shelter': 'Tarp',
      'Down Sleeping Bag': 'Sac de couchage en duvet',
      'Synthetic Sleeping Bag': 'Sac de couchage synthétique',
      'Summer Sleeping Bag': "Sac de couchage d'été",
      'Winter Sleeping Bag': "Sac de couchage d'hiver",
      Quilt: 'Couette de bivouac',
      'Sleeping Pad': 'Matelas de sol',
      'Camp Pillow': 'Oreiller de camp',
      'Day Pack': 'Sac à dos de journée',
      'Hiking Pack': 'Sac de randonnée',
      'Trekking Pack': 'Sac de trek',
      'Running Vest': 'Gilet de course',
      'Climbing Pack': "Sac d'escalade",
      'Travel Pack': 'Sac de voyage',
      'Hip Pack': 'Sac banane',
      'Rain Jacket': 'Veste de pluie',
      'Down Jacket': 'Doudoune',
      'Fleece Jacket': 'Veste polaire',
      'Hiking Pants': 'Pantalon de randonnée',
      'Base Layer': 'Sous-vêtement technique',
      'Wool Socks': 'Chaussettes en laine',
      'Sun Hat': 'Chapeau de soleil',
      'Softshell Jacket': 'Veste softshell',
      Headlamp: 'Lampe frontale',
      Lantern: 'Lanterne',
      Flashlight: 'Lampe torche',
      'Solar Lantern': 'Lanterne solaire',
      'Camp Light': 'Lampe de camp',
      'Bike Light': 'Éclairage de vélo',
      'Camp Stove': 'Réchaud',
      'Cook Set': 'Popote',
      'Water Filter': 'Filtre à eau',
      'Insulated Bottle': 'Bouteille isotherme',
      'Coffee Press': 'Cafetière à piston',
      'Titanium Mug': 'Tasse en titane',
      'Camp Kettle': 'Bouilloire de camp',
    },
    colors: {
      black: 'noir',
      blue: 'bleu',
      green: 'vert',
      red: 'rouge',
      orange: 'orange',
      grey: 'gris',
    },
    categories: {
      footwear: 'Chaussures',
      tents: 'Tentes',
      'sleeping-bags': 'Sacs de couchage',
      backpacks: 'Sacs à dos',
      clothing: 'Vêtements',
      lighting: 'Éclairage',
      cooking: 'Cuisine',
    },
    uses: {
      footwear: "l'adhérence et le confort sur les sentiers rocailleux",
      tents: 'un montage rapide et une nuit au sec sous le vent et la pluie',
      'sleeping-bags': 'des nuits chaudes et légères en plein air',
      backpacks: 'le confort de portage avec un dos ventilé',
      clothing: 'rester au sec et au chaud quand le temps tourne',
      lighting: 'une lumière vive et durable au camp et sur le sentier',
      cooking: 'des repas chauds et une eau propre partout',
    },
    describe: ({ kind, brand, color, use, waterproof, weight }) =>
      `${kind} ${brand}, coloris ${color}, pensé pour ${use}.${waterproof ? ' Imperméable.' : ''} Poids : ${weight} g.`,
    filterNames: {
      category: 'Catégorie',
      brand: 'Marque',
      color: 'Couleur',
      price: 'Prix',
      weight: 'Poids',
      rating: 'Note',
    },
    filterFlags: { waterproof: 'Imperméable', inStock: 'En stock' },
  },
  es: {
    tag: 'es-ES',
    collectionName: 'Productos Trailhead (español)',
    collectionDescription:
      'Material de montaña: calzado, tiendas de campaña, sacos de dormir, mochilas, ropa, iluminación, cocina.',
    kinds: {
      'Trail Runner': 'Zapatilla de trail',
      'Hiking Boot': 'Bota de senderismo',
      'Approach Shoe': 'Zapatilla de aproximación',
      'Camp Sandal': 'Sandalia de campamento',
      'Winter Boot': 'Bota de invierno',
      'Mountain Boot': 'Bota de montaña',
      'Walking Shoe': 'Zapato de paseo',
      'Solo Tent': 'Tienda de campaña individual',
      'Two Person Tent': 'Tienda de campaña para dos',
      'Family Tent': 'Tienda de campaña familiar',
      'Dome Tent': 'Tienda de campaña iglú',
      'Tunnel Tent': 'Tienda de campaña túnel',
      'Trekking Shelter': 'Refugio de trekking',
      'Tarp Shelter': 'Toldo',
      'Down Sleeping Bag': 'Saco de dormir de plumón',
      'Synthetic Sleeping Bag': 'Saco de dormir sintético',
      'Summer Sleeping Bag': 'Saco de dormir de verano',
      'Winter Sleeping Bag': 'Saco de dormir de invierno',
      Quilt: 'Edredón de vivac',
      'Sleeping Pad': 'Esterilla',
      'Camp Pillow': 'Almohada de campamento',
      'Day Pack': 'Mochila de día',
      'Hiking Pack': 'Mochila de senderismo',
      'Trekking Pack': 'Mochila de trekking',
      'Running Vest': 'Chaleco de running',
      'Climbing Pack': 'Mochila de escalada',
      'Travel Pack': 'Mochila de viaje',
      'Hip Pack': 'Riñonera',
      'Rain Jacket': 'Chaqueta impermeable',
      'Down Jacket': 'Chaqueta de plumas',
      'Fleece Jacket': 'Chaqueta polar',
      'Hiking Pants': 'Pantalón de senderismo',
      'Base Layer': 'Camiseta térmica',
      'Wool Socks': 'Calcetines de lana',
      'Sun Hat': 'Sombrero para el sol',
      'Softshell Jacket': 'Chaqueta softshell',
      Headlamp: 'Linterna frontal',
      Lantern: 'Farol',
      Flashlight: 'Linterna de mano',
      'Solar Lantern': 'Farol solar',
      'Camp Light': 'Luz de campamento',
      'Bike Light': 'Luz de bicicleta',
      'Camp Stove': 'Hornillo',
      'Cook Set': 'Juego de cocina',
      'Water Filter': 'Filtro de agua',
      'Insulated Bottle': 'Botella térmica',
      'Coffee Press': 'Cafetera de émbolo',
      'Titanium Mug': 'Taza de titanio',
      'Camp Kettle': 'Hervidor de campamento',
    },
    colors: {
      black: 'negro',
      blue: 'azul',
      green: 'verde',
      red: 'rojo',
      orange: 'naranja',
      grey: 'gris',
    },
    categories: {
      footwear: 'Calzado',
      tents: 'Tiendas de campaña',
      'sleeping-bags': 'Sacos de dormir',
      backpacks: 'Mochilas',
      clothing: 'Ropa',
      lighting: 'Iluminación',
      cooking: 'Cocina',
    },
    uses: {
      footwear: 'agarre y comodidad en senderos rocosos',
      tents: 'un montaje rápido y una noche seca con viento y lluvia',
      'sleeping-bags': 'noches cálidas y ligeras al aire libre',
      backpacks: 'un porteo cómodo con la espalda ventilada',
      clothing: 'mantenerse seco y abrigado cuando cambia el tiempo',
      lighting: 'una luz potente y duradera en el campamento y en el sendero',
      cooking: 'comidas calientes y agua limpia en cualquier lugar',
    },
    describe: ({ kind, brand, color, use, waterproof, weight }) =>
      `${kind} ${brand}, color ${color}, pensada para ${use}.${waterproof ? ' Impermeable.' : ''} Peso: ${weight} g.`,
    filterNames: {
      category: 'Categoría',
      brand: 'Marca',
      color: 'Color',
      price: 'Precio',
      weight: 'Peso',
      rating: 'Valoración',
    },
    filterFlags: { waterproof: 'Impermeable', inStock: 'En stock' },
  },
  de: {
    tag: 'de-DE',
    collectionName: 'Trailhead-Produkte (Deutsch)',
    collectionDescription:
      'Outdoor-Ausrüstung: Schuhe, Zelte, Schlafsäcke, Rucksäcke, Bekleidung, Beleuchtung, Kochen.',
    kinds: {
      'Trail Runner': 'Trailrunningschuh',
      'Hiking Boot': 'Wanderschuh',
      'Approach Shoe': 'Zustiegsschuh',
      'Camp Sandal': 'Campingsandale',
      'Winter Boot': 'Winterstiefel',
      'Mountain Boot': 'Bergstiefel',
      'Walking Shoe': 'Spazierschuh',
      'Solo Tent': 'Einpersonenzelt',
      'Two Person Tent': 'Zweipersonenzelt',
      'Family Tent': 'Familienzelt',
      'Dome Tent': 'Kuppelzelt',
      'Tunnel Tent': 'Tunnelzelt',
      'Trekking Shelter': 'Trekkingunterstand',
      'Tarp Shelter': 'Tarp',
      'Down Sleeping Bag': 'Daunenschlafsack',
      'Synthetic Sleeping Bag': 'Kunstfaserschlafsack',
      'Summer Sleeping Bag': 'Sommerschlafsack',
      'Winter Sleeping Bag': 'Winterschlafsack',
      Quilt: 'Schlafdecke',
      'Sleeping Pad': 'Isomatte',
      'Camp Pillow': 'Campingkissen',
      'Day Pack': 'Tagesrucksack',
      'Hiking Pack': 'Wanderrucksack',
      'Trekking Pack': 'Trekkingrucksack',
      'Running Vest': 'Laufweste',
      'Climbing Pack': 'Kletterrucksack',
      'Travel Pack': 'Reiserucksack',
      'Hip Pack': 'Hüfttasche',
      'Rain Jacket': 'Regenjacke',
      'Down Jacket': 'Daunenjacke',
      'Fleece Jacket': 'Fleecejacke',
      'Hiking Pants': 'Wanderhose',
      'Base Layer': 'Funktionsunterwäsche',
      'Wool Socks': 'Wollsocken',
      'Sun Hat': 'Sonnenhut',
      'Softshell Jacket': 'Softshelljacke',
      Headlamp: 'Stirnlampe',
      Lantern: 'Laterne',
      Flashlight: 'Taschenlampe',
      'Solar Lantern': 'Solarlaterne',
      'Camp Light': 'Campinglicht',
      'Bike Light': 'Fahrradlicht',
      'Camp Stove': 'Campingkocher',
      'Cook Set': 'Kochset',
      'Water Filter': 'Wasserfilter',
      'Insulated Bottle': 'Thermosflasche',
      'Coffee Press': 'Kaffeepresse',
      'Titanium Mug': 'Titanbecher',
      'Camp Kettle': 'Campingkessel',
    },
    colors: {
      black: 'schwarz',
      blue: 'blau',
      green: 'grün',
      red: 'rot',
      orange: 'orange',
      grey: 'grau',
    },
    categories: {
      footwear: 'Schuhe',
      tents: 'Zelte',
      'sleeping-bags': 'Schlafsäcke',
      backpacks: 'Rucksäcke',
      clothing: 'Bekleidung',
      lighting: 'Beleuchtung',
      cooking: 'Kochen',
    },
    uses: {
      footwear: 'Halt und Komfort auf felsigen Wegen',
      tents: 'schnellen Aufbau und eine trockene Nacht bei Wind und Regen',
      'sleeping-bags': 'warme und leichte Nächte im Freien',
      backpacks: 'Tragekomfort mit belüftetem Rücken',
      clothing: 'trocken und warm bleiben, wenn das Wetter umschlägt',
      lighting: 'helles, langlebiges Licht im Lager und auf dem Weg',
      cooking: 'warme Mahlzeiten und sauberes Wasser überall',
    },
    describe: ({ kind, brand, color, use, waterproof, weight }) =>
      `${kind} von ${brand} in ${color}, gemacht für ${use}.${waterproof ? ' Wasserdicht.' : ''} Gewicht: ${weight} g.`,
    filterNames: {
      category: 'Kategorie',
      brand: 'Marke',
      color: 'Farbe',
      price: 'Preis',
      weight: 'Gewicht',
      rating: 'Bewertung',
    },
    filterFlags: { waterproof: 'Wasserdicht', inStock: 'Auf Lager' },
  },
};

/** The English product kind of a demo product (its name without the brand). */
function kindOf(product: DemoProduct): string {
  return product.name.slice(product.brand.length + 1);
}

/**
 * The demo catalogue in a language: the same ids, brands, numbers, stock and category values as
 * {@link demoProducts}, with the name ("Tente solo Blue Ridge", "Einpersonenzelt Blue Ridge"),
 * colour and description in that language.
 */
export function demoProductsIn(language: CatalogueLanguage): DemoProduct[] {
  const words = WORDS[language];
  const weights = new Intl.NumberFormat(words.tag);
  return demoProducts().map((product) => {
    const kind = words.kinds[kindOf(product)];
    if (!kind) throw new Error(`no ${language} name for ${product.name}`);
    const color = words.colors[product.color as Color];
    return {
      ...product,
      name: `${kind} ${product.brand}`,
      color,
      description: words.describe({
        kind,
        brand: product.brand,
        color,
        use: words.uses[product.category as Category],
        waterproof: product.waterproof,
        weight: weights.format(product.weight_g),
      }),
    };
  });
}

/** The collection of the demo catalogue in a language: its labels and filters, searched in it. */
export function demoCollectionIn(language: CatalogueLanguage) {
  const words = WORDS[language];
  return {
    ...DEMO_COLLECTION,
    name: words.collectionName,
    description: words.collectionDescription,
    language: words.tag,
    filter_fields: [
      {
        name: words.filterNames.category,
        filter_key: 'category',
        field_type: 'enum' as const,
        enum_options: CATEGORIES.map(({ value }) => ({ value, label: words.categories[value] })),
        role: 'category' as const,
      },
      {
        name: words.filterNames.brand,
        filter_key: 'brand',
        field_type: 'enum' as const,
        enum_options: DEMO_COLLECTION.filter_fields[1]?.enum_options ?? [],
        role: 'brand' as const,
      },
      {
        name: words.filterNames.color,
        filter_key: 'color',
        field_type: 'enum' as const,
        enum_options: COLORS.map((color) => ({
          value: words.colors[color],
          label: words.colors[color],
        })),
        role: 'colour' as const,
      },
      {
        name: words.filterNames.price,
        filter_key: 'price',
        field_type: 'number' as const,
        role: 'price' as const,
        unit: 'USD',
      },
      {
        name: words.filterNames.weight,
        filter_key: 'weight_g',
        field_type: 'number' as const,
        role: 'weight' as const,
        unit: 'g',
      },
      {
        name: words.filterNames.rating,
        filter_key: 'rating',
        field_type: 'number' as const,
        role: 'rating' as const,
      },
      {
        name: words.filterFlags.waterproof,
        filter_key: 'waterproof',
        field_type: 'boolean' as const,
      },
      {
        name: words.filterFlags.inStock,
        filter_key: 'in_stock',
        field_type: 'boolean' as const,
        role: 'stock' as const,
      },
    ],
  };
}
