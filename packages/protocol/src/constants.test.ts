import { describe, expect, it } from 'vitest';
import {
  API_PATHS,
  DEFAULT_API_PATH_PREFIX,
  FEATURE_TYPES,
  LIMITS,
  RPC_METHODS,
  SDK_VERSION,
  TOPICS,
  isSuccessCode,
  rpcMethodName,
  storageKeys,
  toolDataTopic,
  toolTimeouts,
} from './index.js';

describe('contract constants', () => {
  it('LIMITS has exactly the contract names and values, plus the 2 s agent-leave grace', () => {
    expect(LIMITS).toEqual({
      EXPIRY_BUFFER_SECONDS: 90,
      AGENT_DEFAULT_MS: 8000,
      FRONTEND_TOOL_MS: 10000,
      UI_ACTIVITY_MS: 3000,
      COMPOSER_START_MS: 10000,
      COMPOSER_END_MS: 15000,
      COMPOSER_CANCEL_MS: 8000,
      AGENT_LEAVE_GRACE_MS: 2000,
    });
  });

  it('TOPICS lists the thirteen topics', () => {
    expect(Object.values(TOPICS).sort()).toEqual(
      [
        'config',
        'config_ack',
        'config_request',
        'message:new',
        'session:end',
        'dictation:transcript',
        'state:update',
        'ui:activity',
        'assistant:interrupt',
        'session:control',
        'event:fire',
        'rt.chat',
        'tool:',
      ].sort(),
    );
    expect(toolDataTopic('search_products')).toBe('tool:search_products');
  });

  it('RPC_METHODS has the four methods with their timeouts', () => {
    expect(RPC_METHODS).toEqual({
      UI_ACTIVITY_CHECK: { method: 'svc__ui_activity_check', timeoutMs: 3000 },
      COMPOSER_START_DICTATION: { method: 'composer_start_dictation', timeoutMs: 10000 },
      COMPOSER_END_DICTATION: { method: 'composer_end_dictation', timeoutMs: 15000 },
      COMPOSER_CANCEL_DICTATION: { method: 'composer_cancel_dictation', timeoutMs: 8000 },
    });
  });

  it('names the feature types, the SDK version and the public API paths', () => {
    expect(Object.values(FEATURE_TYPES)).toEqual([
      'collection:items:search',
      'collection:items:display',
      'collection:items:comparison',
      'bucket:list:crud',
      'workflow:conversation:end',
      'page:tools:custom',
      'webhook:tools:custom',
      'knowledge:documents:search',
    ]);
    expect(SDK_VERSION).toBe('0.3.0');
    expect(DEFAULT_API_PATH_PREFIX + API_PATHS.IDENTIFY).toBe('/v1/public/token');
    expect(DEFAULT_API_PATH_PREFIX + API_PATHS.SESSION).toBe('/v1/public/session');
  });
});

describe('tool helpers', () => {
  it('rpcMethodName prefers frontend_method, else the name', () => {
    expect(rpcMethodName({ name: 'add_to_cart', frontend_method: 'cart_add' })).toBe('cart_add');
    expect(rpcMethodName({ name: 'add_to_cart' })).toBe('add_to_cart');
    expect(rpcMethodName({ name: 'add_to_cart', frontend_method: '' })).toBe('add_to_cart');
  });

  it('toolTimeouts: FRONTEND_TOOL_MS by default, the agent waits past it and never below AGENT_DEFAULT_MS', () => {
    expect(toolTimeouts({})).toEqual({ handlerMs: 10000, agentMs: 11000 });
    expect(toolTimeouts({ rpc_timeout_s: 20 })).toEqual({ handlerMs: 20000, agentMs: 21000 });
    expect(toolTimeouts({ rpc_timeout_s: 2 })).toEqual({ handlerMs: 2000, agentMs: 8000 });
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(toolTimeouts({ rpc_timeout_s: bad }).handlerMs).toBe(10000);
    }
  });

  it('isSuccessCode accepts OK and SUCCESS only', () => {
    expect(isSuccessCode('OK')).toBe(true);
    expect(isSuccessCode('SUCCESS')).toBe(true);
    for (const code of ['ERROR', 'TIMEOUT', 'CANCELLED', 'ok', ''])
      expect(isSuccessCode(code)).toBe(false);
  });
});

describe('storage keys', () => {
  it('builds the blob and pointer keys, joined to a prefix with an underscore', () => {
    expect(storageKeys.session(12)).toBe('svc_session:app:12');
    expect(storageKeys.session(12, 'shop')).toBe('shop_svc_session:app:12');
    expect(storageKeys.scenarioPointer()).toBe('svc_scenario_uuid');
    expect(storageKeys.scenarioPointer('shop')).toBe('shop_svc_scenario_uuid');
    expect(storageKeys.sessionKeyStart('shop')).toBe('shop_svc_session:app:');
  });
});
