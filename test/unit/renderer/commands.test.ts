/** Commands: shortcuts read from key presses as Electron reads accelerators, and the newest handler answering. */
import { describe, expect, it } from 'vitest';
import { handleShortcut, onCommand, runCommand } from '../../../src/renderer/lib/commands';
import { acceleratorMatches, commandForKey, type KeyPress } from '../../../src/shared/app/commands';

const press = (code: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  code,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('shortcuts', () => {
  it('reads CmdOrCtrl as Ctrl off macOS and Cmd on macOS', () => {
    expect(acceleratorMatches('CmdOrCtrl+S', press('KeyS', { ctrlKey: true }), false)).toBe(true);
    expect(acceleratorMatches('CmdOrCtrl+S', press('KeyS', { metaKey: true }), false)).toBe(false);
    expect(acceleratorMatches('CmdOrCtrl+S', press('KeyS', { metaKey: true }), true)).toBe(true);
    expect(acceleratorMatches('CmdOrCtrl+S', press('KeyS', { ctrlKey: true }), true)).toBe(false);
  });

  it('needs every modifier exactly as written', () => {
    expect(commandForKey(press('KeyS', { ctrlKey: true }), false)).toBe('file.save');
    expect(commandForKey(press('KeyS', { ctrlKey: true, shiftKey: true }), false)).toBe('file.saveAs');
    expect(commandForKey(press('KeyS', { ctrlKey: true, altKey: true }), false)).toBeNull();
    expect(commandForKey(press('KeyS'), false)).toBeNull();
  });

  it('reads the digits of the Go shortcuts by key, whatever the keyboard layout types', () => {
    expect(commandForKey(press('Digit1', { ctrlKey: true }), false)).toBe('go.servers');
    expect(commandForKey(press('Digit5', { ctrlKey: true }), false)).toBe('go.results');
    expect(commandForKey(press('Digit6', { ctrlKey: true }), false)).toBeNull();
  });
});

describe('command handlers', () => {
  it('runs the newest handler, and the one before once the newest is removed', () => {
    const ran: string[] = [];
    const stopShell = onCommand('file.open', () => ran.push('shell'));
    const stopScreen = onCommand('file.open', () => ran.push('screen'));
    expect(runCommand('file.open')).toBe(true);
    stopScreen();
    runCommand('file.open');
    stopShell();
    expect(runCommand('file.open')).toBe(false);
    expect(ran).toEqual(['screen', 'shell']);
  });

  it('takes a shortcut from the browser only when a handler answers it', () => {
    let prevented = 0;
    const key = { ...press('KeyE', { ctrlKey: true }), preventDefault: () => void (prevented += 1) };
    expect(handleShortcut(key, false)).toBeNull();
    expect(prevented).toBe(0);
    const stop = onCommand('file.exportReport', () => {});
    expect(handleShortcut(key, false)).toBe('file.exportReport');
    expect(prevented).toBe(1);
    stop();
  });
});
