import { Table, Text } from '@mantine/core';
import type { TurnMetrics } from '../api/types';

const ms = (value: number | null) => (value === null ? '-' : `${Math.round(value)} ms`);

/**
 * Each turn's latency split as the agent recorded it: end of turn, recognition, first token,
 * first audio, voice to voice.
 */
export function TurnLatencies({ turns }: { turns: TurnMetrics[] }) {
  if (turns.length === 0)
    return <Text c="dimmed">No turn metrics (a typed conversation has none).</Text>;
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Turn</Table.Th>
          <Table.Th>End of turn</Table.Th>
          <Table.Th>STT</Table.Th>
          <Table.Th>LLM first token</Table.Th>
          <Table.Th>TTS first audio</Table.Th>
          <Table.Th>Voice to voice</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {turns.map((turn) => (
          <Table.Tr key={turn.turn}>
            <Table.Td>{turn.turn}</Table.Td>
            <Table.Td>{ms(turn.end_of_turn_ms)}</Table.Td>
            <Table.Td>{ms(turn.stt_ms)}</Table.Td>
            <Table.Td>{ms(turn.llm_ttft_ms)}</Table.Td>
            <Table.Td>{ms(turn.tts_ttfb_ms)}</Table.Td>
            <Table.Td>{ms(turn.e2e_ms)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
