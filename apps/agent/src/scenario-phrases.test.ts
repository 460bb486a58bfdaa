import { describe, expect, it } from 'vitest';
import { groupedKinds, itemKinds, scenarioPhrases, whisperPrompt } from './scenario-phrases.js';
import { demoCollectionIn, demoProductsIn } from '@svc/api/testing';
import { demoRuntime } from './testing/demo-runtime.js';

describe('what the recognizers are told to expect, from the scenario', () => {
  it('Whisper gets a description of the shop: filter values by field and the kinds it sells', () => {
    const runtime = demoRuntime('audio');
    const prompt = whisperPrompt(runtime);
    expect(prompt).toContain('Brand: North Peak, Blue Ridge, Stone Creek');
    expect(prompt).toContain('Category: Footwear, Tents, Sleeping bags');
    // Kinds once each, without the brand in front: "Solo Tent", not six brands of it.
    expect(prompt).toContain('Solo Tent, Two Person Tent');
    expect(prompt).not.toContain('North Peak Solo Tent');
    expect(prompt.endsWith('Show me, compare, add to my cart, remove from my cart.')).toBe(true);
    // The demo's whole description is longer than Whisper's window (223 tokens, about 3.9
    // characters each in English): the description goes, then kinds whose words the rest says
    // ("Winter Sleeping Bag"), so every word of every kind is still there.
    expect(prompt.length).toBeLessThanOrEqual(223 * 3.8);
    expect(prompt).not.toContain(runtime.collections[0]?.description ?? 'no description');
    const said = prompt.toLowerCase();
    const brands = [
      'north peak',
      'blue ridge',
      'stone creek',
      'pine hollow',
      'red cedar',
      'summit',
    ];
    for (const name of runtime.item_names ?? []) {
      const kind = brands.reduce((rest, brand) => rest.replace(brand, ''), name.toLowerCase());
      for (const word of kind.split(/[^a-z]+/).filter((word) => word.length >= 3))
        expect(said, `${word} of ${name}`).toContain(word);
    }
  });

  it("fits a long list of French kinds in Whisper's window: names kept, colours yield to the kinds", () => {
    const kinds = [
      ...['de trail', 'de randonnée', "d'approche", 'de montagne', 'de marche'].map(
        (rest) => `Chaussure ${rest}`,
      ),
      ...['solo', 'deux places', 'familiale', 'dôme', 'tunnel'].map((rest) => `Tente ${rest}`),
      ...['de couchage en duvet', 'de couchage synthétique', "de couchage d'été"].map(
        (rest) => `Sac ${rest}`,
      ),
      ...['Sac à dos de journée', 'Sac de randonnée', 'Sac de trek', "Sac d'escalade"],
      ...['Veste de pluie', 'Doudoune', 'Veste polaire', 'Pantalon de randonnée'],
      ...['Sous-vêtement technique', 'Chaussettes en laine', 'Chapeau de soleil'],
      ...['Lampe frontale', 'Lanterne', 'Lampe torche', 'Lanterne solaire', 'Lumière de camp'],
      ...['Réchaud de camping', 'Popote', 'Filtre à eau', 'Gourde isotherme', 'Cafetière'],
      ...['Tasse en titane', 'Bouilloire de camp'],
    ];
    const brands = ['North Peak', 'Blue Ridge', 'Stone Creek', 'Pine Hollow'];
    const runtime = demoRuntime('audio');
    const french = {
      ...runtime,
      collections: runtime.collections.map((collection) => ({
        ...collection,
        description: 'Matériel de plein air : chaussures, tentes, sacs, vêtements, éclairage.',
        filter_fields: [
          {
            name: 'Marque',
            filter_key: 'brand',
            field_type: 'enum' as const,
            enum_options: brands.map((brand) => ({ value: brand, label: brand })),
          },
          {
            name: 'Couleur',
            filter_key: 'color',
            field_type: 'enum' as const,
            enum_options: ['noir', 'bleu', 'vert', 'rouge'].map((color) => ({
              value: color,
              label: color,
            })),
          },
        ],
      })),
      item_names: kinds.flatMap((kind) => brands.map((brand) => `${kind} ${brand}`)),
    };
    const prompt = whisperPrompt(french, 'fr-FR');
    // About 2.7 characters a token in French.
    expect(prompt.length).toBeLessThanOrEqual(223 * 2.7);
    expect(prompt).toContain('Marque: North Peak, Blue Ridge, Stone Creek, Pine Hollow.');
    // Colours are everyday words the recognizer knows: they make room for the kinds' own words.
    expect(prompt).not.toContain('Couleur');
    expect(prompt).toContain('Filtre à eau, ');
    expect(prompt).toContain('Chaussettes en laine, ');
    // The last kinds of the list are still there, by their nouns at least.
    for (const noun of ['Chaussure', 'Tente', 'Sac', 'Lampe', 'Réchaud', 'Filtre', 'Bouilloire'])
      expect(prompt).toMatch(new RegExp(`[:,] ${noun}\\b`));
    // The greeting and goodbye every conversation has, before the closing phrases.
    expect(prompt).toContain('Bonjour, merci, au revoir. Montrez-moi, comparez,');
    expect(prompt.endsWith('ajoutez à mon panier, retirez de mon panier.')).toBe(true);
  });

  it('names a kind alone under its noun whole before deepening the others', () => {
    const runtime = demoRuntime('audio');
    const categories = ['Chaussures', 'Tentes', 'Sacs de couchage', 'Éclairage', 'Cuisine'];
    // Every kind with words of its own, so none is dropped as saying only what others say, and
    // more nouns than their first kinds leave room for.
    const nouns = ['Tente', 'Chaussure', 'Sac', 'Lampe', 'Réchaud', 'Veste', 'Matelas', 'Gilet'];
    nouns.push('Pantalon', 'Chapeau', 'Oreiller', 'Couette', 'Lanterne', 'Popote', 'Tapis');
    const words = ['plage', 'montagne', 'famille', 'voyage', 'secours', 'expédition', 'festival'];
    const kinds = [
      ...nouns.flatMap((noun) => words.map((word) => `${noun} de ${word}${noun.toLowerCase()}`)),
      ...['Filtre à eau', 'Bouteille isotherme', 'Cafetière à piston', 'Tasse en titane'],
      ...['Bouilloire pliante', 'Couteau suisse', 'Boussole militaire', 'Gourde souple'],
    ];
    const brands = ['North Peak', 'Blue Ridge'];
    const french = {
      ...runtime,
      collections: runtime.collections.map((collection) => ({
        ...collection,
        filter_fields: [
          {
            name: 'Catégorie',
            filter_key: 'category',
            field_type: 'enum' as const,
            enum_options: categories.map((label) => ({ value: label, label })),
          },
          {
            name: 'Marque',
            filter_key: 'brand',
            field_type: 'enum' as const,
            enum_options: brands.map((brand) => ({ value: brand, label: brand })),
          },
        ],
      })),
      item_names: kinds.flatMap((kind) => brands.map((brand) => `${kind} ${brand}`)),
    };
    const prompt = whisperPrompt(french, 'fr-FR');
    expect(prompt.length).toBeLessThanOrEqual(223 * 2.7);
    // Alone under their nouns: whole.
    expect(prompt).toContain('Filtre à eau, Bouteille isotherme, Cafetière à piston, ');
    expect(prompt).toMatch(/[:,] Lampe[ ,.]/);
    expect(prompt).toContain(
      'Catégorie: Chaussures, Tentes, Sacs de couchage, Éclairage, Cuisine.',
    );
  });

  it("does not say again alone a noun the demo's French categories say", () => {
    const runtime = demoRuntime('audio');
    const [collection] = runtime.collections;
    const localized = demoCollectionIn('fr');
    const prompt = whisperPrompt(
      {
        ...runtime,
        collections: collection ? [{ ...collection, filter_fields: localized.filter_fields }] : [],
        item_names: demoProductsIn('fr').map((product) => product.name),
      },
      'fr-FR',
    );
    const products = prompt.slice(prompt.indexOf('Produits: '));
    // "Sacs de couchage" and "Éclairage" are categories: "Sac" and "Éclairage" alone teach nothing.
    expect(products).not.toMatch(/[:,] (Sac|Éclairage|Tente|Chaussure)[,.]/);
    expect(products).toContain('Filtre à eau');
  });

  it('groups kinds by their noun only where modifiers follow it', () => {
    expect(groupedKinds(['Tente solo', 'Tente dôme', 'Popote', 'Lampe frontale'])).toEqual([
      ['Tente solo', 'dôme'],
      ['Popote'],
      ['Lampe frontale'],
    ]);
    // English names two nouns, German one compound: nothing to share.
    expect(groupedKinds(['Hiking Boot', 'Hiking Pack'])).toEqual([
      ['Hiking Boot'],
      ['Hiking Pack'],
    ]);
    expect(groupedKinds(['Wanderschuh', 'Wanderrucksack'])).toEqual([
      ['Wanderschuh'],
      ['Wanderrucksack'],
    ]);
    // Compounds ending in the same noun group whole.
    expect(groupedKinds(['Einpersonenzelt', 'Wanderschuh', 'Kuppelzelt', 'Bergschuh'])).toEqual([
      ['Einpersonenzelt', 'Kuppelzelt'],
      ['Wanderschuh', 'Bergschuh'],
    ]);
  });

  it('names the kinds once each whether the brand comes before or after the name', () => {
    const brands = ['North Peak', 'Blue Ridge'];
    const categories = ['Éclairage', 'Tentes'];
    const names = [
      'Tente solo North Peak',
      'Tente solo Blue Ridge',
      'Éclairage de vélo North Peak',
      'Éclairage de vélo Blue Ridge',
      'Lanterne',
    ];
    // "Éclairage" is a category, but "de vélo" is no kind: a value is taken off only where what
    // remains is shared by another name.
    expect(itemKinds(names, [...categories, ...brands])).toEqual([
      'Tente solo',
      'Éclairage de vélo',
      'Lanterne',
    ]);
    expect(itemKinds(['North Peak Solo Tent', 'Blue Ridge Solo Tent'], brands)).toEqual([
      'Solo Tent',
    ]);
    // A brand and a colour on the same name.
    expect(
      itemKinds(
        [
          'Veste North Peak rouge',
          'Veste North Peak bleu',
          'Veste Blue Ridge rouge',
          'Veste Blue Ridge bleu',
        ],
        [...brands, 'rouge', 'bleu'],
      ),
    ).toEqual(['Veste']);
  });

  it("words Whisper's prompt in the conversation's language, the scenario's words kept", () => {
    const runtime = demoRuntime('audio');
    const french = whisperPrompt(runtime, 'fr-FR');
    expect(french).toContain('Produits: Trail Runner, ');
    expect(french).not.toContain('Products');
    expect(french.endsWith('ajoutez à mon panier, retirez de mon panier.')).toBe(true);
    expect(whisperPrompt(runtime, 'de-DE')).toContain('Produkte: ');
    // A language without words of its own keeps English's (in a window counted as the most
    // tokens a character may take).
    const italian = whisperPrompt(runtime, 'it-IT');
    expect(italian).toContain('Products: ');
    expect(italian.endsWith('Show me, compare, add to my cart, remove from my cart.')).toBe(true);
    expect(italian.length).toBeLessThan(whisperPrompt(runtime).length);
  });

  it('pocketsphinx gets the item names in the sentences people put them in', () => {
    const phrases = scenarioPhrases(demoRuntime('audio'));
    expect(phrases).toContain('add the North Peak Solo Tent to my cart');
    expect(phrases).toContain('do you have Tents');
  });
});
