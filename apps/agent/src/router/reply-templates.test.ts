// The reply templates in French, Spanish and German: one sentence per operation, written from the
// tool's result as the test shop answers it, spoken (amounts for the voice) or written (`Intl`).
import { describe, expect, it } from 'vitest';
import type { Operation } from '../tools.js';
import { toolResultOf } from './context.js';
import { toolReplies, toolReply } from './features.js';
import { routerReply, type ReplyStyle } from './replies.js';
import { ShopDialogue, testShop, type ShopLanguage } from './test-shops.js';

interface Expected {
  search: string;
  searchRanked: { request: string; reply: string };
  searchNone: string;
  /** Words asked for in a kind that has none of them ("chaussettes" among the tents). */
  searchNoneIn: { query: string; reply: string };
  display: string;
  /** "Is it waterproof?" of one that is not: how the reply ends. */
  notWaterproof: { request: string; ends: string };
  compare: string;
  added: string;
  addedTwo: string;
  removed: string;
  removedBoth: string;
  cart: string;
  cartEmpty: string;
  end: string;
  catalogue: RegExp;
  writtenPrice: string;
}

const EXPECTED: Record<ShopLanguage, Expected> = {
  'fr-FR': {
    search: 'J’ai trouvé 3 résultats. Le premier est Tente Nomade 2 places, à 189 euros.',
    searchRanked: {
      request: 'montre-moi des tentes, les moins chères',
      reply: 'J’ai trouvé 3 résultats. Le moins cher est Tente Nomade 2 places, à 189 euros.',
    },
    searchNone: 'Je n’ai rien trouvé de tel. Pouvez-vous le décrire autrement ?',
    searchNoneIn: {
      query: 'chaussettes',
      reply: 'Je n’ai rien pour « chaussettes » dans la catégorie tentes.',
    },
    display: 'Voici Tente Légère Ultra. Prix : 249 euros, poids : 1300 grammes, imperméable.',
    notWaterproof: { request: 'Elle est imperméable ?', ends: ' grammes, pas imperméable.' },
    compare:
      'Les voici côte à côte : Tente Nomade 2 places à 189 euros et Tente Légère Ultra à 249 euros. Le plus léger est Tente Légère Ultra.',
    added: 'J’ai ajouté Lampe frontale à votre panier. Vous avez 1 article dans votre panier.',
    addedTwo:
      'J’ai ajouté Chaussettes en laine en 2 exemplaires à votre panier. Vous avez 3 articles dans votre panier.',
    removed: 'Je l’ai retiré de votre panier. Il vous reste 3 articles.',
    removedBoth: 'J’ai retiré les deux articles de votre panier. Votre panier est vide maintenant.',
    cart: 'Vous avez 3 articles dans votre panier : Lampe frontale et Chaussettes en laine en 2 exemplaires.',
    cartEmpty: 'Votre panier est vide.',
    end: 'Merci de votre visite. Au revoir !',
    catalogue:
      /^Nous proposons : tentes, sacs de couchage, .+ et accessoires\. Que recherchez-vous \?$/,
    writtenPrice: new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(
      189,
    ),
  },
  'es-ES': {
    search:
      'He encontrado 3 resultados. El primero es Tienda de campaña Nómada 2 plazas, a 189 euros.',
    searchRanked: {
      request: '¿cuál es la tienda más ligera?',
      reply:
        'He encontrado 3 resultados. El más ligero es Tienda de campaña Ultraligera, a 249 euros.',
    },
    searchNone: 'No he encontrado nada parecido. ¿Puedes describirlo de otra manera?',
    searchNoneIn: {
      query: 'calcetines',
      reply: 'No tengo nada de «calcetines» en la categoría tiendas de campaña.',
    },
    display:
      'Aquí tienes Tienda de campaña Ultraligera. Precio: 249 euros, peso: 1300 gramos, impermeable.',
    notWaterproof: { request: '¿Es impermeable?', ends: ' gramos, no es impermeable.' },
    compare:
      'Aquí los tienes lado a lado: Tienda de campaña Nómada 2 plazas a 189 euros y Tienda de campaña Ultraligera a 249 euros. El más ligero es Tienda de campaña Ultraligera.',
    added: 'He añadido Linterna frontal a tu carrito. Tienes 1 artículo en tu carrito.',
    addedTwo:
      'He añadido 2 unidades de Calcetines de lana a tu carrito. Tienes 3 artículos en tu carrito.',
    removed: 'Lo he quitado de tu carrito. Te quedan 3 artículos.',
    removedBoth: 'He quitado los dos artículos de tu carrito. Tu carrito está vacío ahora.',
    cart: 'Tienes 3 artículos en tu carrito: Linterna frontal y 2 unidades de Calcetines de lana.',
    cartEmpty: 'Tu carrito está vacío.',
    end: 'Gracias por tu visita. ¡Adiós!',
    catalogue:
      /^Tenemos tiendas de campaña, sacos de dormir, .+ y accesorios\. ¿Qué estás buscando\?$/,
    writtenPrice: new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' }).format(
      189,
    ),
  },
  'de-DE': {
    search: 'Ich habe 3 Treffer gefunden. Der erste ist Zelt Nomade 2 Personen für 189 Euro.',
    searchRanked: {
      request: 'welches Zelt ist am günstigsten',
      reply: 'Ich habe 3 Treffer gefunden. Am günstigsten ist Zelt Nomade 2 Personen für 189 Euro.',
    },
    searchNone: 'Dazu habe ich nichts gefunden. Können Sie es anders beschreiben?',
    searchNoneIn: {
      query: 'Socken',
      reply: 'In der Kategorie Zelte habe ich nichts zu „Socken“.',
    },
    display: 'Hier ist Ultraleichtes Zelt. Preis: 249 Euro, Gewicht: 1300 Gramm, wasserdicht.',
    notWaterproof: { request: 'Ist es Wasser dicht?', ends: ' Gramm, nicht wasserdicht.' },
    compare:
      'Hier sind sie nebeneinander: Zelt Nomade 2 Personen für 189 Euro und Ultraleichtes Zelt für 249 Euro. Am leichtesten ist Ultraleichtes Zelt.',
    added: 'Ich habe Stirnlampe in Ihren Warenkorb gelegt. Sie haben 1 Artikel im Warenkorb.',
    addedTwo:
      'Ich habe Merino Socken 2-mal in Ihren Warenkorb gelegt. Sie haben 3 Artikel im Warenkorb.',
    removed: 'Ich habe es aus Ihrem Warenkorb entfernt. Sie haben noch 3 Artikel.',
    removedBoth: 'Ich habe beide aus Ihrem Warenkorb entfernt. Ihr Warenkorb ist jetzt leer.',
    cart: 'Sie haben 3 Artikel im Warenkorb: Stirnlampe und 2-mal Merino Socken.',
    cartEmpty: 'Ihr Warenkorb ist leer.',
    end: 'Vielen Dank für Ihren Besuch. Auf Wiederhören!',
    catalogue: /^Wir haben Zelte, Schlafsäcke, .+ und Zubehör\. Wonach suchen Sie\?$/,
    writtenPrice: new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(
      189,
    ),
  },
};

for (const [language, expected] of Object.entries(EXPECTED) as [ShopLanguage, Expected][]) {
  describe(`reply templates in ${language}`, () => {
    const shop = testShop(language);
    const spoken: ReplyStyle = {
      language,
      spoken: true,
      offer: shop.catalog.offer,
      roles: shop.catalog.roles,
      kindNames: shop.catalog.kindNames,
    };
    const turn = (operation: Operation, args: Record<string, unknown>, output: string) => ({
      operation,
      args,
      result: toolResultOf(output),
      isError: false,
      request: '',
    });

    it('answers a search, with the top of a ranking asked for, and a search that found nothing', () => {
      const dialogue = new ShopDialogue(shop);
      const found = dialogue.run('search_products', { category: 'tents' });
      expect(toolReply(turn('search', { category: 'tents' }, found), spoken)).toBe(expected.search);
      expect(
        toolReply(
          {
            ...turn('search', { category: 'tents' }, found),
            request: expected.searchRanked.request,
          },
          spoken,
        ),
      ).toBe(expected.searchRanked.reply);
      const none = dialogue.run('search_products', { category: 'tents', max_price: 10 });
      expect(toolReply(turn('search', { category: 'tents' }, none), spoken)).toBe(
        expected.searchNone,
      );
      // Words that match nothing of the kind asked for: an empty answer that names both.
      const inKind = { category: 'tents', query: expected.searchNoneIn.query };
      const noneInKind = dialogue.run('search_products', inKind);
      expect(toolReply(turn('search', inKind, noneInKind), spoken)).toBe(
        expected.searchNoneIn.reply,
      );
      // Written, the price is the language's notation of it.
      expect(
        toolReply(turn('search', { category: 'tents' }, found), { ...spoken, spoken: false }),
      ).toContain(expected.writtenPrice);
    });

    it('answers a display and a comparison', () => {
      const dialogue = new ShopDialogue(shop);
      const shown = dialogue.run('show_product', { item_id: 'tent-2' });
      expect(toolReply(turn('display', { item_id: 'tent-2' }, shown), spoken)).toBe(
        expected.display,
      );
      // A "no" is said when asked for, and only then.
      const dry = dialogue.run('show_product', { item_id: 'tent-3' });
      const asked = {
        ...turn('display', { item_id: 'tent-3' }, dry),
        request: expected.notWaterproof.request,
      };
      expect(toolReply(asked, spoken)?.endsWith(expected.notWaterproof.ends)).toBe(true);
      expect(toolReply(turn('display', { item_id: 'tent-3' }, dry), spoken)).toMatch(/\d \w+\.$/);
      const args = { item_ids: ['tent-1', 'tent-2'] };
      const compared = dialogue.run('compare_products', args);
      expect(toolReply(turn('compare', args, compared), spoken)).toBe(expected.compare);
    });

    it('answers additions, removals (one, and two in one step) and the cart', () => {
      const dialogue = new ShopDialogue(shop);
      const lamp = { item_id: 'lamp-1' };
      expect(toolReply(turn('cart_add', lamp, dialogue.run('add_to_cart', lamp)), spoken)).toBe(
        expected.added,
      );
      const socks = { item_id: 'socks-1', quantity: 2 };
      expect(toolReply(turn('cart_add', socks, dialogue.run('add_to_cart', socks)), spoken)).toBe(
        expected.addedTwo,
      );
      expect(toolReply(turn('cart_list', {}, dialogue.run('show_cart', {})), spoken)).toBe(
        expected.cart,
      );
      const tent = { item_id: 'tent-1' };
      dialogue.run('add_to_cart', tent);
      expect(
        toolReply(turn('cart_remove', tent, dialogue.run('remove_from_cart', tent)), spoken),
      ).toBe(expected.removed);
      const removals = ['lamp-1', 'socks-1'].map((id) =>
        turn('cart_remove', { item_id: id }, dialogue.run('remove_from_cart', { item_id: id })),
      );
      expect(toolReplies(removals, spoken)).toBe(expected.removedBoth);
      expect(toolReply(turn('cart_list', {}, dialogue.run('show_cart', {})), spoken)).toBe(
        expected.cartEmpty,
      );
      expect(toolReply(turn('end', {}, '{}'), spoken)).toBe(expected.end);
    });

    it('says what the shop sells, from its collection', () => {
      expect(routerReply('catalogue', spoken)).toMatch(expected.catalogue);
    });
  });
}

describe('a language without templates', () => {
  it('leaves every reply to the LLM', () => {
    const style: ReplyStyle = { language: 'it-IT', spoken: true, offer: ['tende'] };
    expect(routerReply('catalogue', style)).toBeUndefined();
    expect(
      toolReply(
        { operation: 'end', args: {}, result: undefined, isError: false, request: '' },
        style,
      ),
    ).toBeUndefined();
  });
});

describe('reply templates of a search by meaning', () => {
  const style: ReplyStyle = { language: 'en-US', spoken: false };
  const search = (query: string, items: { id: string; name: string; price: number }[]) => ({
    operation: 'search' as const,
    args: { query },
    result: toolResultOf(
      JSON.stringify({
        ok: true,
        shown_on_page: true,
        result: { collection_id: 1, count: items.length, items },
      }),
    ),
    isError: false,
    request: query,
  });
  const kettle = { id: 'k-1', name: 'Camp Kettle', price: 30 };

  it('names what was searched only when the items found are called that', () => {
    expect(toolReply(search('kettles', [kettle, kettle]), style)).toMatch(/^I found 2 kettles\./);
    // A description's words are not the name of what it found.
    expect(toolReply(search('boil water', [kettle, kettle]), style)).toMatch(
      /^I found 2 matches\. The first is the Camp Kettle/,
    );
    expect(toolReply(search('water long run', []), style)).toBe(
      "I couldn't find anything like that. Could you describe it another way?",
    );
    expect(toolReply(search('kettles', []), style)).toBe(
      "I couldn't find any kettles. Could you describe it another way?",
    );
  });
});
