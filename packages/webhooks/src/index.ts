// Published for businesses: check that a request came from Svc (and sign one the same way).
export {
  DEFAULT_TOLERANCE_SECONDS,
  SIGNATURE_HEADER,
  signWebhook,
  verifyWebhook,
  type RawBody,
  type Secrets,
  type SignOptions,
  type VerifiedWebhook,
  type VerifyOptions,
} from './signature.js';
export { WebhookError, type WebhookErrorCode } from './webhook-error.js';
