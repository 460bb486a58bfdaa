import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The studio calls the API on its own origin (`/v1/...`): in development Vite forwards those
// requests to the API, so no CORS set-up is needed and the built files can be served by the API or
// any host that proxies `/v1` the same way.
const apiUrl = process.env.SVC_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
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
  build: { outDir: 'dist', sourcemap: true },
});
