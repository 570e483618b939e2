import { describe, expect, it } from 'vitest';
import { socketUrl, takeToken } from '../../../src/renderer/lib/token';

describe('takeToken', () => {
  it('takes the token from the URL and gives the address without it', () => {
    expect(takeToken('http://127.0.0.1:4000/?token=abc-_1', null)).toEqual({
      token: 'abc-_1',
      cleanUrl: 'http://127.0.0.1:4000/',
    });
    expect(takeToken('http://127.0.0.1:4000/?x=1&token=abc#here', 'old')).toEqual({
      token: 'abc',
      cleanUrl: 'http://127.0.0.1:4000/?x=1#here',
    });
  });

  it('falls back to the stored token after a reload', () => {
    expect(takeToken('http://127.0.0.1:4000/', 'kept')).toEqual({ token: 'kept', cleanUrl: null });
    expect(takeToken('http://127.0.0.1:4000/', null)).toEqual({ token: null, cleanUrl: null });
  });
});

describe('socketUrl', () => {
  it('opens the socket next to the page, with the token', () => {
    expect(socketUrl('http://127.0.0.1:4000/index.html', 'a+b')).toBe('ws://127.0.0.1:4000/ws?token=a%2Bb');
    expect(socketUrl('http://localhost:4000/', 't')).toBe('ws://localhost:4000/ws?token=t');
  });
});
