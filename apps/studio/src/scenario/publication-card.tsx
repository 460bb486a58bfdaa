import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Publication } from '../api/types';
import { CopyBlock } from '../components/copy-block';

/** A publication: its label, state and address, and the embed snippets a page needs, copyable. */
export function PublicationCard({
  publication,
  title,
  actions,
}: {
  publication: Publication;
  /** Shown before the label, e.g. the scenario's name where several scenarios are listed. */
  title?: string;
  actions?: ReactNode;
}) {
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            {title && <Text fw={600}>{title}</Text>}
            <Badge>{publication.label}</Badge>
            {publication.unpublished_at ? (
              <Badge color="gray">unpublished</Badge>
            ) : (
              <Badge color="teal.9">live</Badge>
            )}
            <Text size="sm" c="dimmed">
              published {new Date(publication.published_at).toLocaleString()}
            </Text>
          </Group>
          {actions}
        </Group>
        <Text size="sm">
          Publication <code>{publication.uuid}</code>
        </Text>
        <CopyBlock label="One tag on any page (widget)" code={publication.embed.html} />
        <CopyBlock label="Install" code={publication.embed.install} />
        <CopyBlock label="Embed in a page (module)" code={publication.embed.module} />
        <CopyBlock label="Embed in React" code={publication.embed.react} />
      </Stack>
    </Card>
  );
}
