import {
  Button,
  Fieldset,
  Group,
  Paper,
  PasswordInput,
  Text,
  JsonInput,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Switch,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import {
  defaultsOf,
  extraKeys,
  fieldOf,
  getAt,
  setAt,
  withExtraKeys,
  type Field,
  type FieldErrors,
  type JsonSchema,
} from './schema-model';
import { DangerButton } from '../components/danger-button';

/** What {@link SchemaForm} takes. */
export interface SchemaFormProps {
  schema: JsonSchema;
  value: unknown;
  onChange(value: unknown): void;
  /** Messages by dotted field path, from `validate` or from the API. */
  errors?: FieldErrors;
  /** Prefixes every input's id, so two forms on one page do not clash. */
  idPrefix?: string;
  /**
   * Where `schema` sits inside `value` (default: it describes `value` itself). Paths of inputs and
   * errors stay those of the whole value, so a form for one part lines up with the API's errors.
   */
  path?: string[];
}

/** A JSON value edited as text; the text is kept while it does not parse. */
function JsonField({
  field,
  value,
  error,
  onChange,
  id,
}: {
  field: Field;
  value: unknown;
  error: string | undefined;
  onChange(value: unknown): void;
  id: string;
}) {
  const [text, setText] = useState(() =>
    value === undefined ? '' : JSON.stringify(value, null, 2),
  );
  const [parseError, setParseError] = useState<string>();
  return (
    <JsonInput
      id={id}
      label={field.label || 'Value (JSON)'}
      description={field.description}
      withAsterisk={field.required}
      value={text}
      autosize
      minRows={2}
      error={parseError ?? error}
      onChange={(next) => {
        setText(next);
        if (next.trim() === '') {
          setParseError(undefined);
          onChange(undefined);
          return;
        }
        try {
          onChange(JSON.parse(next));
          setParseError(undefined);
        } catch {
          setParseError(`${field.label} is not valid JSON`);
        }
      }}
    />
  );
}

/** One field and, for an object, the fields inside it. */
function FieldInput({
  field,
  root,
  onChange,
  errors,
  idPrefix,
  inline = false,
}: {
  field: Field;
  root: unknown;
  onChange(value: unknown): void;
  errors: FieldErrors;
  idPrefix: string;
  /** An object drawn without its own frame (the root, or an item already framed). */
  inline?: boolean;
}): ReactNode {
  const value = getAt(root, field.path);
  const error = errors[field.path.join('.')];
  const set = (next: unknown) => onChange(setAt(root, field.path, next));
  const common = {
    id: `${idPrefix}${field.path.join('.') || 'root'}`,
    label: field.label,
    description: field.description,
    withAsterisk: field.required,
    error,
  };
  switch (field.kind) {
    case 'object': {
      const inner = field.fields.map((child) => (
        <FieldInput
          key={child.path.join('.')}
          field={child}
          root={root}
          onChange={onChange}
          errors={errors}
          idPrefix={idPrefix}
        />
      ));
      // An open object (a provider's options, a feature's settings) may hold keys of its own:
      // they are edited together as JSON below the named fields.
      if (field.schema.additionalProperties && field.fields.length > 0) {
        const label = `Other ${field.label ? `${field.label.toLowerCase()} ` : ''}options`;
        inner.push(
          <JsonField
            key="(other)"
            field={{ ...field, label, description: undefined, required: false }}
            value={extraKeys(field.schema, value)}
            error={undefined}
            onChange={(extras) =>
              set(
                withExtraKeys(
                  field.schema,
                  value,
                  extras !== null && typeof extras === 'object'
                    ? (extras as Record<string, unknown>)
                    : {},
                ),
              )
            }
            id={`${common.id}-other`}
          />,
        );
      }
      // The root object is the form itself; nested objects get a frame with their name.
      if (inline || field.path.length === 0) return <Stack gap="sm">{inner}</Stack>;
      return (
        <Fieldset legend={field.label}>
          <Stack gap="sm">{inner}</Stack>
        </Fieldset>
      );
    }
    case 'string': {
      const text = typeof value === 'string' ? value : '';
      // An optional field emptied is left out, as if never set.
      const onText = (next: string) => set(next === '' && !field.required ? undefined : next);
      if (field.secret)
        return (
          <PasswordInput
            {...common}
            value={text}
            onChange={(event) => onText(event.currentTarget.value)}
          />
        );
      return field.multiline ? (
        <Textarea
          {...common}
          value={text}
          autosize
          minRows={3}
          onChange={(event) => onText(event.currentTarget.value)}
        />
      ) : (
        <TextInput
          {...common}
          value={text}
          onChange={(event) => onText(event.currentTarget.value)}
        />
      );
    }
    case 'enum':
      return (
        <Select
          {...common}
          data={field.options}
          value={typeof value === 'string' ? value : null}
          clearable={!field.required}
          onChange={(next) => set(next ?? undefined)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          allowDecimal={!field.integer}
          onChange={(next) => set(typeof next === 'number' ? next : undefined)}
        />
      );
    case 'boolean':
      return (
        <Switch
          {...common}
          checked={value === true}
          onChange={(event) => set(event.currentTarget.checked)}
        />
      );
    case 'string-list': {
      const list = Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
      return field.options ? (
        <MultiSelect {...common} data={field.options} value={list} onChange={set} />
      ) : (
        <TagsInput {...common} value={list} onChange={set} />
      );
    }
    case 'object-list': {
      const list = Array.isArray(value) ? value : [];
      return (
        <Fieldset legend={field.label}>
          <Stack gap="sm">
            {field.description && (
              <Text size="sm" c="dimmed">
                {field.description}
              </Text>
            )}
            {error && (
              <Text size="sm" c="red">
                {error}
              </Text>
            )}
            {list.map((_item, index) => {
              const item = fieldOf(field.items, [...field.path, String(index)]);
              return (
                <Paper key={index} withBorder p="sm">
                  <FieldInput
                    field={{ ...item, label: `${field.label} #${index + 1}` }}
                    root={root}
                    onChange={onChange}
                    errors={errors}
                    idPrefix={idPrefix}
                    inline
                  />
                  <DangerButton
                    mt="xs"
                    onClick={() => set(list.filter((_other, other) => other !== index))}
                  >
                    Remove {field.label.toLowerCase()} #{index + 1}
                  </DangerButton>
                </Paper>
              );
            })}
            <Group>
              <Button
                size="xs"
                variant="light"
                onClick={() => set([...list, defaultsOf(field.items) ?? {}])}
              >
                Add {field.label.toLowerCase()}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      );
    }
    case 'json':
      return <JsonField field={field} value={value} error={error} onChange={set} id={common.id} />;
  }
}

/**
 * A form generated from a JSON Schema: an object's properties become inputs (text, choice, number,
 * switch, list of text; JSON for the rest), each showing the error for its path.
 */
export function SchemaForm({
  schema,
  value,
  onChange,
  errors = {},
  idPrefix = 'field-',
  path = [],
}: SchemaFormProps) {
  return (
    <FieldInput
      field={fieldOf(schema, path)}
      root={value}
      onChange={onChange}
      errors={errors}
      idPrefix={idPrefix}
      // The form's own object is framed by whoever places it (a card, a fieldset).
      inline
    />
  );
}
