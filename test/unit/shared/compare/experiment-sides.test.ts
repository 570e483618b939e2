/**
 * An experiment's configurations as sides: named by what tells them apart, the parts every
 * configuration shares left to the settings table.
 */
import { describe, expect, it } from 'vitest';
import { cellNames } from '../../../../src/shared/compare/grouping';

describe('the names of an experiment’s configurations', () => {
  it('leave out the server and settings every configuration shares', () => {
    const cells = [
      'MySQL 8.0.31 · innodb_buffer_pool_size=128M · innodb_old_blocks_time=1000 · innodb_adaptive_hash_index=ON',
      'MySQL 8.0.31 · innodb_buffer_pool_size=128M · innodb_old_blocks_time=1000 · innodb_adaptive_hash_index=OFF',
      'MySQL 8.0.31 · innodb_buffer_pool_size=128M · innodb_old_blocks_time=0 · innodb_adaptive_hash_index=ON',
    ];
    expect(cells.map(cellNames(cells))).toEqual([
      'innodb_old_blocks_time=1000 · innodb_adaptive_hash_index=ON',
      'innodb_old_blocks_time=1000 · innodb_adaptive_hash_index=OFF',
      'innodb_old_blocks_time=0 · innodb_adaptive_hash_index=ON',
    ]);
  });

  it('keep the server when the servers differ', () => {
    const cells = ['MariaDB 10.11 · innodb_old_blocks_time=0', 'MySQL 8.0.31 · innodb_old_blocks_time=0'];
    expect(cells.map(cellNames(cells))).toEqual(['MariaDB 10.11', 'MySQL 8.0.31']);
  });

  it('keep a single configuration whole, and one that has nothing of its own', () => {
    expect(
      cellNames(['MySQL 8.0.31 · innodb_old_blocks_time=0'])('MySQL 8.0.31 · innodb_old_blocks_time=0'),
    ).toBe('MySQL 8.0.31 · innodb_old_blocks_time=0');
    const cells = ['MySQL 8.0.31', 'MySQL 8.0.31 · innodb_old_blocks_time=0'];
    expect(cells.map(cellNames(cells))).toEqual(['MySQL 8.0.31', 'innodb_old_blocks_time=0']);
  });
});
