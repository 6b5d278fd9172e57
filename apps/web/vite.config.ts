import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = process.env.CWH_API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/health': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/health': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  build: {
    target: 'es2022',
    rolldownOptions: {
      // The contract package builds zod schemas at module level; the web only takes its constants
      // and types, so its modules are treated as side-effect free to keep zod out of the bundle.
      treeshake: {
        moduleSideEffects: (id: string) => !/packages[\\/]contract[\\/]/.test(id),
      },
    },
  },
});
