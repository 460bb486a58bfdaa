// French: every piece of the language, one file each in this folder (see ../pack.ts).
import type { LanguagePack } from '../pack.js';
import { replies } from './replies.js';
import { french } from './router/index.js';
import { search } from './search.js';
import { speech } from './speech.js';
import { ui } from './ui.js';
import { conversation, launcher } from './widget.js';

/** The French pack. */
export const pack: LanguagePack = {
  code: 'fr',
  router: french,
  replies,
  speech,
  search,
  ui,
  widget: { launcher, conversation },
};
