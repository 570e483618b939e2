/** Sandboxed preload: exposes window.bplab (the contract) and nothing else. See bridge.ts. */
import { contextBridge, ipcRenderer } from 'electron';
import { createBridgeApi } from './bridge';

contextBridge.exposeInMainWorld('bplab', createBridgeApi(ipcRenderer));
