// English: every piece of the language, one file each in this folder (see ../pack.ts).
import type { LanguagePack } from '../pack.js';
import { replies } from './replies.js';
import { english } from './router/index.js';
import { search } from './search.js';
import { speech } from './speech.js';
import { ui } from './ui.js';
import { conversation, launcher } from './widget.js';

/** The English pack. */
export const pack: LanguagePack = {
  code: 'en',
  router: english,
  replies,
  speech,
  search,
  ui,
  widget: { launcher, conversation },
};
