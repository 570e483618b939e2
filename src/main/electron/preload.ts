/** Sandboxed preload: exposes window.bplab (the contract) and window.bplabFiles (the file dialogs). See bridge.ts. */
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { createBridgeApi, createFileDialogBridge } from './bridge';

contextBridge.exposeInMainWorld('bplab', createBridgeApi(ipcRenderer));
contextBridge.exposeInMainWorld(
  'bplabFiles',
  createFileDialogBridge(ipcRenderer, (file) => webUtils.getPathForFile(file as File)),
);
