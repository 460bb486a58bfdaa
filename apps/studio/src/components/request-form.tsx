import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ApiError, errorMessage } from '../api/errors';
import { SchemaForm } from '../schema-form/schema-form';
import { validate, type FieldErrors, type JsonSchema } from '../schema-form/schema-model';

/**
 * `errors` with the API's own complaint added under the field it names: the API has the last word
 * (uniqueness, references) until the admin changes something.
 */
export function withApiError(errors: FieldErrors, error: unknown): FieldErrors {
  if (error instanceof ApiError && error.field && !errors[error.field])
    return { ...errors, [error.field]: error.detail };
  return errors;
}

/** An error that names no field, for the alert above the buttons. */
export function formLevelError(error: unknown): string | undefined {
  if (!error || (error instanceof ApiError && error.field)) return undefined;
  return errorMessage(error);
}

/** The part of a TanStack Query mutation a form needs. */
interface FormMutation {
  mutate(): void;
  reset(): void;
  error: unknown;
  isPending: boolean;
  isSuccess: boolean;
}

/**
 * A form for one API request body, generated from its JSON Schema: errors show under their fields
 * once the admin submits (or at once with `checkAtOnce`), the API's errors under the field they
 * name, and nothing is sent while a field is wrong.
 */
export function RequestForm({
  schema,
  value,
  onChange,
  mutation,
  submitLabel,
  onCancel,
  idPrefix,
  checkAtOnce = false,
  footnote,
}: {
  schema: JsonSchema;
  value: unknown;
  onChange(value: unknown): void;
  mutation: FormMutation;
  submitLabel: string;
  onCancel?: () => void;
  idPrefix?: string;
  checkAtOnce?: boolean;
  footnote?: ReactNode;
}) {
  const [touched, setTouched] = useState(checkAtOnce);
  const errors = withApiError(touched ? validate(schema, value) : {}, mutation.error);
  const failure = formLevelError(mutation.error);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (Object.keys(validate(schema, value)).length === 0) mutation.mutate();
      }}
    >
      <Stack>
        <SchemaForm
          schema={schema}
          value={value}
          onChange={(next) => {
            mutation.reset();
            onChange(next);
          }}
          errors={errors}
          {...(idPrefix ? { idPrefix } : {})}
        />
        {footnote}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify={onCancel ? 'flex-end' : 'flex-start'}>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={mutation.isPending}>
            {submitLabel}
          </Button>
          {mutation.isSuccess && !onCancel && <Text c="green">Saved</Text>}
        </Group>
      </Stack>
    </form>
  );
}
