/** Where a port listens, read from the kernel's tables as MySQL 5.5 (no bind_address variable) needs. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listeningAddresses, notLoopback } from '../../../src/main/sandbox/listening';

const dir = mkdtempSync(join(tmpdir(), 'bplab-net-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEAD =
  '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n';

describe('listeningAddresses', () => {
  it('reads loopback, every interface and ::1 from /proc/net tables, listening sockets only', () => {
    writeFileSync(
      join(dir, 'tcp'),
      HEAD +
        '   0: 0100007F:0CEA 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1\n' +
        '   1: 00000000:0CEB 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 2\n' +
        '   2: 0100007F:0CEC 0100007F:D431 01 00000000:00000000 00:00000000 00000000     0        0 3\n',
    );
    writeFileSync(
      join(dir, 'tcp6'),
      HEAD +
        '   0: 00000000000000000000000001000000:0CED 00000000000000000000000000000000:0000 0A 0 0 0 0 0 0 4\n',
    );
    expect(listeningAddresses(3306, dir)).toEqual(['127.0.0.1']);
    expect(listeningAddresses(3307, dir)).toEqual(['*']);
    expect(listeningAddresses(3308, dir)).toBeNull(); // established, not listening
    expect(listeningAddresses(3309, dir)).toEqual(['::1']);
  });

  it("finds this machine's own listening socket on 127.0.0.1, and calls it loopback", async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    try {
      const found = listeningAddresses(port);
      expect(found).toEqual(['127.0.0.1']);
      expect(notLoopback({ bindAddress: found!.join(','), port, mysqlx: null })).toBeNull();
      expect(notLoopback({ bindAddress: '127.0.0.1,*', port, mysqlx: null })).toMatch(
        /not on 127.0.0.1 only/,
      );
    } finally {
      server.close();
    }
  });
});
