import { Alert, Button, Code, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { RpcToolRequest } from '@svc/protocol';
import { toolTimeouts } from '@svc/protocol';
import { useEffect, useRef, useState } from 'react';
import { validate, type JsonSchema } from '../schema-form/schema-model';
import {
  answerData,
  callOnTestPage,
  sampleArguments,
  type PageTool,
  type TestCall,
} from './page-tools-model';

const show = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * A test page for one page tool: it registers a handler on the tool's RPC method as the business's
 * page does, sends it a call with the arguments the author writes (checked against the tool's
 * schema), shows the request the page receives, and lets the author answer it `OK` or `ERROR` (or
 * let the tool's timeout run out), showing the answer the agent would get.
 */
export function TestPage({ tool, onClose }: { tool: PageTool; onClose(): void }) {
  const schema = (tool.parameters ?? {}) as JsonSchema;
  const [argsText, setArgsText] = useState(() => show(sampleArguments(tool.parameters ?? {})));
  const [answerText, setAnswerText] = useState('');
  const [call, setCall] = useState<TestCall>();
  // The handler's pending answer: the author settles it with a button.
  const pending = useRef<{ resolve(value: unknown): void; reject(error: Error): void }>(undefined);
  useEffect(() => () => pending.current?.reject(new Error('the test page closed')), []);

  let args: Record<string, unknown> | undefined;
  let argsError: string | undefined;
  try {
    const parsed: unknown = JSON.parse(argsText);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      argsError = 'The arguments must be a JSON object';
    else {
      args = parsed as Record<string, unknown>;
      const errors = validate(schema, args, [], 'The arguments');
      argsError = Object.values(errors).join('; ') || undefined;
    }
  } catch (problem) {
    argsError = `Not JSON yet: ${(problem as Error).message}`;
  }
  const waiting = call !== undefined && call.response === undefined;

  const send = () => {
    if (!args) return;
    const handler = (_request: RpcToolRequest, signal: AbortSignal) =>
      new Promise<unknown>((resolve, reject) => {
        pending.current = { resolve, reject };
        signal.addEventListener('abort', () => (pending.current = undefined), { once: true });
      });
    void callOnTestPage(tool, args, handler, setCall).then((done) => {
      pending.current = undefined;
      setCall(done);
    });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Test page: ${tool.name}`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <Text size="sm">
          This page answers the method{' '}
          <Code>{call?.method ?? (tool.frontend_method || tool.name)}</Code> as your page would with{' '}
          <Code>start({'{ tools }'})</Code> or a feature registry, within the tool&apos;s{' '}
          {toolTimeouts(tool).handlerMs / 1000} s.
        </Text>
        <Textarea
          label="Arguments the model sends"
          autosize
          minRows={3}
          styles={{ input: { fontFamily: 'monospace' } }}
          value={argsText}
          error={argsError}
          disabled={waiting}
          onChange={(event) => setArgsText(event.currentTarget.value)}
        />
        <Group>
          <Button onClick={send} disabled={argsError !== undefined || waiting}>
            Send the call
          </Button>
        </Group>
        {call && (
          <Stack gap="xs" aria-live="polite">
            <Text fw={600}>The page received</Text>
            <Code block>{show({ method: call.method, payload: call.request })}</Code>
            {waiting && (
              <>
                <Textarea
                  label="Answer data"
                  description="JSON or text: what your handler returns, or the reason of an error."
                  autosize
                  minRows={2}
                  styles={{ input: { fontFamily: 'monospace' } }}
                  value={answerText}
                  onChange={(event) => setAnswerText(event.currentTarget.value)}
                />
                <Group>
                  <Button onClick={() => pending.current?.resolve(answerData(answerText))}>
                    Answer OK
                  </Button>
                  <Button
                    color="red"
                    variant="light"
                    onClick={() => {
                      const data = answerData(answerText);
                      pending.current?.reject(
                        new Error(typeof data === 'string' ? data : JSON.stringify(data)),
                      );
                    }}
                  >
                    Answer ERROR
                  </Button>
                </Group>
              </>
            )}
            {call.response && (
              <>
                <Text fw={600}>The agent receives</Text>
                <Code block>{show(call.response)}</Code>
                <Alert color={call.response.code === 'OK' ? 'green' : 'orange'}>
                  {call.response.code === 'OK'
                    ? 'The model gets this data as the tool’s result and answers the visitor from it.'
                    : 'The model is told the tool did not go through, with this reason, and says so to the visitor.'}
                </Alert>
              </>
            )}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
