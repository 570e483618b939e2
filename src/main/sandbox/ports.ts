/** Loopback port checks for sandboxes: a sandbox only ever listens on 127.0.0.1. */
import { createServer } from 'node:net';
import { AppFailure } from '../../shared/result';

/** Resolves true when nothing listens on 127.0.0.1:port (we could bind it). */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen({ port, host, exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

/** A port the OS says is free right now. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen({ port: 0, host }, () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** The port asked for if it is free (PORT_IN_USE if not), else one the OS says is free. */
export async function choosePort(requested: number | undefined): Promise<number> {
  if (!requested) return freePort();
  if (!(await isPortFree(requested))) {
    throw AppFailure.of(
      'PORT_IN_USE',
      `Port ${requested} on 127.0.0.1 is already in use by another program.`,
      {
        hint: 'Pick another port, or leave the port blank to use a free one.',
        details: { port: requested },
      },
    );
  }
  return requested;
}
