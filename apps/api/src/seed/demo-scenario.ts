import { FEATURE_TYPES } from '@svc/protocol';

/** The demo scenario: a shop assistant that uses all five feature types. */
export const DEMO_SCENARIO = {
  name: 'Trailhead outdoor shop assistant',
  language: 'en-US',
  definition: {
    prompt:
      'You are the voice assistant of Trailhead, an outdoor gear shop. Help visitors find products, show them, compare them, manage their cart, and end the conversation politely when they are done. Keep answers short.',
    first_message: 'Hi, welcome to Trailhead! What are you looking for today?',
    voice_stack: 'embedded',
    voice: {
      stt: { provider: 'embedded' },
      llm: { provider: 'embedded' },
      tts: { provider: 'embedded', voice: 'slt' },
    },
    avatar_enabled: false,
    audio_dictation: false,
    limit: 5,
    features: [
      {
        name: {
          en: 'Product search',
          fr: 'Recherche de produits',
          es: 'Búsqueda de productos',
          de: 'Produktsuche',
        },
        type: FEATURE_TYPES.COLLECTION_ITEMS_SEARCH,
        settings: {},
        tools: [{ name: 'search_products', type: 'frontend' }],
      },
      {
        name: {
          en: 'Product details',
          fr: 'Détails du produit',
          es: 'Detalles del producto',
          de: 'Produktdetails',
        },
        type: FEATURE_TYPES.COLLECTION_ITEMS_DISPLAY,
        settings: {},
        tools: [{ name: 'show_product', type: 'frontend' }],
      },
      {
        name: {
          en: 'Compare products',
          fr: 'Comparer des produits',
          es: 'Comparar productos',
          de: 'Produkte vergleichen',
        },
        type: FEATURE_TYPES.COLLECTION_ITEMS_COMPARISON,
        settings: { max_items: 3 },
        tools: [{ name: 'compare_products', type: 'frontend' }],
      },
      {
        name: { en: 'Cart', fr: 'Panier', es: 'Carrito', de: 'Warenkorb' },
        type: FEATURE_TYPES.BUCKET_LIST_CRUD,
        settings: {},
        tools: [
          { name: 'add_to_cart', type: 'frontend' },
          { name: 'remove_from_cart', type: 'frontend' },
          { name: 'show_cart', type: 'frontend' },
        ],
      },
      {
        name: {
          en: 'End the conversation',
          fr: 'Terminer la conversation',
          es: 'Terminar la conversación',
          de: 'Gespräch beenden',
        },
        type: FEATURE_TYPES.WORKFLOW_CONVERSATION_END,
        settings: {},
        tools: [{ name: 'end_conversation', type: 'server' }],
      },
    ],
  },
} as const;

/**
 * The demo scenario in French, for the shop's French catalogue: its own language is French, its
 * voice the embedded French one (no English flite voice), the same features.
 */
export const DEMO_SCENARIO_FR = {
  name: 'Assistant de la boutique Trailhead (français)',
  language: 'fr-FR',
  definition: {
    ...DEMO_SCENARIO.definition,
    prompt:
      "Vous êtes l'assistant vocal de Trailhead, une boutique de matériel de plein air. Aidez les visiteurs à trouver des produits, montrez-les, comparez-les, gérez leur panier et terminez poliment la conversation quand ils ont fini. Répondez brièvement, en français.",
    first_message: 'Bonjour, bienvenue chez Trailhead ! Que cherchez-vous aujourd’hui ?',
    voice: {
      stt: { provider: 'embedded' },
      llm: { provider: 'embedded' },
      tts: { provider: 'embedded' },
    },
  },
} as const;
