import { describe, expect, it } from 'vitest';
import { AUDIENCES, describeFailures, fuzzApi, type AudienceReport } from './fuzz.js';

// CI's short pass of the fuzz (the bench's `npm run fuzz -w @svc/bench` makes 20,000 requests
// and more): schemathesis over every operation of the API's own OpenAPI document, as each
// audience, every check. The document must say what the API does: every status it answers,
// bodies of the shapes it declares, 405 for undeclared methods, no 5xx.

/** Examples per operation in the fuzzing phase: the coverage phase adds its own cases. */
const EXAMPLES = 3;

describe('schemathesis over the OpenAPI document', () => {
  it(
    'finds no failing check and no 5xx for any audience',
    async () => {
      const reports: AudienceReport[] = await fuzzApi({ examples: EXAMPLES });
      const summary = reports.map((report) => ({
        audience: report.audience,
        operations: report.operations > 0,
        requests: report.requests > 0,
        serverErrors: report.serverErrors,
        failures: report.failures.length,
        errors: report.errors.length,
      }));
      // The failures themselves, readably, when there are any.
      const details = describeFailures(reports);
      expect(details, details).toBe('');
      expect(summary).toEqual(
        AUDIENCES.map((audience) => ({
          audience: audience.name,
          operations: true,
          requests: true,
          serverErrors: 0,
          failures: 0,
          errors: 0,
        })),
      );
    },
    // Schemathesis is installed on first use (PyPI), then runs three audiences on two cores, a
    // voice sample among them given up to 240 s.
    1_200_000,
  );
});
