import { describe, expect, it } from 'vitest';
import { logExcerpt, startFailureReason } from '../../../src/main/sandbox/start-failure';

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

describe('logExcerpt', () => {
  it("gives a failed mariadb-install-db's errors, not the links it ends every failure with", () => {
    const out = [
      "Installing MariaDB/MySQL system tables in '/tmp/s/data' ...",
      '2026-11-27 18:13:40 0 [ERROR] InnoDB: Cannot allocate memory for the buffer pool',
      '2026-11-27 18:13:40 0 [ERROR] Aborting',
      'Installation of system tables failed!  Examine the logs in',
      '/tmp/s/data for more information.',
      'The latest information about mysql_install_db is available at',
      'https://mariadb.com/docs/server/clients-and-utilities/deployment-tools/mariadb-install-db',
      'You can find the latest source at https://downloads.mariadb.org and',
      'the MariaDB discuss email list at https://lists.mariadb.org/postorius/lists/discuss.lists.mariadb.org/',
      'Please check all of the above before submitting a bug report',
      'at https://mariadb.org/jira',
    ];
    expect(logExcerpt(out)).toBe(`${out[1]}\n${out[2]}`);
  });

  it('gives the last lines when nothing is marked as an error', () => {
    const out = Array.from({ length: 12 }, (_, i) => `line ${i}`);
    expect(logExcerpt(out)).toBe(out.slice(-8).join('\n'));
  });
});
