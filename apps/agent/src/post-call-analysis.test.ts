// The post-call analysis with the scripted model: what the model answers is fitted to the
// scenario's declaration (every field typed or null, every criterion in declared order) and
// stored; a scenario that declares nothing never asks the model; a failure never rejects.
import { initializeLogger, llm } from '@livekit/agents';
import {
  analysisProblems,
  type ConversationAnalysis,
  type ScenarioAnalysis,
} from '@svc/protocol/agent';
import { beforeAll, describe, expect, it } from 'vitest';
import { AgentApiError } from './api-client.js';
import {
  analyseConversation,
  analysisSchema,
  extractAnalysis,
  readAnalysis,
  transcriptOf,
  type JsonQuestion,
  type TranscriptLine,
} from './post-call-analysis.js';
import { ScriptedLLM } from './providers.js';

beforeAll(() => initializeLogger({ pretty: false, level: 'error' }));

const CLINIC: ScenarioAnalysis = {
  fields: [
    { name: 'appointment_date', type: 'date', description: 'the day the visitor booked' },
    { name: 'patient_name', type: 'string', description: "the visitor's name" },
    { name: 'wants_callback', type: 'boolean', description: 'the visitor asked to be called back' },
    { name: 'party_size', type: 'number', description: 'how many people come' },
  ],
  criteria: [
    { name: 'booked', description: 'the visitor booked an appointment' },
    { name: 'polite', description: 'the agent stayed polite' },
  ],
};

const TRANSCRIPT: TranscriptLine[] = [
  { speaker: 'agent', text: 'Hello, Riverside clinic. How can I help?' },
  { speaker: 'visitor', text: 'I am Ada Lovelace, I would like an appointment on December 3rd.' },
  { speaker: 'agent', text: 'Booked for December 3rd, Ada.' },
];

/** A model scripted to answer the analysis question with `answer`. */
function scripted(answer: unknown): ScriptedLLM {
  return new ScriptedLLM([
    {
      when: 'The conversation, which ended',
      reply: typeof answer === 'string' ? answer : JSON.stringify(answer),
    },
  ]);
}

/** The agent route as the analysis reaches it: what it stored, failing first when asked to. */
function recordingApi(failures: unknown[] = []) {
  const stored: ConversationAnalysis[] = [];
  return {
    stored,
    storeAnalysis: async (analysis: ConversationAnalysis) => {
      const failure = failures.shift();
      if (failure) throw failure;
      stored.push(analysis);
    },
  };
}

describe('the post-call analysis with the scripted model', () => {
  it('stores every declared field typed and every criterion in declared order', async () => {
    const api = recordingApi();
    await analyseConversation({
      model: scripted({
        data: {
          appointment_date: '2026-12-03',
          patient_name: 'Ada Lovelace',
          wants_callback: false,
          party_size: 1,
        },
        // Keyed by name: the stored list still follows the declaration's order.
        criteria: {
          polite: { rationale: 'It greeted and thanked.', result: 'success' },
          booked: { rationale: 'It confirmed December 3rd.', result: 'success' },
        },
      }),
      declared: CLINIC,
      transcript: TRANSCRIPT,
      api,
    });
    expect(api.stored).toEqual([
      {
        data: {
          appointment_date: '2026-12-03',
          patient_name: 'Ada Lovelace',
          wants_callback: false,
          party_size: 1,
        },
        criteria: [
          { name: 'booked', result: 'success', rationale: 'It confirmed December 3rd.' },
          { name: 'polite', result: 'success', rationale: 'It greeted and thanked.' },
        ],
      },
    ]);
    expect(analysisProblems(CLINIC, api.stored[0]!)).toEqual([]);
  });

  it('stores null and unknown for what does not fit the declaration, nothing undeclared', async () => {
    const api = recordingApi();
    await analyseConversation({
      model: scripted({
        data: {
          appointment_date: '2026-02-30',
          patient_name: '  ',
          wants_callback: 'yes',
          party_size: '2',
          favourite_colour: 'blue',
        },
        criteria: {
          booked: { rationale: 'It said\nbooked.', result: 'maybe' },
          invented: { rationale: 'x', result: 'success' },
        },
      }),
      declared: CLINIC,
      transcript: TRANSCRIPT,
      api,
    });
    const [analysis] = api.stored;
    expect(analysis).toEqual({
      data: { appointment_date: null, patient_name: null, wants_callback: null, party_size: null },
      criteria: [
        { name: 'booked', result: 'unknown', rationale: 'It said booked.' },
        { name: 'polite', result: 'unknown', rationale: '' },
      ],
    });
    expect(analysisProblems(CLINIC, analysis!)).toEqual([]);
  });

  it('an answer that is not JSON stores all nulls and unknowns', () => {
    const analysis = readAnalysis(CLINIC, 'Sure! The visitor booked.');
    expect(Object.values(analysis.data)).toEqual([null, null, null, null]);
    expect(analysis.criteria.map((criterion) => criterion.result)).toEqual(['unknown', 'unknown']);
  });

  it('a scenario that declares nothing never asks the model and stores nothing', async () => {
    const asked: string[] = [];
    const model = new (class extends ScriptedLLM {
      override lookup(input: string) {
        asked.push(input);
        return super.lookup(input);
      }
    })([]);
    const api = recordingApi();
    for (const declared of [undefined, {}, { fields: [], criteria: [] }])
      await analyseConversation({ model, declared, transcript: TRANSCRIPT, api });
    expect(asked).toEqual([]);
    expect(api.stored).toEqual([]);
  });

  it('a store that fails never rejects: the webhook goes out without the analysis', async () => {
    const api = recordingApi([new AgentApiError(409, 'the conversation runs still')]);
    await expect(
      analyseConversation({
        model: scripted({ data: {}, criteria: {} }),
        declared: CLINIC,
        transcript: TRANSCRIPT,
        api,
      }),
    ).resolves.toBeUndefined();
    expect(api.stored).toEqual([]);
  });

  it('asks the model the transcript, the fields and the criteria, with the day it ended', async () => {
    const questions: JsonQuestion[] = [];
    const model = Object.assign(scripted(''), {
      answerJson: async (question: JsonQuestion) => {
        questions.push(question);
        return JSON.stringify({ data: { patient_name: 'Ada' }, criteria: {} });
      },
    });
    const analysis = await extractAnalysis(model, CLINIC, TRANSCRIPT, {
      endedAt: new Date('2026-11-28T10:00:00Z'),
    });
    expect(analysis.data.patient_name).toBe('Ada');
    const [question] = questions;
    expect(question?.prompt).toContain('ended on 2026-11-28');
    expect(question?.prompt).toContain(
      'Visitor: I am Ada Lovelace, I would like an appointment on December 3rd.',
    );
    expect(question?.prompt).toContain('- appointment_date (date): the day the visitor booked');
    expect(question?.prompt).toContain('- booked: the visitor booked an appointment');
    // The grammar's shape: every field required and nullable, criteria keyed by name.
    expect(question?.schema).toEqual(analysisSchema(CLINIC));
    expect(question?.schema).toMatchObject({
      required: ['data', 'criteria'],
      properties: {
        data: {
          required: ['appointment_date', 'patient_name', 'wants_callback', 'party_size'],
          properties: {
            appointment_date: { oneOf: [{ type: 'string', format: 'date' }, { type: 'null' }] },
            wants_callback: { type: ['boolean', 'null'] },
          },
        },
        criteria: {
          required: ['booked', 'polite'],
          properties: {
            booked: {
              required: ['rationale', 'result'],
              properties: { result: { enum: ['success', 'failure', 'unknown'] } },
            },
          },
        },
      },
    });
  });

  it('reads the transcript out of the chat: both voices and the tools run', () => {
    const chat = llm.ChatContext.empty();
    chat.addMessage({ role: 'system', content: 'You are a receptionist.' });
    chat.addMessage({ role: 'assistant', content: 'Hello, how can I help?' });
    chat.addMessage({ role: 'user', content: 'Book me for Thursday.' });
    chat.insert(
      llm.FunctionCall.create({ callId: 'c1', name: 'book_visit', args: '{"day":"thursday"}' }),
    );
    chat.insert(
      llm.FunctionCallOutput.create({
        callId: 'c1',
        name: 'book_visit',
        output: `{"ok":true,"note":"${'x'.repeat(400)}"}`,
        isError: false,
      }),
    );
    const transcript = transcriptOf(chat);
    expect(transcript.map((line) => line.speaker)).toEqual(['agent', 'visitor', 'tool', 'tool']);
    expect(transcript[2]?.text).toBe('book_visit({"day":"thursday"})');
    expect(transcript[3]?.text.length).toBeLessThanOrEqual(300);
  });
});
