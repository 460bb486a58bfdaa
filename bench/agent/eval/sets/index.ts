// Every set of the understanding evaluation, by id. The sets are frozen: `frozen.json` holds each
// one's fingerprint, and a set whose fingerprint differs is not the set that was frozen.
import { ELECTRONICS } from './electronics.js';
import type { EvalSet } from './format.js';
import { GROUNDED_SETS } from './grounded.js';
import { OUT_OF_SCOPE_SETS } from './out-of-scope.js';
import { OUT_OF_SCOPE_SETS_2 } from './out-of-scope-2.js';
import { OUT_OF_SCOPE_SETS_3 } from './out-of-scope-3.js';
import { RECEPTIONIST } from './receptionist.js';
import { RESTAURANT } from './restaurant.js';
import { SHOP_DE } from './shop-de.js';
import { SHOP_EN } from './shop-en.js';
import { SHOP_EN_2 } from './shop-en-2.js';
import { SHOP_ES } from './shop-es.js';
import { SHOP_FR } from './shop-fr.js';
import { SUPPORT_DESK } from './support-desk.js';

/** Every set, (a) to (d), and the (d) family that also asks what each scenario holds. */
export const EVAL_SETS: readonly EvalSet[] = [
  SHOP_EN,
  SHOP_FR,
  SHOP_ES,
  SHOP_DE,
  ELECTRONICS,
  RECEPTIONIST,
  SUPPORT_DESK,
  SHOP_EN_2,
  RESTAURANT,
  ...OUT_OF_SCOPE_SETS,
  ...OUT_OF_SCOPE_SETS_2,
  ...OUT_OF_SCOPE_SETS_3,
  ...GROUNDED_SETS,
];
