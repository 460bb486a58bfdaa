// The demo product collection: a few hundred outdoor-gear items, generated deterministically
// (same items on every machine) from plain English words, so speech recognition knows them.

/** A demo product. */
export interface DemoProduct {
  id: string;
  name: string;
  category: string;
  brand: string;
  color: string;
  price: number;
  weight_g: number;
  rating: number;
  waterproof: boolean;
  in_stock: boolean;
  description: string;
}

/** Categories with their value and label, as the filter field offers them. */
export const CATEGORIES = [
  { value: 'footwear', label: 'Footwear' },
  { value: 'tents', label: 'Tents' },
  { value: 'sleeping-bags', label: 'Sleeping bags' },
  { value: 'backpacks', label: 'Backpacks' },
  { value: 'clothing', label: 'Clothing' },
  { value: 'lighting', label: 'Lighting' },
  { value: 'cooking', label: 'Cooking' },
] as const;

export const BRANDS = [
  'North Peak',
  'Blue Ridge',
  'Stone Creek',
  'Pine Hollow',
  'Red Cedar',
  'Summit',
] as const;
export const COLORS = ['black', 'blue', 'green', 'red', 'orange', 'grey'] as const;

/** Per category: product kinds, a price range, a weight range, and what a description says. */
const KINDS: Record<
  string,
  { kinds: string[]; price: [number, number]; weight: [number, number]; use: string }
> = {
  footwear: {
    kinds: [
      'Trail Runner',
      'Hiking Boot',
      'Approach Shoe',
      'Camp Sandal',
      'Winter Boot',
      'Mountain Boot',
      'Walking Shoe',
    ],
    price: [49, 289],
    weight: [400, 1600],
    use: 'grip and comfort on rocky trails',
  },
  tents: {
    kinds: [
      'Solo Tent',
      'Two Person Tent',
      'Family Tent',
      'Dome Tent',
      'Tunnel Tent',
      'Trekking Shelter',
      'Tarp Shelter',
    ],
    price: [89, 699],
    weight: [700, 6500],
    use: 'quick pitching and a dry night in wind and rain',
  },
  'sleeping-bags': {
    kinds: [
      'Down Sleeping Bag',
      'Synthetic Sleeping Bag',
      'Summer Sleeping Bag',
      'Winter Sleeping Bag',
      'Quilt',
      'Sleeping Pad',
      'Camp Pillow',
    ],
    price: [25, 549],
    weight: [150, 2200],
    use: 'warm and light nights outdoors',
  },
  backpacks: {
    kinds: [
      'Day Pack',
      'Hiking Pack',
      'Trekking Pack',
      'Running Vest',
      'Climbing Pack',
      'Travel Pack',
      'Hip Pack',
    ],
    price: [29, 349],
    weight: [200, 2400],
    use: 'carrying comfort with a ventilated back panel',
  },
  clothing: {
    kinds: [
      'Rain Jacket',
      'Down Jacket',
      'Fleece Jacket',
      'Hiking Pants',
      'Base Layer',
      'Wool Socks',
      'Sun Hat',
      'Softshell Jacket',
    ],
    price: [15, 399],
    weight: [60, 900],
    use: 'staying dry and warm when the weather turns',
  },
  lighting: {
    kinds: ['Headlamp', 'Lantern', 'Flashlight', 'Solar Lantern', 'Camp Light', 'Bike Light'],
    price: [12, 149],
    weight: [40, 600],
    use: 'bright, long-lasting light at camp and on the trail',
  },
  cooking: {
    kinds: [
      'Camp Stove',
      'Cook Set',
      'Water Filter',
      'Insulated Bottle',
      'Coffee Press',
      'Titanium Mug',
      'Camp Kettle',
    ],
    price: [9, 229],
    weight: [60, 1400],
    use: 'hot meals and clean water anywhere',
  },
};

/**
 * A small deterministic generator (mulberry32): the same seed gives the same numbers in [0, 1),
 * so every seed makes the same catalogue (and the dashboard's tests and benchmark the same data).
 */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The demo catalogue: every brand makes every kind, 294 products. */
export function demoProducts(): DemoProduct[] {
  const next = random(20_261_122);
  const products: DemoProduct[] = [];
  for (const { value: category } of CATEGORIES) {
    const spec = KINDS[category] as (typeof KINDS)[string];
    let number = 0;
    for (const kind of spec.kinds) {
      for (const brand of BRANDS) {
        number += 1;
        const color = COLORS[Math.floor(next() * COLORS.length)] as string;
        const [low, high] = spec.price;
        const price = Math.round(low + next() * (high - low)) - 0.01;
        const weight =
          Math.round((spec.weight[0] + next() * (spec.weight[1] - spec.weight[0])) / 10) * 10;
        const waterproof = category !== 'cooking' && next() < 0.45;
        products.push({
          id: `TH-${category.slice(0, 3).toUpperCase()}-${String(number).padStart(3, '0')}`,
          name: `${brand} ${kind}`,
          category,
          brand,
          color,
          price: Math.max(price, 4.99),
          weight_g: weight,
          rating: Math.round((3.4 + next() * 1.6) * 10) / 10,
          waterproof,
          in_stock: next() < 0.88,
          description: `The ${brand} ${kind.toLowerCase()} in ${color}, made for ${spec.use}.${waterproof ? ' Waterproof.' : ''} Weighs ${weight} g.`,
        });
      }
    }
  }
  return products;
}

/** The collection definition the demo scenario attaches. */
export const DEMO_COLLECTION = {
  name: 'Trailhead products',
  description:
    'Outdoor gear: footwear, tents, sleeping bags, backpacks, clothing, lighting, cooking.',
  view: {
    template: 'product-card',
    mapping: {
      title: '{{name}}',
      subtitle: '{{brand}} · {{color}}',
      price: '{{price}} USD',
      body: '{{description}}',
    },
  },
  search_fields: [
    { name: 'name', index_type: 'text' },
    { name: 'brand', index_type: 'text' },
    { name: 'category', index_type: 'text' },
    { name: 'color', index_type: 'text' },
    { name: 'description', index_type: 'text' },
  ],
  filter_fields: [
    {
      name: 'Category',
      filter_key: 'category',
      field_type: 'enum',
      enum_options: [...CATEGORIES],
      role: 'category' as const,
    },
    {
      name: 'Brand',
      filter_key: 'brand',
      field_type: 'enum',
      enum_options: BRANDS.map((brand) => ({ value: brand, label: brand })),
      role: 'brand' as const,
    },
    {
      name: 'Color',
      filter_key: 'color',
      field_type: 'enum',
      enum_options: COLORS.map((color) => ({ value: color, label: color })),
      role: 'colour' as const,
    },
    {
      name: 'Price',
      filter_key: 'price',
      field_type: 'number',
      role: 'price' as const,
      unit: 'USD',
    },
    {
      name: 'Weight',
      filter_key: 'weight_g',
      field_type: 'number',
      role: 'weight' as const,
      unit: 'g',
    },
    { name: 'Rating', filter_key: 'rating', field_type: 'number', role: 'rating' as const },
    { name: 'Waterproof', filter_key: 'waterproof', field_type: 'boolean' },
    { name: 'In stock', filter_key: 'in_stock', field_type: 'boolean', role: 'stock' as const },
  ],
};
