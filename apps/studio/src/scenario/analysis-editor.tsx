import { Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { ANALYSIS_FIELD_TYPES } from '@svc/protocol/agent';
import { ApiError } from '../api/errors';
import type { FieldErrors } from '../schema-form/schema-model';

/** A declared field as the draft holds it. */
interface FieldDraft {
  name: string;
  type: string;
  description: string;
}

/** A declared criterion as the draft holds it. */
interface CriterionDraft {
  name: string;
  description: string;
}

/** A scenario draft's analysis. */
interface AnalysisDraft {
  fields?: FieldDraft[];
  criteria?: CriterionDraft[];
}

function analysisOf(draft: unknown): AnalysisDraft {
  return ((draft as { analysis?: AnalysisDraft }).analysis ?? {}) as AnalysisDraft;
}

/**
 * What is wrong with a draft's analysis that its schema cannot say: a name used twice, under the
 * path the API's 422 names (`analysis.fields.2.name`), so the admin sees it before saving.
 */
export function analysisErrors(draft: unknown): FieldErrors {
  const analysis = analysisOf(draft);
  const errors: FieldErrors = {};
  for (const list of ['fields', 'criteria'] as const) {
    const seen = new Set<string>();
    (analysis[list] ?? []).forEach((entry, index) => {
      if (entry.name && seen.has(entry.name))
        errors[`analysis.${list}.${index}.name`] = `${entry.name} is named twice`;
      seen.add(entry.name);
    });
  }
  return errors;
}

/** The field a 422 of the scenario routes names in the analysis (`analysis.fields.2.name: …`). */
export function analysisApiErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || error.status !== 422) return {};
  const named = /^(analysis\.[\w.]+): (.+)$/s.exec(error.message);
  return named?.[1] && named[2] ? { [named[1]]: named[2] } : {};
}

const TYPE_OPTIONS = ANALYSIS_FIELD_TYPES.map((type) => ({ value: type, label: type }));

/**
 * The data read out of each ended conversation (fields: name, type, description) and the
 * criteria each is judged on (name, description): the agent fills them after the end, and the
 * post-call webhook and the dashboard carry them.
 */
export function AnalysisEditor({
  draft,
  onChange,
  errors,
}: {
  draft: unknown;
  onChange(next: unknown): void;
  errors: FieldErrors;
}) {
  const analysis = analysisOf(draft);
  const fields = analysis.fields ?? [];
  const criteria = analysis.criteria ?? [];
  const change = (next: AnalysisDraft) =>
    onChange({ ...(draft as object), analysis: { fields, criteria, ...next } });
  const setField = (index: number, patch: Partial<FieldDraft>) =>
    change({ fields: fields.map((field, at) => (at === index ? { ...field, ...patch } : field)) });
  const setCriterion = (index: number, patch: Partial<CriterionDraft>) =>
    change({
      criteria: criteria.map((criterion, at) =>
        at === index ? { ...criterion, ...patch } : criterion,
      ),
    });
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        After each conversation the agent reads these out of the transcript. A field holds a value
        of its type, or nothing when the conversation does not say it; a criterion is judged a
        success, a failure or unknown, with a one-line reason. Names are what your webhook reads:
        lower-case letters, digits and _.
      </Text>
      <Title order={4}>Fields</Title>
      {fields.length === 0 && <Text size="sm">No fields: nothing is extracted.</Text>}
      {fields.map((field, index) => (
        <Group key={index} align="flex-start" wrap="nowrap">
          <TextInput
            label={`Field ${index + 1} name`}
            placeholder="appointment_date"
            value={field.name}
            onChange={(event) => setField(index, { name: event.currentTarget.value })}
            error={errors[`analysis.fields.${index}.name`]}
          />
          <Select
            label={`Field ${index + 1} type`}
            data={TYPE_OPTIONS}
            value={field.type}
            allowDeselect={false}
            onChange={(type) => type && setField(index, { type })}
            error={errors[`analysis.fields.${index}.type`]}
          />
          <TextInput
            label={`Field ${index + 1} description`}
            placeholder="The day the visitor booked"
            value={field.description}
            onChange={(event) => setField(index, { description: event.currentTarget.value })}
            error={errors[`analysis.fields.${index}.description`]}
            style={{ flex: 1 }}
          />
          <Button
            variant="subtle"
            color="red"
            mt={24}
            onClick={() => change({ fields: fields.filter((_, at) => at !== index) })}
            aria-label={`Remove field ${index + 1}`}
          >
            Remove
          </Button>
        </Group>
      ))}
      <Button
        variant="default"
        w="fit-content"
        onClick={() =>
          change({ fields: [...fields, { name: '', type: 'string', description: '' }] })
        }
      >
        Add field
      </Button>
      <Title order={4}>Success criteria</Title>
      {criteria.length === 0 && <Text size="sm">No criteria: nothing is judged.</Text>}
      {criteria.map((criterion, index) => (
        <Group key={index} align="flex-start" wrap="nowrap">
          <TextInput
            label={`Criterion ${index + 1} name`}
            placeholder="booked"
            value={criterion.name}
            onChange={(event) => setCriterion(index, { name: event.currentTarget.value })}
            error={errors[`analysis.criteria.${index}.name`]}
          />
          <TextInput
            label={`Criterion ${index + 1} description`}
            placeholder="The visitor booked an appointment"
            value={criterion.description}
            onChange={(event) => setCriterion(index, { description: event.currentTarget.value })}
            error={errors[`analysis.criteria.${index}.description`]}
            style={{ flex: 1 }}
          />
          <Button
            variant="subtle"
            color="red"
            mt={24}
            onClick={() => change({ criteria: criteria.filter((_, at) => at !== index) })}
            aria-label={`Remove criterion ${index + 1}`}
          >
            Remove
          </Button>
        </Group>
      ))}
      <Button
        variant="default"
        w="fit-content"
        onClick={() => change({ criteria: [...criteria, { name: '', description: '' }] })}
      >
        Add criterion
      </Button>
    </Stack>
  );
}
