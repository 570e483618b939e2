/** What the page can rely on: CSS imports (vite), and window.bplab when the Electron preload ran. */
import type { BplabApi, FileDialogs } from '../shared/contract';

declare module '*.css';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in browser mode. */
    bplab?: BplabApi;
    /** The desktop app's open and save dialogs (Electron preload); absent in browser mode. */
    bplabFiles?: FileDialogs;
  }
}
