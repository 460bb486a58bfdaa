// The post-call analysis with the embedded model on a short transcript, asked through the
// worker's model host as a job process asks it: the answer always has the declaration's shape,
// and the field the conversation plainly states comes out right. The model is node-llama-cpp's,
// served through the host as the worker serves it; on two idle cores the answer takes seconds, and
// under the load of a shared machine minutes (542 s measured at load 15-25).
import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { initializeLogger } from '@livekit/agents';
import { LlamaLLM } from '@svc/agents-plugin-embedded';
import { analysisProblems, type ScenarioAnalysis } from '@svc/protocol/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveModel } from './model-host/host.js';
import { RemoteLLM } from './model-host/remote-llm.js';
import { extractAnalysis, type TranscriptLine } from './post-call-analysis.js';

const DECLARED: ScenarioAnalysis = {
  fields: [
    { name: 'patient_name', type: 'string', description: "the visitor's full name" },
    { name: 'appointment_date', type: 'date', description: 'the day of the booked appointment' },
    { name: 'wants_callback', type: 'boolean', description: 'the visitor asked to be called back' },
  ],
  criteria: [{ name: 'booked', description: 'an appointment was booked for the visitor' }],
};

const TRANSCRIPT: TranscriptLine[] = [
  { speaker: 'agent', text: 'Hello, Riverside dental clinic. How can I help?' },
  { speaker: 'visitor', text: 'Hi, my name is Ada Lovelace. I need a check-up.' },
  { speaker: 'agent', text: 'Of course, Ada. Would Thursday, December 3rd at 10 suit you?' },
  { speaker: 'visitor', text: 'Yes, that is perfect.' },
  { speaker: 'agent', text: 'You are booked for Thursday, December 3rd at 10. Goodbye!' },
];

let model: LlamaLLM;
let host: Server;
let remote: RemoteLLM;

beforeAll(async () => {
  initializeLogger({ pretty: false, level: 'warn' });
  model = new LlamaLLM({ sequences: 1 });
  await model.load();
  const socketPath = join(mkdtempSync(join(tmpdir(), 'svc-analysis-test-')), 'host.sock');
  host = await serveModel(model, socketPath);
  remote = new RemoteLLM(socketPath);
}, 600_000);

afterAll(async () => {
  host?.close();
  await LlamaLLM.unloadAll();
});

describe('the post-call analysis with the embedded model', () => {
  it('answers in the declared shape, and reads the name the visitor gave', async () => {
    const analysis = await extractAnalysis(remote, DECLARED, TRANSCRIPT, {
      endedAt: new Date('2026-11-28T10:00:00Z'),
    });
    expect(analysisProblems(DECLARED, analysis)).toEqual([]);
    expect(Object.keys(analysis.data)).toEqual([
      'patient_name',
      'appointment_date',
      'wants_callback',
    ]);
    expect(analysis.criteria.map((criterion) => criterion.name)).toEqual(['booked']);
    expect(analysis.data.patient_name).toMatch(/Ada Lovelace/);
  }, 900_000);
});
