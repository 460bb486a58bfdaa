// A model's outright answer is held to what it was given: "Yes, we deliver" to a bakery whose
// prompt says nothing of delivery is an answer from belief; "Yes, we open on Sundays" to one whose
// prompt gives Sunday hours is not.
import { describe, expect, it } from 'vitest';
import type { ChatEntry } from '../chat-entries.js';
import { lexiconFor } from '@svc/languages/router';
import {
  answersFromBelief,
  judgedLength,
  opensAsAnswer,
  searchesOutsideCatalogue,
} from './belief.js';
import { routerCatalog } from './catalog.js';
import { groundOf } from './context.js';
import { readsStem } from './unread.js';

const english = lexiconFor('en-US')!;
const french = lexiconFor('fr-FR')!;

const PROMPT =
  'You are the voice of Crumb & Co, a bakery on Mill Lane. We open Monday to Sunday from 7:00 to 15:00. A sourdough loaf costs 4 pounds and a birthday cake 30 pounds.';

describe('answersFromBelief', () => {
  it('catches an outright answer about what the prompt does not hold', () => {
    expect(
      answersFromBelief(
        'Yes, we deliver to your door.',
        'do you deliver to Hampton',
        PROMPT,
        english,
      ),
    ).toBe(true);
    expect(
      answersFromBelief(
        'No, we do not make vegan pastries.',
        'do you make vegan pastries?',
        PROMPT,
        english,
      ),
    ).toBe(true);
  });

  it('lets an answer the prompt holds through, and a word held inside a compound', () => {
    expect(
      answersFromBelief(
        'Yes, we open on Sundays from 7:00.',
        'are you open sundays',
        PROMPT,
        english,
      ),
    ).toBe(false);
    // "sourdough" of the question is the prompt's; "bread" is not, but the reply does not name it.
    expect(
      answersFromBelief(
        'Yes, a sourdough loaf is 4 pounds.',
        'is there sourdough bread',
        PROMPT,
        english,
      ),
    ).toBe(false);
    expect(
      answersFromBelief(
        'Sure, a birthdaycake is 30 pounds.',
        'how much is a birthdaycake',
        PROMPT,
        english,
      ),
    ).toBe(false);
  });

  it('lets an answer about what the prompt holds through, with a detail of the visitor’s own', () => {
    expect(
      answersFromBelief(
        'Yes, your daughter can order a birthday cake.',
        'can my daughter order a birthday cake, she turns nine',
        PROMPT,
        english,
      ),
    ).toBe(false);
    // More about what the prompt does not hold (bringing a dog) than about what it does: held back.
    expect(
      answersFromBelief(
        'Yes, you can bring your dog in for a sourdough loaf.',
        'can I bring my dog in when I buy sourdough',
        PROMPT,
        english,
      ),
    ).toBe(true);
    // The business itself is named in every question about it: that is no answer of the prompt's.
    expect(
      answersFromBelief(
        'Yes, the bakery has a car park right next door.',
        'has the bakery got a car park',
        PROMPT,
        english,
      ),
    ).toBe(true);
    // A word of the prompt inside a word of the question is no part of it: "men" of "payments".
    expect(
      answersFromBelief(
        'Yes, instalment payments are possible.',
        'are instalment payments possible',
        `${PROMPT} Gift boxes for men.`,
        english,
      ),
    ).toBe(true);
    // Nor is a word held by a word that merely ends it: "wheelchair" is no compound of "hair".
    expect(
      answersFromBelief(
        'Yes, the bakery is wheelchair friendly.',
        'is the bakery wheelchair friendly',
        `${PROMPT} Staff wear hair nets.`,
        english,
      ),
    ).toBe(true);
    // Only about what the prompt does not hold: held back.
    expect(
      answersFromBelief(
        'Yes, there is step-free wheelchair access.',
        'do you have wheelchair access',
        PROMPT,
        english,
      ),
    ).toBe(true);
  });

  it('judges an opening that repeats nothing of the question by the question itself', () => {
    // "Sure" to a question about what the prompt does not hold says yes to it, though the
    // prompt says the agent helps.
    expect(
      answersFromBelief(
        'Sure, I can help with that.',
        'could you post a cake to Norway',
        `${PROMPT} Help visitors choose.`,
        english,
      ),
    ).toBe(true);
    // Going on with what the prompt holds, it answers with that.
    expect(
      answersFromBelief(
        'Yes, a birthday cake is 30 pounds.',
        'could you post a cake to Norway',
        PROMPT,
        english,
      ),
    ).toBe(false);
    expect(answersFromBelief('Yes, we do.', 'do you take card payments?', PROMPT, english)).toBe(
      true,
    );
    // To one about what it holds, or a request the router reads, it is no claim.
    expect(
      answersFromBelief('Yes, we do.', 'do you bake sourdough on sundays', PROMPT, english),
    ).toBe(false);
    expect(
      answersFromBelief('Sure, I can help with that.', 'can you show me a cake', PROMPT, english, {
        reads: (stem) => stem === 'show',
      }),
    ).toBe(false);
  });

  it('catches a statement about what the prompt does not hold, whatever it opens with', () => {
    expect(
      answersFromBelief(
        'Shipping takes a few business days.',
        'how long does shipping take',
        PROMPT,
        english,
      ),
    ).toBe(true);
    expect(
      answersFromBelief(
        'We sell gift vouchers in any amount.',
        'do you sell gift vouchers',
        PROMPT,
        english,
      ),
    ).toBe(true);
    // One unheld word of the question beside the question's own subject: nothing held is told
    // of a guarantee. Beside a figure the prompt gives, it is the visitor's word for the price.
    expect(
      answersFromBelief(
        'The guarantee on a birthday cake depends on the size.',
        'how long is the guarantee on a birthday cake',
        PROMPT,
        english,
      ),
    ).toBe(true);
    expect(
      answersFromBelief(
        'A celebration cake is 30 pounds.',
        'what does a celebration cake cost',
        PROMPT,
        english,
      ),
    ).toBe(false);
    // The prompt's own loaf, in the visitor's words for it; the prompt's street; small talk; a
    // question back: none of them is made up.
    expect(
      answersFromBelief(
        'The sourdough loaf is our cheapest bread.',
        'what is your cheapest bread',
        PROMPT,
        english,
        // "Cheapest" is a word the router reads (a ranking), not a thing asked about.
        {
          reads: readsStem(
            routerCatalog({ language: 'en-US', tools: [], collections: [], itemNames: [] }),
            english,
          ),
        },
      ),
    ).toBe(false);
    expect(
      answersFromBelief('We are on Mill Lane.', 'where are you located', PROMPT, english),
    ).toBe(false);
    expect(
      answersFromBelief(
        "I'm doing great today, thanks for asking.",
        'hi, how are you doing today',
        PROMPT,
        english,
      ),
    ).toBe(false);
    expect(
      answersFromBelief(
        'Shipping to Hampton, did you say?',
        'can you ship to Hampton',
        PROMPT,
        english,
      ),
    ).toBe(false);
  });

  it('is not talked out of a made-up statement by the held words of its subject', () => {
    const salon =
      'You are the receptionist of Birch Row Barbers. Sam cuts hair Tuesday to Saturday. The Gold plan is 45 pounds.';
    expect(
      answersFromBelief(
        'There is no parking near Birch Row Barbers.',
        'can I park near you',
        salon,
        english,
      ),
    ).toBe(true);
    expect(
      answersFromBelief(
        'Sam does not do ear piercing.',
        'does Sam do ear piercing',
        salon,
        english,
      ),
    ).toBe(true);
    // One word of the visitor's own beside a figure the prompt holds: the prompt's fact.
    expect(
      answersFromBelief(
        'The Gold package is 45 pounds a month.',
        'how much is the gold package',
        salon,
        english,
      ),
    ).toBe(false);
  });

  it('after the turn’s own tool calls, judges only outright answers', () => {
    const asked = 'any cakes for my trip to Scotland';
    const presented = 'Here are some cakes for your trip to Scotland.';
    expect(answersFromBelief(presented, asked, PROMPT, english)).toBe(true);
    expect(answersFromBelief(presented, asked, PROMPT, english, { afterTools: true })).toBe(false);
    expect(
      answersFromBelief('Yes, they keep well on a trip to Scotland.', asked, PROMPT, english, {
        afterTools: true,
      }),
    ).toBe(true);
  });

  it('leaves replies that do not answer outright to the model', () => {
    expect(
      answersFromBelief(
        'I am not sure whether we deliver to Hampton.',
        'do you deliver to Hampton',
        PROMPT,
        english,
      ),
    ).toBe(false);
  });

  it('reads the openings of the language, accents folded', () => {
    expect(opensAsAnswer('Bien sûr, nous livrons partout.', french)).toBe(true);
    expect(opensAsAnswer('Nous livrons partout.', french)).toBe(false);
    expect(
      answersFromBelief(
        'Oui, nous livrons à domicile.',
        'vous livrez à domicile ?',
        'Tu es la voix de la boulangerie Mie & Co. Ouvert tous les jours de 7 h à 15 h.',
        french,
      ),
    ).toBe(true);
  });
});

describe('judgedLength', () => {
  it('waits for the first sentence, and for the second when the first is only the opening', () => {
    expect(judgedLength('Yes, we deliver', english)).toBe(-1);
    expect(judgedLength('Yes, we deliver. Orders over', english)).toBe('Yes, we deliver.'.length);
    expect(judgedLength('Yes! We deliver', english)).toBe(-1);
    expect(judgedLength('Yes! We deliver. It', english)).toBe('Yes! We deliver.'.length);
    expect(judgedLength('A loaf is 4.50 pounds', english)).toBe(-1);
  });
});

describe('groundOf', () => {
  it('holds what the model was given, not what the visitor said', () => {
    const entries: ChatEntry[] = [
      { type: 'message', role: 'system', text: PROMPT },
      { type: 'message', role: 'user', text: 'do you deliver' },
      { type: 'function_call', callId: 'a', name: 'lookup', args: '{"q":"delivery"}' },
      { type: 'function_call_output', callId: 'a', name: 'lookup', output: 'vans', isError: false },
      { type: 'message', role: 'assistant', text: 'Let me check.' },
    ];
    const ground = groundOf(entries);
    expect(ground).toContain('Mill Lane');
    expect(ground).toContain('vans');
    expect(ground).toContain('Let me check.');
    expect(ground).not.toContain('do you deliver');
  });
});

describe('searchesOutsideCatalogue', () => {
  it('tells a search for what the catalogue does not hold from one for what it does', async () => {
    const { testShop } = await import('./test-shops.js');
    const { catalog } = testShop('es-ES');
    // Words no item has, and a kind the visitor never named: a question about the business.
    expect(
      searchesOutsideCatalogue(
        { query: 'descuentos estudiantes', category: 'tents' },
        '¿hacéis descuento a estudiantes?',
        catalog,
      ),
    ).toBe(true);
    // No words at all, and a kind nobody said ("do you sell canoes?").
    expect(searchesOutsideCatalogue({ category: 'backpacks' }, '¿vendéis canoas?', catalog)).toBe(
      true,
    );
    // A word of the catalogue, or a kind the visitor named, is a search for what it holds.
    expect(
      searchesOutsideCatalogue({ query: 'mochila' }, 'quiero una mochila grande', catalog),
    ).toBe(false);
    expect(
      searchesOutsideCatalogue(
        { query: 'acampar', category: 'tents' },
        'busco tiendas de campaña para acampar',
        catalog,
      ),
    ).toBe(false);
    // A part of one of the catalogue's compounds is a word of it ("Lampe" of "Stirnlampe").
    const german = testShop('de-DE').catalog;
    expect(searchesOutsideCatalogue({ query: 'Lampe' }, 'eine helle Lampe bitte', german)).toBe(
      false,
    );
    expect(
      searchesOutsideCatalogue({ query: 'Versandkosten' }, 'was kostet der Versand?', german),
    ).toBe(true);
    // A description where the collection reads it by meaning may be a need, unless the model
    // also filtered on a kind nobody named (the discount question above).
    expect(
      searchesOutsideCatalogue(
        { query: 'mantener pies calientes' },
        'algo para mantener los pies calientes',
        catalog,
      ),
    ).toBe(false);
    // In English every search goes ahead.
    expect(
      searchesOutsideCatalogue({ query: 'cold feet' }, 'I get cold feet at night', {
        ...catalog,
        language: 'en-US',
      }),
    ).toBe(false);
  });
});
