import { Alert, Button, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../api/client';
import { errorMessage, unwrap } from '../api/errors';
import type { RequestBody } from '../api/types';

type SampleRequest = RequestBody<'/v1/admin/voice-sample', 'post'>;

/** What a sample of the draft's voice asks the API for: its language and TTS settings. */
export function sampleRequest(draft: unknown): SampleRequest {
  const scenario = (draft ?? {}) as { language?: string; voice?: { tts?: SampleRequest['tts'] } };
  return {
    language: scenario.language ?? 'en-US',
    ...(scenario.voice?.tts ? { tts: scenario.voice.tts } : {}),
  };
}

/**
 * "Hear this voice": a sentence in the draft's language spoken by the agent's embedded TTS with
 * the draft's TTS settings (saved or not), played here. The API says why when it cannot (a hosted
 * provider, whose key it does not hold; a voice the engine lacks).
 */
export function VoiceSample({ draft }: { draft: unknown }) {
  const [audioUrl, setAudioUrl] = useState<string>();
  const sample = useMutation({
    mutationFn: async (body: SampleRequest) =>
      unwrap(api.POST('/v1/admin/voice-sample', { body, parseAs: 'blob' })),
    onSuccess: (wav) => setAudioUrl(URL.createObjectURL(wav as Blob)),
  });
  // Each sample replaces the last; its object URL goes with it.
  useEffect(() => () => void (audioUrl && URL.revokeObjectURL(audioUrl)), [audioUrl]);
  const request = sampleRequest(draft);
  return (
    <Group align="center">
      <Button
        variant="default"
        loading={sample.isPending}
        onClick={() => {
          setAudioUrl(undefined);
          sample.mutate(request);
        }}
      >
        Hear this voice
      </Button>
      {audioUrl && <audio controls autoPlay src={audioUrl} aria-label="Voice sample" />}
      {audioUrl && (
        <Text size="xs" c="dimmed">
          {request.tts?.provider ?? 'embedded'} TTS, {request.language}
        </Text>
      )}
      {sample.error && (
        <Alert color="red" role="alert" title="No sample">
          {errorMessage(sample.error)}
        </Alert>
      )}
    </Group>
  );
}
