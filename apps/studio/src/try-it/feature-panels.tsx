import { Button, Code, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { FeatureRegistryEntry } from '@svc/sdk/react';
import { useFeatures } from '@svc/sdk/react';
import type { PageToolCalls } from './page-tool-calls';
import { FEATURE_TYPES } from '@svc/protocol';
import {
  PANEL_TITLES,
  pageToolsByFeature,
  panelContent,
  type PanelContent,
  type PanelFeature,
  type PanelItem,
} from '@svc/ui';

/** A scenario feature as Try it reads it: its type and tools, with their handler time. */
export interface TryItFeature extends PanelFeature {
  tools?: { name: string; type?: string; rpc_timeout_s?: number }[] | undefined;
}

/** What a panel's history entry carries: the tool and the arguments the agent sent. */
interface PanelProps {
  toolName: string;
  args: Record<string, unknown>;
}

function ItemCard({ item }: { item: PanelItem }) {
  return (
    <Paper withBorder p="xs">
      <Text fw={600} size="sm">
        {item.label}
      </Text>
      {item.detail && (
        <Text size="xs" c="dimmed">
          {item.detail}
        </Text>
      )}
    </Paper>
  );
}

/** One panel's body, by the kind of content the feature's tool sent. */
function PanelBody({ content }: { content: PanelContent }) {
  switch (content.kind) {
    case 'items':
      return content.items.length === 0 ? (
        <Text size="sm">Nothing found.</Text>
      ) : (
        <Stack gap="xs">
          {content.note && <Text size="xs">{content.note}</Text>}
          <SimpleGrid cols={2} spacing="xs">
            {content.items.map((item) => (
              <ItemCard key={item.id} item={item} />
            ))}
          </SimpleGrid>
        </Stack>
      );
    case 'item':
      return (
        <Stack gap="xs">
          <Text fw={600}>{content.item.label}</Text>
          <Table>
            <Table.Tbody>
              {content.fields.map(([field, value]) => (
                <Table.Tr key={field}>
                  <Table.Th>{field}</Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      );
    case 'comparison':
      return (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Field</Table.Th>
              {content.items.map((item) => (
                <Table.Th key={item.id}>{item.label}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {content.rows.map((row) => (
              <Table.Tr key={row.field}>
                <Table.Th>{row.field}</Table.Th>
                {row.values.map((value, index) => (
                  <Table.Td key={index}>{value}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      );
    case 'cart':
      return content.lines.length === 0 ? (
        <Text size="sm">The cart is empty.</Text>
      ) : (
        <Stack gap="xs">
          {content.lines.map((line) => (
            <Text key={line.item.id} size="sm">
              {line.quantity} × {line.item.label}
            </Text>
          ))}
          <Text size="sm" fw={600}>
            {content.total} in the cart
          </Text>
        </Stack>
      );
    case 'data':
      return (
        <Code block tabIndex={0}>
          {JSON.stringify(content.data, null, 2)}
        </Code>
      );
  }
}

/**
 * The feature runtime's registry for a scenario, as a customer's page builds one for
 * `FeatureProvider`: one entry per page tool, keyed `type#tool` (its own primary tool, since only a feature's primary
 * tool shows its panel and Try it shows every call), whose handler answers the agent that the panel
 * is shown, and whose panel draws what the tool sent as its feature type draws it.
 */
export function featureRegistry(
  features: readonly TryItFeature[],
  pageToolCalls?: PageToolCalls,
): Map<string, FeatureRegistryEntry> {
  const registry = new Map<string, FeatureRegistryEntry>();
  for (const [type, toolNames] of pageToolsByFeature(features)) {
    const Panel = ({ args }: Record<string, unknown>) => (
      <PanelBody content={panelContent(type, (args ?? {}) as Record<string, unknown>)} />
    );
    for (const toolName of toolNames) {
      const tool = features
        .find((feature) => feature.type === type && feature.tools?.some((t) => t.name === toolName))
        ?.tools?.find((candidate) => candidate.name === toolName) ?? { name: toolName };
      // The business's own page tools do what its page does, which Try it cannot know: the
      // author answers them. The catalogue's panels are drawn from what the agent sent.
      const handler =
        type === FEATURE_TYPES.PAGE_TOOLS_CUSTOM && pageToolCalls
          ? async (requestId: string, args: Record<string, unknown>) => {
              const { code, data } = await pageToolCalls.ask(tool, requestId, args);
              return {
                requestId,
                response: { code, data },
                componentData: { toolName, args: { ...args, result: data } } satisfies PanelProps,
              };
            }
          : (requestId: string, args: Record<string, unknown>) => ({
              requestId,
              response: { code: 'SUCCESS' as const, data: { shown: true } },
              componentData: { toolName, args } satisfies PanelProps,
            });
      registry.set(`${type}#${toolName}`, {
        component: Panel,
        primaryTool: toolName,
        toolNames: [toolName],
        handlers: { [toolName]: handler },
      });
    }
  }
  return registry;
}

/**
 * The panel the page would show now (the feature runtime's current history entry), with the
 * earlier ones a step back; `pageTools` is how many tools of the scenario the page runs.
 */
export function FeaturePanels({ pageTools }: { pageTools: number }) {
  const features = useFeatures();
  const entry = features.history[features.index];
  if (!entry && pageTools === 0)
    return (
      <Text size="sm" c="dimmed">
        This scenario has no page tools, so the page would show no panels: add a feature (search, an
        item, a comparison, a cart) for them.
      </Text>
    );
  if (!entry)
    return (
      <Text size="sm" c="dimmed">
        No panel yet: when the agent calls a page tool (a search, an item, a comparison, the cart),
        the panel the page would show appears here.
      </Text>
    );
  const Panel = features.getFeatureComponent(entry.feature);
  // Features are keyed `type#tool`: the type names the panel.
  const type = entry.feature.split('#')[0] ?? entry.feature;
  const title = PANEL_TITLES[type] ?? type;
  return (
    <Paper withBorder p="sm" component="section" aria-label={`Panel: ${title}`}>
      <Group justify="space-between" mb="xs">
        <Title order={4}>
          {title}{' '}
          <Text span size="sm" c="dimmed">
            ({entry.toolName})
          </Text>
        </Title>
        <Group gap="xs">
          <Button
            size="compact-xs"
            variant="default"
            disabled={features.index <= 0}
            onClick={() => features.navigateHistory('back')}
          >
            Previous panel
          </Button>
          <Text size="xs">
            {features.index + 1} of {features.history.length}
          </Text>
          <Button
            size="compact-xs"
            variant="default"
            disabled={features.index >= features.history.length - 1}
            onClick={() => features.navigateHistory('forward')}
          >
            Next panel
          </Button>
        </Group>
      </Group>
      {Panel && <Panel {...entry.componentData} />}
    </Paper>
  );
}
