import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { DangerButton } from '../components/danger-button';
import {
  addArgument,
  ARGUMENT_TYPES,
  argumentRows,
  removeArgument,
  setArgument,
  type ArgumentsSchema,
} from './page-tools-model';

const format = (schema: ArgumentsSchema) => JSON.stringify(schema, null, 2);

/**
 * A page tool's JSON Schema of arguments, two ways: a table of its properties (name, type,
 * description, required) and the raw JSON, for what the table does not show (enums, nested
 * objects, bounds). Both edit the same schema; `error` (what the API would refuse) shows under it.
 */
export function ArgumentsEditor({
  schema,
  onChange,
  error,
  idPrefix,
}: {
  schema: ArgumentsSchema;
  onChange(schema: ArgumentsSchema): void;
  error: string | undefined;
  idPrefix: string;
}) {
  const rows = argumentRows(schema);
  // The text as typed: it may be unfinished JSON, which is not sent up until it parses.
  const [text, setText] = useState(() => format(schema));
  const [notJson, setNotJson] = useState<string>();
  useEffect(() => {
    setText((typed) => {
      try {
        if (JSON.stringify(JSON.parse(typed)) === JSON.stringify(schema)) return typed;
      } catch {
        // The table changed the schema while the text was unfinished: the table wins.
      }
      setNotJson(undefined);
      return format(schema);
    });
  }, [schema]);
  return (
    <Fieldset legend="Arguments (JSON Schema)">
      <Stack gap="xs">
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            No arguments: the model calls the tool with none.
          </Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Required</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Remove</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => (
                <Table.Tr key={index}>
                  <Table.Td>
                    <TextInput
                      aria-label={`Name of argument ${index + 1}`}
                      value={row.name}
                      onChange={(event) =>
                        onChange(
                          setArgument(schema, index, { ...row, name: event.currentTarget.value }),
                        )
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`Type of argument ${index + 1}`}
                      data={[
                        ...ARGUMENT_TYPES,
                        ...(row.type === undefined
                          ? [{ value: 'other', label: 'other (see JSON)', disabled: true }]
                          : []),
                      ]}
                      value={row.type ?? 'other'}
                      allowDeselect={false}
                      onChange={(type) =>
                        onChange(
                          setArgument(schema, index, {
                            ...row,
                            type: (ARGUMENT_TYPES as readonly (string | null)[]).includes(type)
                              ? (type as (typeof ARGUMENT_TYPES)[number])
                              : row.type,
                          }),
                        )
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Description of argument ${index + 1}`}
                      value={row.description}
                      onChange={(event) =>
                        onChange(
                          setArgument(schema, index, {
                            ...row,
                            description: event.currentTarget.value,
                          }),
                        )
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Argument ${index + 1} is required`}
                      checked={row.required}
                      onChange={(event) =>
                        onChange(
                          setArgument(schema, index, {
                            ...row,
                            required: event.currentTarget.checked,
                          }),
                        )
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    <DangerButton onClick={() => onChange(removeArgument(schema, index))}>
                      Remove argument {index + 1}
                    </DangerButton>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group>
          <Button variant="light" onClick={() => onChange(addArgument(schema))}>
            Add argument
          </Button>
        </Group>
        <Textarea
          id={`${idPrefix}json`}
          label="As JSON"
          description="Enums, bounds, lists and nested objects: the subset of JSON Schema the agent's models follow."
          autosize
          minRows={4}
          maxRows={16}
          styles={{ input: { fontFamily: 'monospace' } }}
          value={text}
          error={notJson ?? error}
          onChange={(event) => {
            const typed = event.currentTarget.value;
            setText(typed);
            try {
              const parsed: unknown = JSON.parse(typed);
              setNotJson(undefined);
              onChange(parsed as ArgumentsSchema);
            } catch (problem) {
              setNotJson(`Not JSON yet: ${(problem as Error).message}`);
            }
          }}
        />
      </Stack>
    </Fieldset>
  );
}
