import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The API lives under /api on the same origin; in dev Vite forwards it to the server.
// CIVICDESK_API_URL lets a second server (e.g. on another port) be used without editing this file.
const apiTarget = process.env.CIVICDESK_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // The framework in a chunk of its own: it changes far less often than the app, so browsers
        // keep it cached across releases (and no chunk passes Vite's 500 kB warning).
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler|react-router|@tanstack\/(react-query|query-core))\//.test(id)) return 'framework';
          // Both languages' catalogues change together and apart from the code that shows them.
          if (/\/src\/lib\/(i18n\/(en|es)(-[a-z]+)?\.ts|messages\.ts)$/.test(id)) return 'catalogues';
          return undefined;
        },
      },
    },
  },
});
