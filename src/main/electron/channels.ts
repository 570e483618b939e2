/** The only two IPC channels between the page and main; both sides import these names. */
export const INVOKE_CHANNEL = 'bplab:invoke';
export const EVENT_CHANNEL = 'bplab:event';
