// Time to interactive on loopback, `npm run tti -w @svc/studio`: the built Studio (vite preview)
// against an in-process API, Debian Chromium headless. Two figures, median of 7 runs: a cold
// visit (fresh browser context, empty cache) to the sign-in page until its button is there, and
// a signed-in load of the scenario list until its table (with data) is there, files cached.
import { DEMO_ADMIN } from '@svc/api/testing';
import { startStudioStand } from '../src/testing/studio-stand';

const RUNS = 7;
const stand = await startStudioStand();
const signIn: number[] = [];
const scenarios: number[] = [];
try {
  for (let run = 0; run < RUNS; run += 1) {
    const context = await stand.browser.newContext();
    const page = await context.newPage();
    let start = performance.now();
    await page.goto(`${stand.url}sign-in`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    signIn.push(performance.now() - start);
    await page.getByRole('textbox', { name: 'Email' }).fill(DEMO_ADMIN.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('table').waitFor();
    start = performance.now();
    await page.goto(`${stand.url}scenarios`);
    await page.getByRole('table').waitFor();
    scenarios.push(performance.now() - start);
    await context.close();
  }
} finally {
  await stand.close();
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b).map(Math.round);
  return `${sorted[Math.floor(sorted.length / 2)]} ms (${sorted[0]}-${sorted[sorted.length - 1]})`;
};
process.stdout.write(`cold visit to sign-in, interactive: ${summary(signIn)}\n`);
process.stdout.write(`signed-in scenario list with data, cached: ${summary(scenarios)}\n`);
