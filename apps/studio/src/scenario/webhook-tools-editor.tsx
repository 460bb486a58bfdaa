import {
  Button,
  Card,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  PAGE_TOOL_LIMITS,
  referencedSecrets,
  WEBHOOK_METHODS,
  WEBHOOK_TOOL_LIMITS,
} from '@svc/protocol/agent';
import { useState } from 'react';
import { useWebhookSecrets } from '../api/queries';
import { DangerButton } from '../components/danger-button';
import { getAt, setAt, type FieldErrors } from '../schema-form/schema-model';
import { ArgumentsEditor } from './arguments-editor';
import { newWebhookTool, type WebhookTool } from './webhook-tools-model';

/** The headers as `name: value` lines, the way an author writes them. */
const headerLines = (headers: Record<string, string> | undefined) =>
  Object.entries(headers ?? {})
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');

/** `name: value` lines back to headers; a line without a colon is kept for the API to name. */
function parseHeaderLines(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const colon = line.indexOf(':');
    if (colon < 0) headers[line.trim()] = '';
    else headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/**
 * The tools of a webhook-tools feature at `path` (`['features', '2']`): each one's name,
 * description, method, https URL (with `{argument}` path parts), headers (with
 * `{{secret:name}}` references), timeout, retries, answer cap and JSON Schema of arguments, with
 * what the API would refuse shown under its field.
 */
export function WebhookToolsEditor({
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
  const tools = (getAt(draft, [...path, 'tools']) as WebhookTool[] | undefined) ?? [];
  // The header text as typed, per tool: a line being written is not a header yet.
  const [headerText, setHeaderText] = useState<Record<number, string>>({});
  const secrets = useWebhookSecrets();
  // The API takes a reference to a secret not stored yet (it may be stored later), but the call
  // fails until it is: said under the headers. Only a whole list can tell a name is missing.
  const storedSecrets =
    secrets.data && secrets.data.next_offset === null
      ? new Set(secrets.data.secrets.map((secret) => secret.name))
      : undefined;
  const key = (...rest: (string | number)[]) => [...path, 'tools', ...rest.map(String)].join('.');
  const webhookKey = (index: number, field: string) => key(index, 'settings', 'webhook', field);
  const editTool = (index: number, change: Partial<WebhookTool>) =>
    onChange(
      setAt(
        draft,
        [...path, 'tools'],
        tools.map((tool, other) => (other === index ? { ...tool, ...change } : tool)),
      ),
    );
  const editWebhook = (index: number, change: Record<string, unknown>) => {
    const tool = tools[index];
    // An emptied optional setting is left out, not sent as a value the API would refuse.
    const webhook = Object.fromEntries(
      Object.entries({ ...tool?.settings?.webhook, ...change }).filter(
        ([, value]) => value !== undefined && value !== '',
      ),
    );
    editTool(index, { settings: { ...tool?.settings, operation: 'custom', webhook } });
  };
  const allNames = (
    (getAt(draft, ['features']) as { tools?: { name?: string }[] }[] | undefined) ?? []
  ).flatMap((feature) => (feature.tools ?? []).map((tool) => tool.name ?? ''));
  return (
    <Stack gap="sm">
      {errors[key()] && (
        <Text c="red" size="sm">
          {errors[key()]}
        </Text>
      )}
      {tools.map((tool, index) => {
        const webhook = tool.settings?.webhook ?? {};
        const missingSecrets = storedSecrets
          ? referencedSecrets({ headers: webhook.headers ?? {} }).filter(
              (name) => !storedSecrets.has(name),
            )
          : [];
        return (
          <Card key={index} withBorder>
            <Stack gap="xs">
              <Group justify="space-between">
                <Text fw={600}>Tool {index + 1}</Text>
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
              <TextInput
                label="Tool name"
                description="The name the model calls it by: letters, digits, _ and -."
                value={tool.name}
                error={errors[key(index, 'name')]}
                onChange={(event) => editTool(index, { name: event.currentTarget.value })}
              />
              <Textarea
                label="Description"
                description="When the model should call it and what it does, for the model."
                autosize
                minRows={2}
                maxLength={PAGE_TOOL_LIMITS.MAX_DESCRIPTION}
                value={tool.description ?? ''}
                error={errors[key(index, 'description')]}
                onChange={(event) => editTool(index, { description: event.currentTarget.value })}
              />
              <Group grow align="flex-start">
                <NativeSelect
                  label="Method"
                  data={[...WEBHOOK_METHODS]}
                  value={webhook.method ?? 'POST'}
                  error={errors[webhookKey(index, 'method')]}
                  onChange={(event) => editWebhook(index, { method: event.currentTarget.value })}
                />
                <TextInput
                  label="URL"
                  description="https on a public host; {argument} fills a path part."
                  value={webhook.url ?? ''}
                  error={errors[webhookKey(index, 'url')]}
                  onChange={(event) => editWebhook(index, { url: event.currentTarget.value })}
                />
              </Group>
              <Textarea
                label="Headers"
                description={
                  missingSecrets.length > 0
                    ? `Not stored yet: ${missingSecrets.join(', ')}. The call fails until each is stored under Applications, keys, admins.`
                    : 'One name: value per line; {{secret:name}} inserts a webhook secret.'
                }
                autosize
                minRows={1}
                value={headerText[index] ?? headerLines(webhook.headers)}
                error={errors[webhookKey(index, 'headers')]}
                onChange={(event) => {
                  const text = event.currentTarget.value;
                  setHeaderText({ ...headerText, [index]: text });
                  const headers = parseHeaderLines(text);
                  editWebhook(index, {
                    headers: Object.keys(headers).length > 0 ? headers : undefined,
                  });
                }}
              />
              <Group grow align="flex-start">
                <NumberInput
                  label="Timeout (seconds)"
                  description={`The whole call, retries included (${WEBHOOK_TOOL_LIMITS.DEFAULT_TIMEOUT_S} when empty).`}
                  min={WEBHOOK_TOOL_LIMITS.MIN_TIMEOUT_S}
                  max={WEBHOOK_TOOL_LIMITS.MAX_TIMEOUT_S}
                  step={0.5}
                  value={webhook.timeout_s ?? ''}
                  error={errors[webhookKey(index, 'timeout_s')]}
                  onChange={(value) =>
                    editWebhook(index, { timeout_s: typeof value === 'number' ? value : undefined })
                  }
                />
                <NumberInput
                  label="Retries"
                  description="GET, PUT, DELETE, or with an idempotency key."
                  min={0}
                  max={WEBHOOK_TOOL_LIMITS.MAX_RETRIES}
                  value={webhook.retries ?? ''}
                  error={errors[webhookKey(index, 'retries')]}
                  onChange={(value) =>
                    editWebhook(index, { retries: typeof value === 'number' ? value : undefined })
                  }
                />
                <NumberInput
                  label="Answer cap (bytes)"
                  description={`What the model reads of the answer (${WEBHOOK_TOOL_LIMITS.DEFAULT_RESPONSE_BYTES} when empty).`}
                  min={256}
                  max={WEBHOOK_TOOL_LIMITS.MAX_RESPONSE_BYTES}
                  value={webhook.max_response_bytes ?? ''}
                  error={errors[webhookKey(index, 'max_response_bytes')]}
                  onChange={(value) =>
                    editWebhook(index, {
                      max_response_bytes: typeof value === 'number' ? value : undefined,
                    })
                  }
                />
              </Group>
              <Switch
                label="The endpoint deduplicates by the idempotency-key header (a POST may be retried)"
                checked={webhook.idempotency_key === true}
                onChange={(event) =>
                  editWebhook(index, {
                    idempotency_key: event.currentTarget.checked ? true : undefined,
                  })
                }
              />
              <ArgumentsEditor
                schema={tool.parameters ?? {}}
                onChange={(parameters) => editTool(index, { parameters })}
                error={errors[key(index, 'parameters')]}
                idPrefix={`${key(index)}-`}
              />
            </Stack>
          </Card>
        );
      })}
      <Group>
        <Button
          variant="light"
          onClick={() =>
            onChange(setAt(draft, [...path, 'tools'], [...tools, newWebhookTool(allNames)]))
          }
        >
          Add a webhook tool
        </Button>
      </Group>
    </Stack>
  );
}
