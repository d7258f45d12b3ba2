import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://localhost:9528';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 9527,
    strictPort: true,
    host: true,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/connect': { target: api, changeOrigin: false },
      '/.well-known': { target: api, changeOrigin: false },
      '/swagger': { target: api, changeOrigin: false },
      '/signalr-hubs': { target: api, ws: true, changeOrigin: false },
    },
  },
  preview: { port: 9527 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
    manifest: true,
    // two pages: the back office (index.html) and the storefront the server answers at /store/{code}
    // (store.html, its own small bundle: React and the shop, nothing of the back office)
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        store: fileURLToPath(new URL('./store.html', import.meta.url)),
      },
    },
  },
});
