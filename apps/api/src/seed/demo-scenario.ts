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
      // flite until the greeting's barge-in is shown to hold with Piper's joe (the embedded English
      // default for scenarios that name no voice).
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

/** What the demo scenario says in French, Spanish and German. */
const TRANSLATED = {
  fr: {
    name: 'Assistant de la boutique Trailhead (français)',
    language: 'fr-FR',
    prompt:
      "Vous êtes l'assistant vocal de Trailhead, une boutique de matériel de plein air. Aidez les visiteurs à trouver des produits, montrez-les, comparez-les, gérez leur panier et terminez poliment la conversation quand ils ont fini. Répondez brièvement, en français.",
    first_message: 'Bonjour, bienvenue chez Trailhead ! Que cherchez-vous aujourd’hui ?',
  },
  es: {
    name: 'Asistente de la tienda Trailhead (español)',
    language: 'es-ES',
    prompt:
      'Eres el asistente de voz de Trailhead, una tienda de material de montaña. Ayuda a los visitantes a encontrar productos, muéstraselos, compáralos, gestiona su carrito y termina la conversación con amabilidad cuando hayan acabado. Responde brevemente, en español.',
    first_message: '¡Hola, bienvenido a Trailhead! ¿Qué estás buscando hoy?',
  },
  de: {
    name: 'Assistent des Trailhead-Shops (Deutsch)',
    language: 'de-DE',
    prompt:
      'Du bist der Sprachassistent von Trailhead, einem Geschäft für Outdoor-Ausrüstung. Hilf den Besuchern, Produkte zu finden, zeige sie, vergleiche sie, verwalte ihren Warenkorb und beende das Gespräch höflich, wenn sie fertig sind. Antworte kurz und auf Deutsch.',
    first_message: 'Hallo, willkommen bei Trailhead! Was suchst du heute?',
  },
} as const;

/**
 * The demo scenario in French, Spanish or German, for the shop's catalogue in that language: its
 * own language is that one, its voice the embedded voice of the language (espeak-ng),
 * the same features.
 */
export function demoScenarioIn(language: keyof typeof TRANSLATED) {
  const { name, language: tag, prompt, first_message } = TRANSLATED[language];
  return {
    name,
    language: tag,
    definition: {
      ...DEMO_SCENARIO.definition,
      prompt,
      first_message,
      voice: {
        stt: { provider: 'embedded' },
        llm: { provider: 'embedded' },
        tts: { provider: 'embedded' },
      },
    },
  };
}
