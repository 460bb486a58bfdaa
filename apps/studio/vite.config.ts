import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The studio calls the API on its own origin (`/v1/...`): in development Vite forwards those
// requests to the API, so no CORS set-up is needed and the built files can be served by the API or
// any host that proxies `/v1` the same way.
const apiUrl = process.env.SVC_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  // Workspace packages (@svc/sdk) are used from their TypeScript sources, as the tests use them:
  // the Studio needs no package build before it starts.
  resolve: { conditions: ['@svc/source', ...defaultClientConditions] },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.PORT ?? 5174),
    strictPort: true,
    proxy: { '/v1': { target: apiUrl, changeOrigin: false } },
  },
  preview: {
    host: '127.0.0.1',
    port: Number(process.env.PORT ?? 5174),
    proxy: { '/v1': { target: apiUrl } },
  },
  // livekit-client (about 140 KB gzip) is one chunk, loaded only when a preview session starts.
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 600 },
});
