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
        name: { en: 'Product search' },
        type: FEATURE_TYPES.COLLECTION_ITEMS_SEARCH,
        settings: {},
        tools: [{ name: 'search_products', type: 'frontend' }],
      },
      {
        name: { en: 'Product details' },
        type: FEATURE_TYPES.COLLECTION_ITEMS_DISPLAY,
        settings: {},
        tools: [{ name: 'show_product', type: 'frontend' }],
      },
      {
        name: { en: 'Compare products' },
        type: FEATURE_TYPES.COLLECTION_ITEMS_COMPARISON,
        settings: { max_items: 3 },
        tools: [{ name: 'compare_products', type: 'frontend' }],
      },
      {
        name: { en: 'Cart' },
        type: FEATURE_TYPES.BUCKET_LIST_CRUD,
        settings: {},
        tools: [
          { name: 'add_to_cart', type: 'frontend' },
          { name: 'remove_from_cart', type: 'frontend' },
          { name: 'show_cart', type: 'frontend' },
        ],
      },
      {
        name: { en: 'End the conversation' },
        type: FEATURE_TYPES.WORKFLOW_CONVERSATION_END,
        settings: {},
        tools: [{ name: 'end_conversation', type: 'server' }],
      },
    ],
  },
} as const;
