import type { ServingProblem } from './provider-settings.js';

/**
 * What a business declares it wants from each conversation of a scenario, and what the agent
 * reads out of the transcript once the conversation has ended.
 */

/** The types a declared field can hold. */
export const ANALYSIS_FIELD_TYPES = ['string', 'number', 'boolean', 'date'] as const;

/** One of {@link ANALYSIS_FIELD_TYPES}. */
export type AnalysisFieldType = (typeof ANALYSIS_FIELD_TYPES)[number];

/** How a success criterion was judged; `unknown` when the conversation does not tell. */
export const CRITERION_RESULTS = ['success', 'failure', 'unknown'] as const;

/** One of {@link CRITERION_RESULTS}. */
export type CriterionResult = (typeof CRITERION_RESULTS)[number];

/** Field and criterion names: what a receiving program reads them by. */
export const ANALYSIS_NAME_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;

/** Bounds of a scenario's declared analysis. */
export const ANALYSIS_LIMITS = {
  MAX_FIELDS: 30,
  MAX_CRITERIA: 20,
  MAX_DESCRIPTION: 500,
  /** A rationale is one line. */
  MAX_RATIONALE: 300,
  /** A string value read out of a transcript. */
  MAX_STRING_VALUE: 1000,
} as const;

/** A field the business wants filled from each conversation (`appointment_date`). */
export interface AnalysisField {
  name: string;
  type: AnalysisFieldType;
  /** What the field means: the model reads it to find the value. */
  description: string;
}

/** A question each conversation is judged on (`booked`: "the visitor booked an appointment"). */
export interface SuccessCriterion {
  name: string;
  description: string;
}

/** A scenario's declared analysis; none declared: no analysis runs. */
export interface ScenarioAnalysis {
  fields?: AnalysisField[];
  criteria?: SuccessCriterion[];
}

/** A value read for a field: typed as declared (a `date` is `YYYY-MM-DD`), null when not said. */
export type AnalysisValue = string | number | boolean | null;

/** One criterion as judged. */
export interface CriterionJudgement {
  name: string;
  result: CriterionResult;
  /** One line saying why. */
  rationale: string;
}

/** What the agent stores after a conversation (`PUT .../analysis`), and what the API answers. */
export interface ConversationAnalysis {
  /** Every declared field by name. */
  data: Record<string, AnalysisValue>;
  /** Every declared criterion, in declared order. */
  criteria: CriterionJudgement[];
}

/** Whether a scenario declares anything to analyse (no declaration costs nothing). */
export function declaresAnalysis(analysis: ScenarioAnalysis | undefined): boolean {
  return (analysis?.fields?.length ?? 0) + (analysis?.criteria?.length ?? 0) > 0;
}

/** A `date` value: a calendar day. */
export const ANALYSIS_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The problems of an analysis against its declaration, by field path (empty when it fits): every
 * declared field and criterion present, typed as declared, nothing undeclared.
 */
export function analysisProblems(
  declared: ScenarioAnalysis,
  analysis: ConversationAnalysis,
): ServingProblem[] {
  const problems: ServingProblem[] = [];
  const problem = (field: string, message: string) => problems.push({ field, message });
  const fields = declared.fields ?? [];
  for (const field of fields) {
    if (!(field.name in analysis.data)) {
      problem(`data.${field.name}`, 'missing (null when the conversation does not say)');
      continue;
    }
    const value = analysis.data[field.name];
    if (value === null) continue;
    const fits =
      field.type === 'date'
        ? typeof value === 'string' && ANALYSIS_DATE_PATTERN.test(value)
        : typeof value === field.type;
    if (!fits)
      problem(
        `data.${field.name}`,
        `not a ${field.type === 'date' ? 'date (YYYY-MM-DD)' : field.type}`,
      );
  }
  for (const name of Object.keys(analysis.data))
    if (!fields.some((field) => field.name === name))
      problem(`data.${name}`, 'not a declared field');
  const criteria = declared.criteria ?? [];
  criteria.forEach((criterion, index) => {
    if (analysis.criteria[index]?.name !== criterion.name)
      problem(`criteria.${index}`, `expected ${criterion.name}`);
  });
  if (analysis.criteria.length > criteria.length)
    problem(`criteria.${criteria.length}`, 'not a declared criterion');
  return problems;
}
