import { Badge, Code, Group, Paper, Stack, Text } from '@mantine/core';
import type { ConversationMessage } from '@svc/protocol';

/** A message as the API keeps it: the agent's message and its arrival order. */
export type StoredMessage = ConversationMessage & { seq: number };

const ROLE_COLORS: Record<string, string> = {
  user: 'blue',
  // Teal's light badge falls short of 4.5:1 contrast (4.32); cyan's passes.
  assistant: 'cyan',
  tool: 'grape',
  system: 'gray',
};

/**
 * The conversation as it happened: each message with who said it, the tool calls an assistant
 * message made (name and arguments), the result each tool answered, interruptions, and who
 * decided each reply (a rule of the intent router, or the model).
 */
export function Transcript({ messages }: { messages: StoredMessage[] }) {
  const ordered = [...messages].sort((a, b) => a.seq - b.seq);
  const toolNames = new Map<string, string>();
  for (const message of ordered)
    for (const call of message.tool_calls ?? []) toolNames.set(call.id, call.name);
  return (
    <Stack gap="xs">
      {ordered.map((message) => (
        <Paper key={`${message.seq}-${message.id}`} withBorder p="sm">
          <Group gap="xs" mb={4}>
            <Badge color={ROLE_COLORS[message.role] ?? 'gray'} variant="light">
              {message.role === 'tool'
                ? `tool result${message.tool_call_id ? `: ${toolNames.get(message.tool_call_id) ?? message.tool_call_id}` : ''}`
                : message.role}
            </Badge>
            {message.route && (
              // Which rule of the intent router answered the turn, or the model.
              <Badge color="gray" variant="outline">
                {message.route === 'model' ? 'model' : `router: ${message.route}`}
              </Badge>
            )}
            {message.interrupted && <Badge color="orange">interrupted</Badge>}
            {message.experience_state && <Badge color="gray">checkpoint</Badge>}
            <Text size="xs" c="dimmed">
              {message.timestamp ? new Date(message.timestamp).toLocaleTimeString() : ''}
            </Text>
          </Group>
          {message.role === 'tool' ? (
            // Focusable: a long result scrolls, and keyboards must reach it.
            <Code block tabIndex={0}>
              {message.content}
            </Code>
          ) : (
            message.content && <Text size="sm">{message.content}</Text>
          )}
          {(message.tool_calls ?? []).map((call) => (
            <Stack key={call.id} gap={2} mt="xs">
              <Text size="sm" fw={500}>
                Calls {call.name}
              </Text>
              <Code block tabIndex={0}>
                {JSON.stringify(call.arguments, null, 2)}
              </Code>
            </Stack>
          ))}
        </Paper>
      ))}
    </Stack>
  );
}
