import { Button, Card, Group, NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { PAGE_TOOL_LIMITS } from '@svc/protocol/agent';
import { useState } from 'react';
import { DangerButton } from '../components/danger-button';
import { getAt, setAt, type FieldErrors } from '../schema-form/schema-model';
import { ArgumentsEditor } from './arguments-editor';
import { newPageTool, type PageTool } from './page-tools-model';
import { TestPage } from './test-page';

/** A tool's fields the API takes only with a value. */
const OPTIONAL = ['frontend_method', 'rpc_timeout_s'];

/**
 * The tools of a page-tools feature at `path` (`['features', '2']`): each one's name, description,
 * page method, timeout and JSON Schema of arguments, with what the API would refuse shown under its
 * field, and a button that calls it on a test page.
 */
export function PageToolsEditor({
  draft,
  path,
  onChange,
  errors,
}: {
  draft: unknown;
  path: string[];
  onChange(draft: unknown): void;
  errors: FieldErrors;
}) {
  const tools = (getAt(draft, [...path, 'tools']) as PageTool[] | undefined) ?? [];
  const [tested, setTested] = useState<number>();
  const key = (...rest: (string | number)[]) => [...path, 'tools', ...rest.map(String)].join('.');
  const edit = (index: number, change: Record<string, unknown>) => {
    // An emptied optional field is left out, not sent as an empty value the API would refuse.
    const next = Object.fromEntries(
      Object.entries({ ...tools[index], ...change }).filter(
        ([name, value]) => !(OPTIONAL.includes(name) && (value === '' || value === undefined)),
      ),
    );
    onChange(
      setAt(
        draft,
        [...path, 'tools'],
        tools.map((tool, other) => (other === index ? next : tool)),
      ),
    );
  };
  const allNames = (
    (getAt(draft, ['features']) as { tools?: { name?: string }[] }[] | undefined) ?? []
  ).flatMap((feature) => (feature.tools ?? []).map((tool) => tool.name ?? ''));
  const testedTool = tested === undefined ? undefined : tools[tested];
  return (
    <Stack gap="sm">
      {errors[key()] && (
        <Text c="red" size="sm">
          {errors[key()]}
        </Text>
      )}
      {tools.map((tool, index) => (
        <Card key={index} withBorder>
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={600}>Tool {index + 1}</Text>
              <Group gap="xs">
                <Button
                  variant="light"
                  size="compact-sm"
                  onClick={() => setTested(index)}
                  disabled={Boolean(errors[key(index, 'parameters')])}
                >
                  Call {tool.name} on a test page
                </Button>
                <DangerButton
                  onClick={() =>
                    onChange(
                      setAt(
                        draft,
                        [...path, 'tools'],
                        tools.filter((_other, other) => other !== index),
                      ),
                    )
                  }
                >
                  Remove tool {index + 1}
                </DangerButton>
              </Group>
            </Group>
            <TextInput
              label="Tool name"
              description="The name the model calls it by: letters, digits, _ and -."
              value={tool.name}
              error={errors[key(index, 'name')]}
              onChange={(event) => edit(index, { name: event.currentTarget.value })}
            />
            <Textarea
              label="Description"
              description="When the model should call it and what it does, for the model."
              autosize
              minRows={2}
              maxLength={PAGE_TOOL_LIMITS.MAX_DESCRIPTION}
              value={tool.description ?? ''}
              error={errors[key(index, 'description')]}
              onChange={(event) => edit(index, { description: event.currentTarget.value })}
            />
            <Group grow align="flex-start">
              <TextInput
                label="Page method"
                description="The RPC method your page registers; the tool's name when empty."
                value={tool.frontend_method ?? ''}
                error={errors[key(index, 'frontend_method')]}
                onChange={(event) => edit(index, { frontend_method: event.currentTarget.value })}
              />
              <NumberInput
                label="Timeout (seconds)"
                description={`How long the page may take, ${PAGE_TOOL_LIMITS.MIN_TIMEOUT_S} to ${PAGE_TOOL_LIMITS.MAX_TIMEOUT_S} (10 when empty).`}
                min={PAGE_TOOL_LIMITS.MIN_TIMEOUT_S}
                max={PAGE_TOOL_LIMITS.MAX_TIMEOUT_S}
                step={0.5}
                value={tool.rpc_timeout_s ?? ''}
                error={errors[key(index, 'rpc_timeout_s')]}
                onChange={(value) =>
                  edit(index, { rpc_timeout_s: typeof value === 'number' ? value : undefined })
                }
              />
            </Group>
            <ArgumentsEditor
              schema={tool.parameters ?? {}}
              onChange={(parameters) => edit(index, { parameters })}
              error={errors[key(index, 'parameters')]}
              idPrefix={`${key(index)}-`}
            />
          </Stack>
        </Card>
      ))}
      <Group>
        <Button
          variant="light"
          onClick={() =>
            onChange(setAt(draft, [...path, 'tools'], [...tools, newPageTool(allNames)]))
          }
        >
          Add a page tool
        </Button>
      </Group>
      {testedTool && <TestPage tool={testedTool} onClose={() => setTested(undefined)} />}
    </Stack>
  );
}
