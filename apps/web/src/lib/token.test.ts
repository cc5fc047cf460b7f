import { afterEach, describe, expect, it } from 'vitest';
import { clearToken, getToken, hasToken, isTabSession, setTabToken, setToken } from './token';

afterEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('the stored token', () => {
  it("keeps the browser's login in localStorage, shared by tabs", () => {
    setToken('own');
    expect(getToken()).toBe('own');
    expect(window.localStorage.getItem('storelift.token')).toBe('own');
    expect(isTabSession()).toBe(false);
  });

  it("lets a tab opened as a user run its own session over the browser's login, and give it back", () => {
    setToken('staff');
    setTabToken('customer');
    expect(getToken()).toBe('customer');
    expect(isTabSession()).toBe(true);
    // A rotated token of the tab's session stays in the tab.
    setToken('customer-2');
    expect(getToken()).toBe('customer-2');
    expect(window.localStorage.getItem('storelift.token')).toBe('staff');
    // Ending it drops only the tab's session.
    clearToken();
    expect(getToken()).toBe('staff');
    expect(isTabSession()).toBe(false);
    clearToken();
    expect(hasToken()).toBe(false);
  });
});
