import type { ConnectionsPage } from '../pages/connections-page';

export interface ConnectionEntry {
  name: string;
  host?: string;
  port?: string;
  user?: string;
  password?: string;
}

/** Starts a new connection in the editor and types the entry (fields left out keep their defaults). */
export async function fillNewConnection(connections: ConnectionsPage, entry: ConnectionEntry): Promise<void> {
  await connections.newProfile.click();
  await connections.field('name').fill(entry.name);
  if (entry.host !== undefined) await connections.field('host').fill(entry.host);
  if (entry.port !== undefined) await connections.field('port').fill(entry.port);
  if (entry.user !== undefined) await connections.field('user').fill(entry.user);
  if (entry.password !== undefined) await connections.field('password').fill(entry.password);
}
