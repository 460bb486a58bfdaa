// German: what the agent says, the same things as in English, in the way a German shop would.
import type { ReplyTemplates } from '../replies/types.js';
import { capitalize, listOf } from '../replies/shared.js';

/** The German replies. */
export const replies: ReplyTemplates = {
  currency: 'EUR',
  spokenMoney: (whole, cents) => (cents > 0 ? `${whole} Euro ${cents}` : `${whole} Euro`),
  and: 'und',
  more: 'vieles mehr',
  catalogue: (kinds) => `Wir haben ${kinds}. Wonach suchen Sie?`,
  goodbye: 'Vielen Dank für Ihren Besuch. Auf Wiederhören!',
  failed: 'Entschuldigung, das hat nicht geklappt. Können Sie es anders sagen?',
  notHeard: 'Entschuldigung, das habe ich nicht verstanden. Können Sie es wiederholen?',
  nothingShown: 'Ich habe Ihnen noch nichts gezeigt. Wonach suchen Sie?',
  display: (name, facts) => {
    const said: string[] = [];
    if (facts.price) said.push(`Preis: ${facts.price}`);
    if (facts.weightGrams !== undefined) said.push(`Gewicht: ${facts.weightGrams} Gramm`);
    if (facts.waterproof !== undefined)
      said.push(facts.waterproof ? 'wasserdicht' : 'nicht wasserdicht');
    return `Hier ist ${name}.${said.length ? ` ${said.join(', ')}.` : ''}`;
  },
  asksWaterproof: /wasser\s*dicht/i,
  compare: (items, lightest) => {
    const prices = items.map((item) => `${item.name} für ${item.price ?? 'ohne Preisangabe'}`);
    const text = `Hier sind sie nebeneinander: ${listOf(prices, 'und')}.`;
    return lightest ? `${text} Am leichtesten ist ${lightest}.` : text;
  },
  added: (name, quantity, total) => {
    const count = quantity !== undefined && quantity > 1 ? ` ${quantity}-mal` : '';
    const totalText = total !== undefined ? ` Sie haben ${total} Artikel im Warenkorb.` : '';
    return `Ich habe ${name ?? 'den Artikel'}${count} in Ihren Warenkorb gelegt.${totalText}`;
  },
  removed: (total) => `Ich habe es aus Ihrem Warenkorb entfernt.${germanLeft(total)}`,
  removedMany: (count, total) =>
    `Ich habe ${count === 2 ? 'beide' : `alle ${count}`} aus Ihrem Warenkorb entfernt.${germanLeft(total)}`,
  cart: (lines, more, total) => {
    const names = lines.map((line) =>
      line.quantity > 1 ? `${line.quantity}-mal ${line.name}` : line.name,
    );
    const rest = more > 0 ? ` und ${more} weitere` : '';
    return `Sie haben ${total} Artikel im Warenkorb: ${listOf(names, 'und')}${rest}.`;
  },
  cartEmpty: 'Ihr Warenkorb ist leer.',
  cleared: 'Ihr Warenkorb ist jetzt leer.',
  searchNone: () => 'Dazu habe ich nichts gefunden. Können Sie es anders beschreiben?',
  searchNoneIn: (query, kind) => `In der Kategorie ${kind} habe ich nichts zu „${query}“.`,
  askFor: (what) => `Dafür fehlt mir noch eine Angabe: „${what}“. Können Sie sie mir nennen?`,
  onlyAmong: (what, allowed) => `Für „${what}“ kann ich nur ${allowed} annehmen. Was möchten Sie?`,
  notKnown: 'Tut mir leid, dazu habe ich keine Informationen. Kann ich Ihnen sonst weiterhelfen?',
  knowledgeNear: (title, passage) =>
    `Genau dazu habe ich nichts. Am nächsten kommt das hier, aus „${title}“: ${passage}`,
  searchFound: ({ count, relaxed, top, ranking }) => {
    const head = relaxed
      ? `Nichts passte zu allem, aber ich habe ${count === 1 ? 'einen ähnlichen Treffer' : `${count} ähnliche Treffer`} gefunden.`
      : count === 1
        ? 'Ich habe einen Treffer gefunden.'
        : `Ich habe ${count} Treffer gefunden.`;
    if (!top) return head;
    const named = top.price ? `${top.name} für ${top.price}` : top.name;
    if (ranking) return `${head} ${capitalize(ranking)} ist ${named}.`;
    return `${head} ${count === 1 ? 'Es ist' : 'Der erste ist'} ${named}.`;
  },
  limitGoodbyes: {
    max_duration:
      'Wir haben die maximale Dauer dieses Gesprächs erreicht. Danke und auf Wiederhören!',
    idle_timeout:
      'Ich habe eine Weile nichts von Ihnen gehört und beende das Gespräch. Auf Wiederhören!',
  },
  acknowledgements: ['Einen Moment.', 'Mal sehen.', 'Eine Sekunde.'],
};

function germanLeft(total: number | undefined): string {
  if (total === 0) return ' Ihr Warenkorb ist jetzt leer.';
  return total !== undefined ? ` Sie haben noch ${total} Artikel.` : '';
}
