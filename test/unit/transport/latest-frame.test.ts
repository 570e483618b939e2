import { describe, expect, it } from 'vitest';
import { LatestFrameGate } from '../../../src/main/transport/latest-frame';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('LatestFrameGate', () => {
  it('delivers at once to a receiver that keeps up', () => {
    const got: string[] = [];
    const gate = new LatestFrameGate<string>(
      () => false,
      (f) => got.push(f),
    );
    gate.offer('run-a', 'a1');
    gate.offer('run-a', 'a2');
    expect(got).toEqual(['a1', 'a2']);
  });

  it('keeps only the latest frame per run while the receiver is busy, then delivers those', async () => {
    const got: string[] = [];
    let busy = true;
    const gate = new LatestFrameGate<string>(
      () => busy,
      (f) => got.push(f),
      5,
    );
    for (let i = 1; i <= 1000; i++) gate.offer('run-a', `a${i}`);
    gate.offer('run-b', 'b1');
    gate.offer('run-b', 'b2');
    expect(gate.waiting).toBe(2);
    await tick(20);
    expect(got).toEqual([]);
    busy = false;
    await tick(30);
    expect(got).toEqual(['a1000', 'b2']);
    expect(gate.waiting).toBe(0);
    gate.close();
  });
});
