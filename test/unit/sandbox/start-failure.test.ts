import { describe, expect, it } from 'vitest';
import { startFailureReason } from '../../../src/main/sandbox/start-failure';

describe('startFailureReason', () => {
  it('takes the first [ERROR] that is a cause, without its prefixes', () => {
    expect(
      startFailureReason([
        "2026-11-25T10:00:00.000000Z 0 [ERROR] [MY-000067] [Server] unknown variable 'no-such-option-xyz=1'.",
        '2026-11-25T10:00:00.000000Z 0 [ERROR] [MY-010119] [Server] Aborting',
      ]),
    ).toBe("unknown variable 'no-such-option-xyz=1'");
  });

  it("finds the cause MariaDB writes untagged before its '[ERROR] Aborting' (a datadir it cannot enter)", () => {
    expect(
      startFailureReason([
        '2026-11-25 12:10:51 0 [Warning] Could not increase number of max_open_files to more than 20000 (request: 33033)',
        "/usr/sbin/mariadbd: Can't change dir to '/usr/lab/sandboxes/x/data/' (Errcode: 2 \"No such file or directory\")",
        '2026-11-25 12:10:51 0 [ERROR] Aborting',
      ]),
    ).toBe("Can't change dir to '/usr/lab/sandboxes/x/data/' (Errcode: 2 \"No such file or directory\")");
  });

  it('is null when the server said nothing that reads as an error', () => {
    expect(startFailureReason(['/usr/sbin/mariadbd: ready for connections.'])).toBeNull();
  });
});
