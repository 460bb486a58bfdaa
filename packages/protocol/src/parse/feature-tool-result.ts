// What a feature tool handler returns, checked by the feature runtime before it answers.
import type { FeatureToolResult } from '../rpc.js';
import { define, fail, nonEmptyString, object, oneOf, record, unknownValue } from './reader.js';

/** Parses what a feature tool handler returns. */
export const parseFeatureToolResult = define<FeatureToolResult>(
  object(
    {
      requestId: nonEmptyString,
      response: object({
        code: oneOf(['SUCCESS', 'ERROR', 'TIMEOUT', 'CANCELLED']),
        // `data` must be present (it is what the agent reads), though it may be anything.
        data: (value, path) =>
          value === undefined ? fail(path, 'required field is missing') : value,
      }),
    },
    { componentData: record(unknownValue) },
  ),
);
