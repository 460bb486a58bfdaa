// Imports every entry of the built package by its public name, as a user's app would, and checks
// the exports each must have. Run after `npm run build`.
const EXPECTED = {
  '@svc/sdk': ['SvcError'],
  '@svc/sdk/protocol': [
    'TOPICS',
    'LIMITS',
    'RPC_METHODS',
    'SDK_VERSION',
    'toolDataTopic',
    'rpcMethodName',
  ],
  '@svc/sdk/client': [
    'createSvcClient',
    'isTokenExpired',
    'getJWTExpiry',
    'getCompanyIdFromToken',
    'SvcError',
  ],
  '@svc/sdk/content': ['createContentClient', 'SvcError'],
  '@svc/sdk/buckets': ['createBucketClient', 'refreshOnCartChange', 'SvcError'],
  '@svc/sdk/react': [
    'SvcProvider',
    'useSvcSession',
    'FeatureProvider',
    'useFeatures',
    'FeaturePanels',
  ],
  '@svc/sdk/testing': ['FakeTransport', 'fakeConfig', 'TestStorage'],
};

let failures = 0;
for (const [entry, names] of Object.entries(EXPECTED)) {
  try {
    const module = await import(entry);
    const missing = names.filter((name) => !(name in module));
    if (missing.length > 0) {
      failures += 1;
      console.error(`${entry}: missing exports ${missing.join(', ')}`);
    } else {
      console.log(`${entry}: ok (${Object.keys(module).length} exports)`);
    }
  } catch (error) {
    failures += 1;
    console.error(
      `${entry}: cannot be imported: ${error instanceof Error ? error.message : error}`,
    );
  }
}
process.exit(failures === 0 ? 0 : 1);
