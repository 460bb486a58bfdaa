import { FEATURE_TYPES, type FeatureType } from '@svc/protocol';
import {
  ANALYSIS_FIELD_TYPES,
  ANALYSIS_LIMITS,
  ANALYSIS_NAME_PATTERN,
  PROVIDER_REFERENCE_PATTERN,
  TOOL_OPERATIONS,
} from '@svc/protocol/agent';
import { z } from 'zod';

// The authored scenario's shape, shared by the admin routes (which validate requests with it) and
// the scenarios module (which fills in defaults when a change is merged into a stored scenario).

const reference = z
  .string()
  .regex(PROVIDER_REFERENCE_PATTERN, 'lower-case letters, digits, _ and -, at most 64');
const provider = z.looseObject({
  provider: z.string().min(1).max(64),
  model: z.string().max(200).optional(),
  voice: z.string().max(200).optional(),
  base_url: z
    .url()
    .optional()
    .describe(
      'The company’s own OpenAI-compatible server (`https`, a public host; no key is sent)',
    ),
  endpoint: reference.optional().describe('An endpoint the operator configured, by name'),
  credential: reference
    .optional()
    .describe('A credential of the company (`PUT /v1/admin/credentials/{name}`), by name'),
});
const tool = z.object({
  name: z
    .string()
    .regex(/^[A-Za-z][\w-]{0,63}$/, 'letters, digits, _ and -, starting with a letter'),
  type: z.enum(['frontend', 'server']),
  description: z.string().max(1000).optional(),
  /** JSON Schema of the tool's arguments; the feature type gives one when absent. */
  parameters: z.record(z.string(), z.unknown()).optional(),
  settings: z
    .record(z.string(), z.unknown())
    // `operation` is checked by the feature catalog (400) and filled in at save time (422 when it
    // cannot be told); the document names it so the studio offers it as a choice.
    .meta({
      properties: {
        operation: {
          type: 'string',
          enum: [...TOOL_OPERATIONS],
          description:
            "What the tool does: the catalog's operation for a tool of its name, `custom` for the page's own tool; stored when the scenario is saved",
        },
      },
    })
    .optional(),
  frontend_method: z.string().max(128).optional(),
  rpc_timeout_s: z.number().min(0.1).max(120).optional(),
});
const feature = z.object({
  name: z.union([z.string().min(1).max(200), z.record(z.string(), z.string().max(200))]),
  // The catalog's types, in the document as in the check (`feature-catalog.ts`).
  type: z.enum(Object.values(FEATURE_TYPES) as [FeatureType, ...FeatureType[]]),
  settings: z.record(z.string(), z.unknown()).default({}),
  tools: z.array(tool).max(50).default([]),
});

const languageTagPattern = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** A BCP-47 language tag such as `en-US`. */
export const languageTag = z.string().regex(languageTagPattern, 'a BCP-47 tag such as en-US');

/** The first key of `translations` that is not a language tag, as `translations.<key>`. */
export function badTranslationTag(
  translations: Record<string, unknown> | undefined,
): string | undefined {
  const bad = Object.keys(translations ?? {}).find((tag) => !languageTagPattern.test(tag));
  return bad === undefined ? undefined : `translations.${bad}`;
}

/** Most languages a scenario serves besides its own. */
export const MAX_TRANSLATIONS = 20;

/**
 * What a scenario says in one more language: its prompt and first message there. A field left
 * out falls back to the scenario's own (in its own language).
 */
const translation = z.object({
  prompt: z.string().max(20_000).optional(),
  first_message: z.string().max(2_000).optional(),
});

const analysisName = z
  .string()
  .regex(ANALYSIS_NAME_PATTERN, 'lower-case letters, digits and _, starting with a letter');
const analysisDescription = z
  .string()
  .regex(/\S/, 'not blank')
  .max(ANALYSIS_LIMITS.MAX_DESCRIPTION);

/**
 * What each ended conversation is read for: fields filled from the transcript and criteria it is
 * judged on. Names are unique within each list (checked by the scenario routes, 422).
 */
export const scenarioAnalysis = z.object({
  fields: z
    .array(
      z.object({
        name: analysisName,
        type: z.enum(ANALYSIS_FIELD_TYPES),
        description: analysisDescription,
      }),
    )
    .max(ANALYSIS_LIMITS.MAX_FIELDS)
    .default([]),
  criteria: z
    .array(z.object({ name: analysisName, description: analysisDescription }))
    .max(ANALYSIS_LIMITS.MAX_CRITERIA)
    .default([]),
});

/** The first analysis field or criterion named twice, as its path (`analysis.fields.2.name`). */
export function analysisNamedTwice(
  analysis: { fields?: { name: string }[]; criteria?: { name: string }[] } | undefined,
): string | undefined {
  for (const list of ['fields', 'criteria'] as const) {
    const names = (analysis?.[list] ?? []).map((entry) => entry.name);
    const index = names.findIndex((name, at) => names.indexOf(name) !== at);
    if (index >= 0) return `analysis.${list}.${index}.name`;
  }
  return undefined;
}

/** The authored part of a scenario (what a publication snapshots, with name and language). */
export const scenarioDefinition = z.object({
  prompt: z.string().max(20_000).default(''),
  first_message: z.string().max(2_000).default(''),
  voice_stack: z.string().min(1).max(64).default('embedded'),
  voice: z
    .object({ stt: provider.optional(), llm: provider.optional(), tts: provider.optional() })
    // The key and address rules (`providerSettingProblems`) are checked by the scenario routes
    // (422): a refinement here would also fail the answers of scenarios stored before the rules.
    .default({}),
  avatar_enabled: z.boolean().default(false),
  audio_dictation: z.boolean().default(false),
  limit: z.number().int().min(1).max(50).default(5),
  features: z.array(feature).max(50).default([]),
  /**
   * The other languages the scenario serves, by BCP-47 tag: a session may ask for its own
   * language or one of these, and nothing else.
   */
  translations: z
    // Keys are checked as language tags by the scenario routes (422): a record's key schema does
    // not survive the OpenAPI 3.0 conversion, and the document must say what is checked.
    .record(z.string().max(35), translation)
    .refine((value) => Object.keys(value).length <= MAX_TRANSLATIONS, {
      message: `at most ${MAX_TRANSLATIONS} languages besides the scenario's own`,
    })
    // What the refinement checks, in the document too.
    .meta({ maxProperties: MAX_TRANSLATIONS })
    .default({}),
  /** Read out of each conversation once it has ended; nothing declared, nothing runs. */
  analysis: scenarioAnalysis.default({ fields: [], criteria: [] }),
});

/** The authored part of a scenario, defaults filled in. */
export type ScenarioDefinition = z.infer<typeof scenarioDefinition>;
