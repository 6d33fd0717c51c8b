import { describe, expect, it } from 'vitest';
import { subscribeToConnection } from './useOnline';

describe('subscribeToConnection', () => {
  it('tells of going offline and back online, and stops telling once unsubscribed', () => {
    const window = new EventTarget();
    const heard: string[] = [];
    const unsubscribe = subscribeToConnection(window, () => heard.push('change'));

    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    window.dispatchEvent(new Event('resize'));
    expect(heard).toEqual(['change', 'change']);

    unsubscribe();
    window.dispatchEvent(new Event('offline'));
    expect(heard).toHaveLength(2);
  });
});
