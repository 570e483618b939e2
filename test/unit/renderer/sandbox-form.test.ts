import { describe, expect, it } from 'vitest';
import {
  emptySandboxForm,
  parseOptionLines,
  specFromForm,
  type SandboxForm,
} from '../../../src/renderer/features/sandboxes/utils/sandbox-form';

const form = (patch: Partial<SandboxForm>): SandboxForm => ({
  ...emptySandboxForm(),
  name: 'lab1',
  binaryPath: '/usr/sbin/mariadbd',
  ...patch,
});

describe('parseOptionLines', () => {
  it('reads key=value lines, skipping blanks and comments', () => {
    expect(parseOptionLines('innodb_buffer_pool_instances=1\n\n# note\n--skip-name-resolve = ON \n')).toEqual(
      {
        options: { innodb_buffer_pool_instances: '1', 'skip-name-resolve': 'ON' },
        error: null,
      },
    );
  });

  it('names the line that is not key=value', () => {
    expect(parseOptionLines('a=1\nbogus').error).toBe(
      'line 2: write key=value (e.g. innodb_buffer_pool_instances=1)',
    );
    expect(parseOptionLines('1x=2').error).toBe('line 1: "1x" is not a mysqld option name');
  });
});

describe('specFromForm', () => {
  it('leaves blank fields to the server (a free port, its own LRU defaults)', () => {
    expect(specFromForm(form({}))).toEqual({
      ok: true,
      spec: {
        name: 'lab1',
        binaryPath: '/usr/sbin/mariadbd',
        bufferPoolSize: '128M',
        options: {},
        keepRunning: false,
      },
    });
  });

  it('passes the numbers and options through', () => {
    const checked = specFromForm(
      form({
        port: '40001',
        bufferPoolSize: '1G',
        oldBlocksTimeMs: '0',
        oldBlocksPct: '20',
        options: 'a_b=c',
        keepRunning: true,
      }),
    );
    expect(checked).toEqual({
      ok: true,
      spec: {
        name: 'lab1',
        binaryPath: '/usr/sbin/mariadbd',
        port: 40001,
        bufferPoolSize: '1G',
        oldBlocksTimeMs: 0,
        oldBlocksPct: 20,
        options: { a_b: 'c' },
        keepRunning: true,
      },
    });
  });

  it('puts each problem under its field, in words', () => {
    const checked = specFromForm(
      form({
        name: 'bad name!',
        binaryPath: '',
        port: '99999',
        bufferPoolSize: 'lots',
        oldBlocksPct: '2',
        options: 'x',
      }),
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toEqual({
      name: 'letters, digits, dot, dash and underscore; at most 40 characters',
      binaryPath: 'pick a server binary (Find servers lists them)',
      port: 'a port from 1 to 65535, or blank for a free one',
      bufferPoolSize: 'a whole number of bytes, or a number with a unit K, M, G or T (e.g. 128M or 2G)',
      oldBlocksPct: 'a percentage from 5 to 95',
      options: 'line 1: write key=value (e.g. innodb_buffer_pool_instances=1)',
    });
    const unnamed = specFromForm(form({ name: '' }));
    expect(!unnamed.ok && unnamed.errors.name).toBe('a name is required');
  });

  it('refuses, under Other options, an option bplab owns, naming it and why', () => {
    const checked = specFromForm(form({ options: 'max_connections=50\nloose_bind_address=0.0.0.0' }));
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.errors).toEqual({
      options:
        'loose_bind_address is bind-address, which bplab sets itself: a sandbox listens on 127.0.0.1 only, at the port bplab picks, because its root user has no password.',
    });
  });

  it("refuses, under Buffer pool, a size the chosen server cannot take, naming that server's limit", () => {
    const mysql = { flavor: 'mysql', version: '8.0.31' };
    const checked = specFromForm(form({ bufferPoolSize: '1K' }), mysql);
    expect(!checked.ok && checked.errors).toEqual({
      bufferPoolSize:
        "a buffer pool of 1K is below MySQL 8.0.31's minimum innodb_buffer_pool_size of 5M: the server would quietly raise a smaller size to 5M",
    });
    expect(specFromForm(form({ bufferPoolSize: '5M' }), mysql).ok).toBe(true);
    expect(specFromForm(form({ bufferPoolSize: '5M' }), { flavor: 'mariadb', version: '10.11.19' }).ok).toBe(
      false,
    );
  });
});
