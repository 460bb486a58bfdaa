import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';

/** A block of code (an embed snippet, a new API key) with a button that copies it. */
export function CopyBlock({ label, code }: { label: string; code: string }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <CopyButton value={code}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="light" onClick={copy} aria-label={`Copy ${label}`}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      {/* A long snippet scrolls: the keyboard reaches it to scroll it (and to select it). */}
      <Code block tabIndex={0} aria-label={label}>
        {code}
      </Code>
    </Stack>
  );
}
