import { LAUNCHER_STRINGS, type LauncherStrings } from '@svc/languages/widget';
import type { ConversationModule, MountedConversation } from './conversation-module.js';
import { browserLanguage, chooseLanguage } from './language.js';
import launcherCss from './launcher.css?inline';
import { adoptStyles } from './styles.js';

/** The attributes `<svc-agent>` reads; a change to `publication`, `api` or `language` starts over. */
export const OBSERVED_ATTRIBUTES = ['publication', 'api', 'label', 'open', 'language'] as const;

/** How the element class is made: where the chunks are and how the conversation loads. */
export interface SvcAgentElementOptions {
  /** The loader's own folder (`https://api.example.com/widget/v1/`): the default API origin. */
  base: string;
  /** Loads the conversation chunk (by default an `import()` of its URL under `base`). */
  load: () => Promise<ConversationModule>;
}

const CHAT_ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z"/></svg>';

let nextId = 0;

/**
 * Makes the `<svc-agent>` class: a launcher button in an open shadow root, and on first open the
 * conversation chunk mounted into the panel. The shadow root is open so that assistive
 * technology, test tools and the page's own scripts can reach it; a closed root keeps nothing
 * secret from a page that runs script (it can patch `attachShadow`), and style isolation is the
 * same either way.
 */
export function createSvcAgentElement(options: SvcAgentElementOptions) {
  return class SvcAgentElement extends HTMLElement {
    static readonly observedAttributes = [...OBSERVED_ATTRIBUTES];

    readonly #root: ShadowRoot;
    readonly #widget: HTMLDivElement;
    readonly #launcher: HTMLButtonElement;
    readonly #launcherLabel: HTMLSpanElement;
    readonly #panel: HTMLElement;
    readonly #body: HTMLDivElement;
    readonly #close: HTMLButtonElement;
    /** The running session's language, once its config named one. */
    #sessionLanguage: string | null = null;
    #conversation: MountedConversation | null = null;
    #loading: Promise<void> | null = null;
    #conversationStyled = false;
    /** Bumped when publication or api change, so a load that finishes late is dropped. */
    #generation = 0;

    constructor() {
      super();
      this.#root = this.attachShadow({ mode: 'open' });
      adoptStyles(this.#root, launcherCss);
      const id = `svc-agent-${(nextId += 1)}`;
      const document = this.ownerDocument;
      this.#widget = document.createElement('div');
      this.#widget.className = 'svcw-widget';
      this.#widget.setAttribute('part', 'widget');

      this.#panel = document.createElement('section');
      this.#panel.className = 'svcw-panel';
      this.#panel.id = `${id}-panel`;
      this.#panel.setAttribute('role', 'dialog');
      this.#panel.setAttribute('aria-labelledby', `${id}-title`);
      this.#panel.setAttribute('part', 'panel');
      this.#panel.hidden = true;
      const header = document.createElement('header');
      header.className = 'svcw-panel-header';
      const title = document.createElement('h2');
      title.className = 'svcw-panel-title';
      title.id = `${id}-title`;
      const close = document.createElement('button');
      close.type = 'button';
      close.className = 'svcw-icon-button svcw-close';
      close.textContent = '×';
      close.addEventListener('click', () => this.hide());
      this.#close = close;
      header.append(title, close);
      this.#body = document.createElement('div');
      this.#body.className = 'svcw-body';
      this.#panel.append(header, this.#body);
      this.#panel.addEventListener('keydown', (event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          this.hide();
        }
      });

      this.#launcher = document.createElement('button');
      this.#launcher.type = 'button';
      this.#launcher.className = 'svcw-launcher';
      this.#launcher.setAttribute('part', 'launcher');
      this.#launcher.setAttribute('aria-controls', this.#panel.id);
      this.#launcher.setAttribute('aria-expanded', 'false');
      this.#launcher.innerHTML = CHAT_ICON;
      this.#launcherLabel = document.createElement('span');
      this.#launcher.append(this.#launcherLabel);
      this.#launcher.addEventListener('click', () => this.toggle());

      this.#widget.append(this.#panel, this.#launcher);
      this.#root.append(this.#widget);
      this.#renderLabel();
    }

    /** The publication UUID (attribute `publication`). */
    get publication(): string {
      return this.getAttribute('publication')?.trim() ?? '';
    }
    set publication(value: string) {
      this.setAttribute('publication', value);
    }

    /** The API's address (attribute `api`), or the loader's origin when the attribute is missing. */
    get api(): string {
      const given = this.getAttribute('api')?.trim();
      return (given ? given : new URL(options.base).origin).replace(/\/+$/, '');
    }
    set api(value: string) {
      this.setAttribute('api', value);
    }

    /**
     * The language asked for (attribute `language`, BCP-47): the conversation starts in it and
     * the widget speaks it; empty when the page sets none (the session's, else the browser's).
     */
    get language(): string {
      return this.getAttribute('language')?.trim() ?? '';
    }
    set language(value: string) {
      this.setAttribute('language', value);
    }

    /** Whether the panel is open (attribute `open`). */
    get open(): boolean {
      return this.hasAttribute('open');
    }
    set open(value: boolean) {
      this.toggleAttribute('open', value);
    }

    /** Opens the panel (and loads the conversation the first time). */
    show(): void {
      this.open = true;
    }

    /** Closes the panel; the conversation goes on and shows again on the next open. */
    hide(): void {
      this.open = false;
    }

    toggle(): void {
      this.open = !this.open;
    }

    attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
      if (previous === value) return;
      if (name === 'open') return this.#renderOpen(value !== null);
      if (name === 'label') return this.#renderLabel();
      // Another publication, API or language: the running conversation belongs to the old one
      // (a session's language is chosen when it starts).
      this.#generation += 1;
      this.#sessionLanguage = null;
      this.#conversation?.unmount();
      this.#conversation = null;
      this.#loading = null;
      this.#body.replaceChildren();
      this.#renderLabel();
      if (this.open) void this.#ensureConversation();
    }

    disconnectedCallback(): void {
      // Removed from the page: the session ends with it (a move re-mounts on the next open).
      this.#generation += 1;
      this.#conversation?.unmount();
      this.#conversation = null;
      this.#loading = null;
      this.#body.replaceChildren();
      if (this.open) this.open = false;
    }

    /** The element's texts: the `language` attribute's, else the session's, else the browser's. */
    #strings(): LauncherStrings {
      return LAUNCHER_STRINGS[
        chooseLanguage([this.language, this.#sessionLanguage, browserLanguage()]).language
      ];
    }

    #renderLabel(): void {
      const strings = this.#strings();
      const label = this.getAttribute('label')?.trim() || strings.label;
      this.#launcherLabel.textContent = label;
      const title = this.#root.getElementById(`${this.#panel.id.replace(/-panel$/, '')}-title`);
      if (title) title.textContent = label;
      this.#close.setAttribute('aria-label', strings.close);
      this.#launcher.setAttribute('aria-label', this.open ? strings.close : strings.open);
    }

    #renderOpen(open: boolean): void {
      this.#panel.hidden = !open;
      this.#widget.classList.toggle('svcw-open', open);
      this.#launcher.setAttribute('aria-expanded', String(open));
      const strings = this.#strings();
      this.#launcher.setAttribute('aria-label', open ? strings.close : strings.open);
      this.dispatchEvent(
        new Event(open ? 'svc-open' : 'svc-close', { bubbles: true, composed: true }),
      );
      if (open) {
        void this.#ensureConversation().then(() => this.#focusInside());
      } else if (this.#root.activeElement && this.#panel.contains(this.#root.activeElement)) {
        this.#launcher.focus();
      }
    }

    #focusInside(): void {
      if (!this.open) return;
      const target =
        this.#body.querySelector<HTMLElement>('[data-autofocus]') ??
        this.#body.querySelector<HTMLElement>('button, input, textarea');
      target?.focus();
    }

    #note(text: string, alert = false): void {
      const note = this.ownerDocument.createElement('p');
      note.className = 'svcw-note';
      if (alert) note.setAttribute('role', 'alert');
      else note.setAttribute('role', 'status');
      note.textContent = text;
      this.#body.replaceChildren(note);
    }

    #ensureConversation(): Promise<void> {
      if (this.#conversation) return Promise.resolve();
      if (this.#loading) return this.#loading;
      if (!this.publication) {
        this.#note(this.#strings().noPublication, true);
        return Promise.resolve();
      }
      const generation = this.#generation;
      this.#note(this.#strings().loading);
      this.#loading = options.load().then(
        (module) => {
          if (generation !== this.#generation) return;
          if (!this.#conversationStyled) {
            adoptStyles(this.#root, module.css);
            this.#conversationStyled = true;
          }
          const target = this.ownerDocument.createElement('div');
          target.className = 'svcw-body';
          this.#body.replaceChildren(target);
          this.#conversation = module.mountConversation(target, {
            apiUrl: this.api,
            publication: this.publication,
            onReady: () => this.#focusInside(),
            ...(this.language ? { language: this.language } : {}),
            onLanguage: (language) => {
              if (generation !== this.#generation || language === this.#sessionLanguage) return;
              this.#sessionLanguage = language;
              this.#renderLabel();
            },
          });
        },
        (error: unknown) => {
          if (generation !== this.#generation) return;
          this.#loading = null;
          this.#note(
            this.#strings().loadFailed(error instanceof Error ? error.message : String(error)),
            true,
          );
        },
      );
      return this.#loading;
    }
  };
}

/** The `<svc-agent>` element class. */
export type SvcAgentElement = InstanceType<ReturnType<typeof createSvcAgentElement>>;
