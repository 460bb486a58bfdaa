// Imports the built package by its public name, as a user's app would, and checks the exports it
// must have and that the stylesheet entry resolves. Run after `npm run build`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const EXPECTED = [
  'createPanelRegistry',
  'SearchResultsPanel',
  'ItemPanel',
  'ComparisonPanel',
  'CartPanel',
  'EndCard',
  'ItemCard',
  'renderTemplate',
  'mapItem',
  'defaultUiStrings',
  'panelContent',
  'panelItem',
  'pageToolsByFeature',
];

let failures = 0;
try {
  const module = await import('@svc/ui');
  const missing = EXPECTED.filter((name) => !(name in module));
  if (missing.length > 0) {
    failures += 1;
    console.error(`@svc/ui: missing exports ${missing.join(', ')}`);
  } else {
    console.log(`@svc/ui: ok (${Object.keys(module).length} exports)`);
  }
} catch (error) {
  failures += 1;
  console.error(`@svc/ui: cannot be imported: ${error instanceof Error ? error.message : error}`);
}
const styles = fileURLToPath(import.meta.resolve('@svc/ui/styles.css'));
if (existsSync(styles)) console.log(`@svc/ui/styles.css: ok`);
else {
  failures += 1;
  console.error(`@svc/ui/styles.css: ${styles} is missing`);
}
process.exit(failures === 0 ? 0 : 1);
