import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web app lives in src/web and is built to dist/web, which the server serves.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react()],
  build: { outDir: '../../dist/web', emptyOutDir: true, sourcemap: false },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/health': 'http://127.0.0.1:3000',
      '/onlineantrag-sidebar': 'http://127.0.0.1:3000',
      '/tenancy_steps_reconfigured': 'http://127.0.0.1:3000',
      '/tenancy_reservation_steps_reconfigured': 'http://127.0.0.1:3000',
      '/ajax::tenancy_logic': 'http://127.0.0.1:3000',
    },
  },
});
