import { initializeLogger, llm, voice } from '@livekit/agents';
import { beforeAll, describe, expect, it } from 'vitest';
import { routerCatalog } from './catalog.js';
import { InstructionRecall, promptSentences, withRecalled, type SentenceEmbed } from './recall.js';
import { RoutedLLM } from './routed-llm.js';

beforeAll(() => initializeLogger({ pretty: false, level: 'warn' }));

const PROMPT = [
  'You are the host of a bakery.',
  'Opening hours: Tuesday to Sunday 7:00 to 14:00. Closed on Monday.',
  'Parking: six spaces in the yard behind the shop.',
  '',
  'Keep answers short.',
].join('\n');

// A stand-in for a sentence model: each text is the unit vector of the topics its words touch,
// so similarity is the share of topics two texts have in common.
const TOPICS: Record<string, string[]> = {
  hours: ['opening', 'open', 'closed', 'close', 'shut', 'monday', 'sunday', 'hours'],
  parking: ['parking', 'park', 'car', 'yard', 'spaces'],
  bakery: ['bakery', 'bread', 'host'],
};
function topicVector(text: string): Float32Array {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const vector = new Float32Array(Object.keys(TOPICS).length);
  Object.values(TOPICS).forEach((topic, index) => {
    vector[index] = words.filter((word) => topic.includes(word)).length;
  });
  const norm = Math.hypot(...vector) || 1;
  return vector.map((value) => value / norm);
}
const embedCalls: string[][] = [];
const embed: SentenceEmbed = (texts) => {
  embedCalls.push([...texts]);
  return Promise.resolve(texts.map(topicVector));
};

describe('the prompt sentences a visitor message is about', () => {
  it('splits a prompt into its sentences, line by line', () => {
    expect(promptSentences(PROMPT, 'en')).toEqual([
      'You are the host of a bakery.',
      'Opening hours: Tuesday to Sunday 7:00 to 14:00.',
      'Closed on Monday.',
      'Parking: six spaces in the yard behind the shop.',
      'Keep answers short.',
    ]);
  });

  it('finds the sentences a message is about by meaning, best first, and none for small talk', async () => {
    const recall = new InstructionRecall(PROMPT, 'en', embed);
    expect(await recall.recall('where do I leave the car')).toEqual([
      'Parking: six spaces in the yard behind the shop.',
    ]);
    // Two sentences alike in similarity both go; a third is never added.
    expect(await recall.recall('when do you shut on sunday, and monday?')).toEqual([
      'Opening hours: Tuesday to Sunday 7:00 to 14:00.',
      'Closed on Monday.',
    ]);
    expect(await recall.recall('thanks a lot')).toEqual([]);
  });

  it('embeds the prompt once and each message once', async () => {
    embedCalls.length = 0;
    const recall = new InstructionRecall(PROMPT, 'en', embed);
    await recall.recall('where do I leave the car');
    await recall.recall('where do I leave the car');
    await recall.recall('are you open on monday');
    expect(embedCalls.map((texts) => texts.length)).toEqual([5, 1, 1]);
  });

  it('puts the sentences beside the visitor messages only, as the model reads the conversation', async () => {
    const recall = new InstructionRecall(PROMPT, 'en', embed);
    const chat = llm.ChatContext.empty();
    chat.addMessage({ role: 'system', content: PROMPT });
    chat.addMessage({ role: 'user', content: 'hello there' });
    chat.addMessage({ role: 'assistant', content: 'Hi! The car park is behind the shop.' });
    chat.addMessage({ role: 'user', content: 'where do I leave the car' });
    // Before the messages are read, the conversation is read as it is.
    expect(recall.withSentences(chat)).toBe(chat);
    await recall.recallAll(chat);
    const read = recall
      .withSentences(chat)
      .items.map((item) => (item.type === 'message' ? item.textContent : item.type));
    expect(read).toEqual([
      PROMPT,
      'hello there',
      'Hi! The car park is behind the shop.',
      withRecalled('where do I leave the car', [
        'Parking: six spaces in the yard behind the shop.',
      ]),
    ]);
    // The original conversation is untouched.
    expect(chat.items.at(-1)?.type === 'message' && chat.items.at(-1)).toMatchObject({
      role: 'user',
    });
    expect((chat.items.at(-1) as llm.ChatMessage).textContent).toBe('where do I leave the car');
  });

  it('leaves out the sentences that name a tool, and the messages that ask nothing', async () => {
    const prompt = `${PROMPT}\nBook a parking space with book_space once you know the car's plate.`;
    const recall = new InstructionRecall(prompt, 'en', embed, {
      tools: ['book_space'],
      asks: (text) => text.endsWith('?'),
    });
    expect(await recall.recall('where do I leave the car?')).toEqual([
      'Parking: six spaces in the yard behind the shop.',
    ]);
    expect(await recall.recall('I will leave the car in the yard')).toEqual([]);
  });

  it('reads the words alone when the embedder fails, and asks again at the next turn', async () => {
    let failing = true;
    const flaky: SentenceEmbed = (texts) =>
      failing ? Promise.reject(new Error('no model')) : embed(texts, 'en');
    const recall = new InstructionRecall(PROMPT, 'en', flaky);
    expect(await recall.recall('where do I leave the car')).toEqual([]);
    failing = false;
    expect(await recall.recall('where do I leave the car')).toEqual([
      'Parking: six spaces in the yard behind the shop.',
    ]);
  });

  it("is what the router's model reads of a question the router leaves to it", async () => {
    const said = 'where can I park?';
    const parking = 'Parking: six spaces in the yard behind the shop.';
    const model = new RoutedLLM(
      // Answers only the question with the prompt's sentence beside it.
      new voice.testing.FakeLLM([
        { input: withRecalled(said, [parking]), type: 'llm', content: 'In the yard.' },
      ]),
      {
        catalog: routerCatalog({ language: 'en-US', tools: [], collections: [], itemNames: [] }),
        style: { language: 'en-US', spoken: false },
        recall: new InstructionRecall(PROMPT, 'en-US', embed),
      },
    );
    const chatCtx = llm.ChatContext.empty();
    chatCtx.addMessage({ role: 'system', content: PROMPT });
    chatCtx.addMessage({ role: 'user', content: said });
    let text = '';
    for await (const chunk of model.chat({ chatCtx })) text += chunk.delta?.content ?? '';
    expect(text).toBe('In the yard.');
  });
});
