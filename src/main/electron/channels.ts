/** The IPC channels between the page and main; both sides import these names. */
export const INVOKE_CHANNEL = 'bplab:invoke';
export const EVENT_CHANNEL = 'bplab:event';
/** The desktop app's file dialogs (open / save as an experiment file): a path, or null when dismissed. */
export const FILE_DIALOG_CHANNEL = 'bplab:file-dialog';
