// Live agent benchmarks: the agent worker in its own process (as production runs it) against a
// real livekit-server and the real Platform API, with rtc-node visitors.
//  - overhead: text turns with the scripted LLM answering at once (no speech engines), against
//    a data-channel round trip between two participants in the same run: what our code adds;
//  - concurrency: K text conversations at once on one worker, turns in parallel: turn latency,
//    failures, and the memory of the worker and its job processes per conversation;
//  - voice: spoken turns on the embedded stack (pocketsphinx, the embedded LLM, flite) from the
//    end of the visitor's speech to the agent's first audio at the visitor, split into the
//    agent's own measures (end of turn, STT final, LLM first token, TTS first audio) and the rest
//    (transport, playout).
// Run: npm run agent -w @svc/bench -- live [overhead] [concurrency] [voice]
//   CONVERSATIONS=10,25,50 sets the concurrency steps; TURNS=n the turns per step or run;
//   TURN_GAP_MS the time between one visitor's turns (default 3000).

import { writeFileSync } from 'node:fs';
import { typedBench } from './typed.js';
import {
  buildApps,
  greeted,
  ms,
  percentiles,
  startWorker,
  stopWorker,
  treeRss,
  typedTurn,
  type Api,
} from './worker-kit.js';
import { Room, RoomEvent, type RemoteParticipant } from '@livekit/rtc-node';
import { wordErrorRate } from '@svc/agents-plugin-embedded';
import { startLivekitServer, type LivekitServer } from '@svc/livekit-dev';
import { AccessToken } from 'livekit-server-sdk';
import {
  scriptPublication,
  startTestApi,
  workerActiveJobs,
  visit,
  type ScriptLine,
  type Visitor,
} from '@svc/agent/testing';

/** Time between the starts of one visitor's typed turns in the concurrency benchmark. */
const TURN_GAP_MS = Number(process.env.TURN_GAP_MS ?? 3000);

/** A script that answers every typed turn at once, with no tool call. */
const INSTANT: ScriptLine[] = [{ when: '.', reply: 'Sure, here you are.' }];

/** Round trips on the data channel: one participant sends, another echoes it back. */
async function dataChannelRoundTrips(server: LivekitServer, count: number): Promise<number[]> {
  const room = `bench-echo-${Date.now()}`;
  const join = async (identity: string) => {
    const token = new AccessToken(server.apiKey, server.apiSecret, { identity });
    token.addGrant({ room, roomJoin: true, canPublish: true, canSubscribe: true });
    const participant = new Room();
    await participant.connect(server.url, await token.toJwt(), {
      autoSubscribe: true,
      dynacast: false,
    });
    return participant;
  };
  const sender = await join('sender');
  const echo = await join('echo');
  echo.on(
    RoomEvent.DataReceived,
    (payload: Uint8Array, _p?: RemoteParticipant, _k?: unknown, topic?: string) => {
      if (topic === 'ping')
        void echo.localParticipant?.publishData(payload, { reliable: true, topic: 'pong' });
    },
  );
  const times: number[] = [];
  for (let i = 0; i < count + 5; i += 1) {
    const start = performance.now();
    const back = new Promise<void>((resolve) => {
      const onData = (
        _payload: Uint8Array,
        _p?: RemoteParticipant,
        _k?: unknown,
        topic?: string,
      ) => {
        if (topic !== 'pong') return;
        sender.off(RoomEvent.DataReceived, onData);
        resolve();
      };
      sender.on(RoomEvent.DataReceived, onData);
    });
    await sender.localParticipant?.publishData(
      new TextEncoder().encode(JSON.stringify({ message: `ping ${i}` })),
      {
        reliable: true,
        topic: 'ping',
      },
    );
    await back;
    // The first few warm the path up.
    if (i >= 5) times.push(performance.now() - start);
  }
  await sender.disconnect();
  await echo.disconnect();
  return times;
}

/** What our code adds to a turn, with an LLM that answers at once. */
export async function overheadBench(
  server: LivekitServer,
  api: Api,
  turns: number,
): Promise<string> {
  await scriptPublication(api.database, api.demo.publications.production, INSTANT);
  const worker = await startWorker(server, api, { SVC_AGENT_PREWARM_LLM: '0' });
  try {
    const baseline = percentiles(await dataChannelRoundTrips(server, turns));
    const visitor = await greeted(server, api, 'text', worker.log);
    const times: number[] = [];
    // Two warm-up turns, then the measured ones, one after the other.
    for (let i = 0; i < turns + 2; i += 1) {
      const took = await typedTurn(visitor, `hello number ${i}`);
      if (i >= 2) times.push(took);
    }
    await visitor.publish('session:control', { action: 'end' });
    await visitor.room.disconnect();
    const turn = percentiles(times);
    return [
      `overhead: typed turn with an instant LLM, ${turn.n} turns`,
      `  data-channel round trip (baseline)  p50 ${ms(baseline.p50)}  p95 ${ms(baseline.p95)}`,
      `  rt.chat -> reply on message:new     p50 ${ms(turn.p50)}  p95 ${ms(turn.p95)}  (${(turn.p50 / baseline.p50).toFixed(1)}x the baseline at p50)`,
      `  our code per turn (turn - baseline)  p50 ${ms(turn.p50 - baseline.p50)}  p95 ${ms(turn.p95 - baseline.p95)}  (goal: p95 <= 30 ms)`,
    ].join('\n');
  } finally {
    await stopWorker(worker);
  }
}

/** K conversations at once on one worker, each taking typed turns in parallel. */
export async function concurrencyBench(
  server: LivekitServer,
  api: Api,
  steps: readonly number[],
  turns: number,
): Promise<string> {
  await scriptPublication(api.database, api.demo.publications.production, INSTANT);
  const worker = await startWorker(server, api, {
    SVC_AGENT_PREWARM_LLM: '0',
    SVC_AGENT_MAX_CONVERSATIONS: String(Math.max(...steps) + 10),
    SVC_AGENT_IDLE_PROCESSES: '2',
  });
  const lines = [
    `concurrency: text conversations on one worker (instant LLM), ${turns} turns each, one every ${TURN_GAP_MS / 1000} s`,
  ];
  try {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idle = treeRss(worker.child.pid ?? 0);
    lines.push(`  worker with its idle processes: ${(idle / 2 ** 20).toFixed(0)} MiB`);
    for (const count of steps) {
      const started = performance.now();
      const visitors: Visitor[] = [];
      let failedJoins = 0;
      let firstFailure = '';
      // Visitors arrive a few at a time, as they would; the worker starts a process for each.
      for (let i = 0; i < count; i += 5) {
        const batch = await Promise.allSettled(
          Array.from({ length: Math.min(5, count - i) }, () =>
            greeted(server, api, 'text', worker.log),
          ),
        );
        for (const result of batch) {
          if (result.status === 'fulfilled') visitors.push(result.value);
          else {
            failedJoins += 1;
            if (failedJoins === 1) firstFailure = String(result.reason).split('\n')[0] ?? '';
          }
        }
      }
      const joinedIn = performance.now() - started;
      const rss = treeRss(worker.child.pid ?? 0);
      const times: number[] = [];
      let failedTurns = 0;
      await Promise.all(
        visitors.map(async (visitor, index) => {
          // A visitor takes a turn every TURN_GAP_MS (people read and think between turns);
          // the conversations start their turns spread over one gap.
          await new Promise((resolve) =>
            setTimeout(resolve, (index * TURN_GAP_MS) / visitors.length),
          );
          for (let turn = 0; turn < turns; turn += 1) {
            const started = Date.now();
            try {
              times.push(await typedTurn(visitor, `hello from ${index}, turn ${turn}`));
            } catch {
              failedTurns += 1;
            }
            await new Promise((resolve) =>
              setTimeout(resolve, Math.max(0, started + TURN_GAP_MS - Date.now())),
            );
          }
        }),
      );
      const turn = percentiles(times);
      lines.push(
        `  ${String(count).padStart(3)} conversations: joined ${visitors.length}/${count} in ${(joinedIn / 1000).toFixed(1)} s, ` +
          `turns ${times.length}/${count * turns} (${failedTurns} failed), turn p50 ${ms(turn.p50)} p95 ${ms(turn.p95)}, ` +
          `memory ${(rss / 2 ** 20).toFixed(0)} MiB, ${((rss - idle) / Math.max(1, visitors.length) / 2 ** 20).toFixed(0)} MiB per conversation` +
          (failedJoins > 0 ? `, ${failedJoins} never greeted (${firstFailure})` : ''),
      );
      await Promise.all(
        visitors.map(async (visitor) => {
          await visitor.publish('session:control', { action: 'end' }).catch(() => undefined);
          await visitor.room.disconnect();
        }),
      );
      // The next step starts on an empty worker: every conversation of this one has ended.
      const deadline = Date.now() + 120_000;
      while ((await workerActiveJobs(worker.healthPort)) > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
    return lines.join('\n');
  } finally {
    if (process.env.WORKER_LOG) writeFileSync(process.env.WORKER_LOG, worker.log.join(''));
    await stopWorker(worker);
  }
}

/** What the visitor says in the voice benchmark: searches, a question, a thank-you. */
const SPOKEN_TURNS = [
  'do you have tents',
  'show me sleeping bags',
  'do you have backpacks',
  'what is in my cart',
  'show me black backpacks',
  'do you have sleeping bags',
  'thank you very much',
  'show me tents under two hundred dollars',
];

/** Voice-to-voice on the embedded stack, split into the agent's own measures and the rest. */
export async function voiceBench(server: LivekitServer, api: Api, turns: number): Promise<string> {
  const worker = await startWorker(server, api, { SVC_LLM_HOST: 'on' });
  try {
    const { visitor, conversationId } = await visit(
      { server, api, workerLog: () => worker.log.join('') },
      'audio',
    );
    await visitor.acknowledge({}, 300_000);
    await visitor.next('message:new', (m) => m.role === 'assistant', 120_000);
    await visitor.heardAgentFinish(60_000);
    const voiceToVoice: number[] = [];
    for (let i = 0; i < turns; i += 1) {
      const text = SPOKEN_TURNS[i % SPOKEN_TURNS.length] ?? 'hello';
      const spokenAt = await visitor.say(text);
      // The first agent audio after the visitor stopped speaking.
      const deadline = Date.now() + 60_000;
      while (!visitor.loudAgentFrames.some((at) => at > spokenAt) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const heard = visitor.loudAgentFrames.find((at) => at > spokenAt);
      if (heard !== undefined) voiceToVoice.push(heard - spokenAt);
      // The agent finishes its answer (tool turns speak twice) before the next question.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await visitor.agentState('listening', 60_000).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    await visitor.publish('session:control', { action: 'end' });
    await visitor.next('session:end', () => true, 30_000).catch(() => undefined);
    await visitor.room.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    if (process.env.WORKER_LOG) writeFileSync(process.env.WORKER_LOG, worker.log.join(''));
    const rows = await api.database.db
      .selectFrom('turn_metrics')
      .selectAll()
      .where('conversation_id', '=', conversationId)
      .execute();
    const column = (name: 'end_of_turn_ms' | 'stt_ms' | 'llm_ttft_ms' | 'tts_ttfb_ms' | 'e2e_ms') =>
      percentiles(
        rows.map((row) => row[name]).filter((value): value is number => typeof value === 'number'),
      );
    const total = percentiles(voiceToVoice);
    // What the agent spent besides end of turn, the reply's first token and first audio: in a
    // turn that uses a tool, the model's decision to call it and the tool itself.
    const toolTime = rows
      .filter((row) =>
        [row.e2e_ms, row.end_of_turn_ms, row.llm_ttft_ms, row.tts_ttfb_ms].every(
          (v) => typeof v === 'number',
        ),
      )
      .map(
        (row) =>
          Number(row.e2e_ms) -
          Number(row.end_of_turn_ms) -
          Number(row.llm_ttft_ms) -
          Number(row.tts_ttfb_ms),
      );
    const e2e = column('e2e_ms');
    // What the agent heard through the Transport (codec, resampling, its own turn taking), against
    // what was said: the offline speech benchmark feeds the recognizer directly.
    const heard = await api.database.db
      .selectFrom('messages')
      .select(['content'])
      .where('conversation_id', '=', conversationId)
      .where('role', '=', 'user')
      .orderBy('timestamp')
      .execute();
    const said = Array.from(
      { length: turns },
      (_, i) => SPOKEN_TURNS[i % SPOKEN_TURNS.length] ?? 'hello',
    );
    // A turn the agent split in two still counts once: the whole conversation is compared.
    const pairs = [
      { reference: said.join(' '), hypothesis: heard.map((row) => row.content).join(' ') },
    ];
    console.error(
      `  said:  ${said.join(' | ')}\n  heard: ${heard.map((row) => row.content).join(' | ')}`,
    );
    const line = (label: string, figures: { p50: number; p95: number; n: number }) =>
      `  ${label.padEnd(38)} p50 ${ms(figures.p50).padStart(8)}  p95 ${ms(figures.p95).padStart(8)}  (n=${figures.n})`;
    for (const row of rows) {
      console.error(
        `  turn ${row.turn}: end of turn ${row.end_of_turn_ms} ms, STT ${row.stt_ms} ms, LLM first token ${row.llm_ttft_ms} ms, TTS ${row.tts_ttfb_ms} ms, agent total ${row.e2e_ms} ms`,
      );
    }
    return [
      `voice: ${voiceToVoice.length}/${turns} spoken turns answered in speech (embedded stack)`,
      line('end of speech -> first agent audio', total),
      line('  agent: end of turn (VAD + endpointing)', column('end_of_turn_ms')),
      line('  agent: STT final after end of speech', column('stt_ms')),
      `    word error of what the agent heard     ${(wordErrorRate(pairs) * 100).toFixed(1)}% (${heard.length} user turns for ${turns} spoken)`,
      line('  agent: LLM first token', column('llm_ttft_ms')),
      line('  agent: TTS first audio', column('tts_ttfb_ms')),
      line('  agent: tool decision and tool runs', percentiles(toolTime)),
      line('  agent: end of speech -> audio out', e2e),
      line('  transport and playout (total - agent)', {
        p50: total.p50 - e2e.p50,
        p95: total.p95 - e2e.p95,
        n: Math.min(total.n, e2e.n),
      }),
    ].join('\n');
  } finally {
    await stopWorker(worker);
  }
}

/** Runs the chosen live benchmarks on one livekit-server and one API. */
export async function runLiveBench(which: ReadonlySet<string>): Promise<string[]> {
  buildApps();
  const server = await startLivekitServer();
  const api = await startTestApi();
  const reports: string[] = [];
  const turns = Number(process.env.TURNS ?? 0);
  try {
    if (which.has('overhead')) {
      reports.push(await overheadBench(server, api, turns || 40));
      console.log(reports.at(-1));
    }
    if (which.has('concurrency')) {
      const steps = (process.env.CONVERSATIONS ?? '10,25,50').split(',').map(Number);
      reports.push(await concurrencyBench(server, api, steps, turns || 5));
      console.log(reports.at(-1));
    }
    if (which.has('typed')) {
      const original = await startTestApi();
      reports.push(
        await typedBench(
          server,
          original,
          Number(process.env.CONVERSATIONS ?? 5),
          Number(process.env.SVC_AGENT_IDLE_PROCESSES ?? 5),
        ),
      );
      console.log(reports.at(-1));
      await original.close();
    }
    if (which.has('voice')) {
      // The seeded scenario as it is: the embedded LLM.
      const original = await startTestApi();
      reports.push(await voiceBench(server, original, turns || 8));
      console.log(reports.at(-1));
      await original.close();
    }
  } finally {
    if (process.env.SERVER_LOG) writeFileSync(process.env.SERVER_LOG, server.logs.join('\n'));
    await api.close();
    await server.stop();
  }
  return reports;
}
