/** The renderer's build: src/renderer → dist/renderer, relative paths so it loads from file:// and from `bplab serve`. */
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { CONTENT_SECURITY_POLICY_META } from './src/main/transport/csp';

/** Writes the one CSP (src/main/transport/csp.ts) into index.html's meta tag. */
const contentSecurityPolicy: Plugin = {
  name: 'bplab-csp',
  transformIndexHtml: (html) => html.replace('__BPLAB_CSP__', CONTENT_SECURITY_POLICY_META),
};

export default defineConfig({
  root: 'src/renderer',
  base: './',
  plugins: [react(), contentSecurityPolicy],
  build: {
    outDir: '../../dist/renderer',
    emptyOutDir: true,
    sourcemap: true,
    target: 'chrome120',
    // The preload polyfill would be an inline script, which the CSP forbids; Chromium needs none.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // zod's sources carry /* @__PURE__ */ comments rollup cannot place; they are harmless.
      onwarn: (warning, warn) => {
        if (warning.code !== 'INVALID_ANNOTATION') warn(warning);
      },
    },
  },
});
