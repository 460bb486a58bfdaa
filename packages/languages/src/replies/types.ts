// The type of a language's replies: what the agent says in it. The router's replies to tool
// results and to its own turns are written from these templates instead of asked of the LLM:
// short, plain, made to be spoken. Item names are the catalogue's, so no template puts an article
// before a name whose gender it cannot know. The goodbyes at a conversation's limits and the
// acknowledgements said while the model thinks are the language's too.
import type { AGENT_END_REASONS } from '@svc/protocol/agent';

/** What a display reply can say of an item. */
export interface ItemFacts {
  price?: string | undefined;
  weightGrams?: number | undefined;
  /** Said when true, and when false if the visitor asked ("is it waterproof?"). */
  waterproof?: boolean | undefined;
}

/** The goodbye said as a conversation ends at a limit, by the reason it ends. */
export type LimitGoodbyes = Readonly<
  Record<typeof AGENT_END_REASONS.MAX_DURATION | typeof AGENT_END_REASONS.IDLE_TIMEOUT, string>
>;

/** One language's reply sentences. */
export interface ReplyTemplates {
  /** The currency a written price is shown in (ISO 4217). */
  currency: string;
  /** A spoken amount: "149 dollars 99", "149 euros 99". */
  spokenMoney: (whole: number, cents: number) => string;
  /** The word before the last of a list ("and", "et"). */
  and: string;
  /** The last entry of a long list of kinds ("more"). */
  more: string;
  catalogue: (kinds: string) => string;
  goodbye: string;
  failed: string;
  /** A turn the recognizer could not make words of: asked again. */
  notHeard: string;
  /** "The first one" when nothing was shown yet. */
  nothingShown: string;
  display: (name: string, facts: ItemFacts) => string;
  /** Whether a request asks about waterproofness ("is it waterproof"), in the words as heard. */
  asksWaterproof: RegExp;
  compare: (items: { name: string; price: string | undefined }[], lightest?: string) => string;
  added: (
    name: string | undefined,
    quantity: number | undefined,
    total: number | undefined,
  ) => string;
  removed: (total: number | undefined) => string;
  removedMany: (count: number, total: number | undefined) => string;
  cart: (lines: { name: string; quantity: number }[], more: number, total: number) => string;
  cartEmpty: string;
  cleared: string;
  /** No result; `query` is the words searched for when they read well. */
  searchNone: (query: string | undefined) => string;
  /**
   * No result for the words asked for (`query`) in the kind asked for (`kind`, as said): the kind's
   * other items are not what was asked, so the reply says it has none.
   */
  searchNoneIn: (query: string, kind: string) => string;
  /**
   * Nothing the scenario holds (its documents, its prompt, its tools' results) answers the
   * question: the agent does not know, and offers to help otherwise.
   */
  notKnown: string;
  /**
   * A business's tool needs a detail the visitor has not given (`what`: the property's title, or
   * its name): the agent asks for it instead of sending the tool a placeholder.
   */
  askFor: (what: string) => string;
  /**
   * A detail the visitor gave is not one a business's tool takes (`what`: the property's title, or
   * its name; `allowed`: its values or its range, as the language lists them): the agent says what
   * it can take instead of sending another value.
   */
  onlyAmong: (what: string, allowed: string) => string;
  /**
   * The closest passage of the business's documents (`passage`, of the document titled `title`),
   * which is only near the question: said as the closest, not as an answer.
   */
  knowledgeNear: (title: string, passage: string) => string;
  /**
   * Results: how many, of what (`what`, when the words read well), whether the search was relaxed,
   * and the top one (by the ranking asked for, else the first).
   */
  searchFound: (found: {
    count: number;
    what: string | undefined;
    relaxed: boolean;
    top: { name: string; price: string | undefined } | undefined;
    ranking: string | undefined;
  }) => string;
  /** What the agent says as it ends a conversation at a limit. */
  limitGoodbyes: LimitGoodbyes;
  /**
   * Short acknowledgements ("One moment."), said in turn when the embedded model is slow to begin
   * a spoken reply.
   */
  acknowledgements: readonly string[];
}
