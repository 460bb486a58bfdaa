// The demo catalogue in French: the same products (ids, brands, prices, weights, ratings, stock)
// with French names, colours, categories and descriptions, for the demo's French publication.
import { CATEGORIES, COLORS, DEMO_COLLECTION, demoProducts, type DemoProduct } from './products.js';

/** Product kinds in French, by their English name. */
const KINDS_FR: Record<string, string> = {
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
};

/** Colours in French (as a product's `color` field and filter option). */
const COLORS_FR: Record<(typeof COLORS)[number], string> = {
  black: 'noir',
  blue: 'bleu',
  green: 'vert',
  red: 'rouge',
  orange: 'orange',
  grey: 'gris',
};

/** Category labels in French, by value (the values stay the same in both catalogues). */
const CATEGORY_LABELS_FR: Record<(typeof CATEGORIES)[number]['value'], string> = {
  footwear: 'Chaussures',
  tents: 'Tentes',
  'sleeping-bags': 'Sacs de couchage',
  backpacks: 'Sacs à dos',
  clothing: 'Vêtements',
  lighting: 'Éclairage',
  cooking: 'Cuisine',
};

/** What each category's products are made for, in French. */
const USES_FR: Record<(typeof CATEGORIES)[number]['value'], string> = {
  footwear: "l'adhérence et le confort sur les sentiers rocailleux",
  tents: 'un montage rapide et une nuit au sec sous le vent et la pluie',
  'sleeping-bags': 'des nuits chaudes et légères en plein air',
  backpacks: 'le confort de portage avec un dos ventilé',
  clothing: 'rester au sec et au chaud quand le temps tourne',
  lighting: 'une lumière vive et durable au camp et sur le sentier',
  cooking: 'des repas chauds et une eau propre partout',
};

/** The English product kind of a demo product (its name without the brand). */
function kindOf(product: DemoProduct): string {
  return product.name.slice(product.brand.length + 1);
}

/** The demo catalogue in French: same ids, brands, numbers and stock as {@link demoProducts}. */
export function demoProductsFr(): DemoProduct[] {
  return demoProducts().map((product) => {
    const kind = KINDS_FR[kindOf(product)];
    if (!kind) throw new Error(`no French name for ${product.name}`);
    const color = COLORS_FR[product.color as (typeof COLORS)[number]];
    const use = USES_FR[product.category as (typeof CATEGORIES)[number]['value']];
    const weight = new Intl.NumberFormat('fr-FR').format(product.weight_g);
    return {
      ...product,
      name: `${kind} ${product.brand}`,
      color,
      description: `${kind} ${product.brand}, coloris ${color}, pensé pour ${use}.${product.waterproof ? ' Imperméable.' : ''} Poids : ${weight} g.`,
    };
  });
}

/** The French catalogue's collection: French labels and view, searched in French. */
export const DEMO_COLLECTION_FR = {
  ...DEMO_COLLECTION,
  name: 'Produits Trailhead (français)',
  description:
    'Matériel de plein air : chaussures, tentes, sacs de couchage, sacs à dos, vêtements, éclairage, cuisine.',
  language: 'fr-FR',
  view: {
    template: 'product-card',
    mapping: {
      title: '{{name}}',
      subtitle: '{{brand}} · {{color}}',
      price: '{{price}} USD',
      body: '{{description}}',
    },
  },
  filter_fields: [
    {
      name: 'Catégorie',
      filter_key: 'category',
      field_type: 'enum',
      enum_options: CATEGORIES.map(({ value }) => ({ value, label: CATEGORY_LABELS_FR[value] })),
    },
    {
      name: 'Marque',
      filter_key: 'brand',
      field_type: 'enum',
      enum_options: DEMO_COLLECTION.filter_fields[1]?.enum_options ?? [],
    },
    {
      name: 'Couleur',
      filter_key: 'color',
      field_type: 'enum',
      enum_options: COLORS.map((color) => ({ value: COLORS_FR[color], label: COLORS_FR[color] })),
    },
    { name: 'Prix', filter_key: 'price', field_type: 'number' },
    { name: 'Imperméable', filter_key: 'waterproof', field_type: 'boolean' },
    { name: 'En stock', filter_key: 'in_stock', field_type: 'boolean' },
  ],
};
