import type { ConversationModule } from './conversation-module.js';
import { createSvcAgentElement } from './svc-agent-element.js';

/** The tag name of the widget's element. */
export const TAG_NAME = 'svc-agent';

/** The conversation chunk's file, named by content hash at build time (scripts/build.mjs). */
declare const __SVC_CONVERSATION_FILE__: string;

/** The conversation chunk's URL: in the loader's folder, whatever page the loader runs in. */
export function conversationUrl(base: string): string {
  return new URL(
    typeof __SVC_CONVERSATION_FILE__ === 'string' ? __SVC_CONVERSATION_FILE__ : 'conversation.js',
    base,
  ).href;
}

/** Loads the conversation chunk from the loader's folder. */
export function conversationLoader(base: string): () => Promise<ConversationModule> {
  const url = conversationUrl(base);
  return () => import(/* @vite-ignore */ url) as Promise<ConversationModule>;
}

/**
 * Defines `<svc-agent>` once (a second loader on the page, e.g. two snippets, keeps the first
 * definition) with chunks loading from `base`.
 */
export function defineSvcAgent(
  base: string,
  load: () => Promise<ConversationModule> = conversationLoader(base),
  registry: CustomElementRegistry = customElements,
): void {
  if (registry.get(TAG_NAME)) return;
  registry.define(TAG_NAME, createSvcAgentElement({ base, load }));
}

/**
 * Adds the `<svc-agent>` a script tag describes (`data-publication`, `data-api`, `data-label`,
 * `data-layout`, `data-language`, `data-open`) to the end of the body, once per script tag; a tag without
 * `data-publication` only defines the element. `data-api` defaults to the script's origin.
 */
export function addAgentFromScript(script: HTMLScriptElement): HTMLElement | null {
  const { publication, api, label, layout, language, open } = script.dataset;
  if (!publication || script.dataset.svcAdded !== undefined) return null;
  script.dataset.svcAdded = '';
  const document = script.ownerDocument;
  const agent = document.createElement(TAG_NAME);
  agent.setAttribute('publication', publication);
  agent.setAttribute('api', api || new URL(script.src || document.baseURI).origin);
  if (label) agent.setAttribute('label', label);
  if (layout) agent.setAttribute('layout', layout);
  if (language) agent.setAttribute('language', language);
  if (open !== undefined) agent.setAttribute('open', '');
  const add = () => document.body.append(agent);
  if (document.body) add();
  else document.addEventListener('DOMContentLoaded', add, { once: true });
  return agent;
}
