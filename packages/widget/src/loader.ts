/**
 * The widget's loader (`widget.js`, a classic script): defines `<svc-agent>` and, when the script
 * tag itself names a publication (`data-publication`), adds one to the page. The conversation
 * chunk loads from the script's own folder when a visitor first opens the panel.
 *
 * ```html
 * <script src="https://api.example.com/widget/v1/widget.js" data-publication="…" async></script>
 * ```
 */
import { addAgentFromScript, defineSvcAgent } from './define.js';

// Only while a classic script runs (async too) is it `document.currentScript`.
const script = document.currentScript instanceof HTMLScriptElement ? document.currentScript : null;
const base = new URL('.', script?.src || document.baseURI).href;
defineSvcAgent(base);
if (script) addAgentFromScript(script);
